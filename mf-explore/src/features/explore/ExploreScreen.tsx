import { Eraser } from 'lucide-react';
import { Button, Page, useMediaQuery } from '@devcircle/ui';
import { EXPLORE_TIMINGS, PHONE_QUERY, type ExploreTimings } from './constants';
import { ExploreResults } from './ExploreResults';
import { SearchBar } from './SearchBar';
import { SkillFilter } from './SkillFilter';
import { TrendingTags } from './TrendingTags';
import { useExplore } from './useExplore';
import styles from './ExploreScreen.module.css';

/** /explore: search developers by text and (on desktop) by skill; in the reading column like every screen. */
export function ExploreScreen({ timings = EXPLORE_TIMINGS }: { timings?: ExploreTimings }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const explore = useExplore(timings);
  // The skill filter is a desktop control; should a window narrow with one set, Clear stays to undo it.
  const showSkillControls = !phone;
  const showClear = explore.filterActive && (!phone || explore.skill !== '');

  return (
    <Page>
      <h1 className={styles.title}>{phone ? 'discover' : 'explore'}</h1>
      <TrendingTags />

      <div className={styles.toolbar}>
        <SearchBar
          term={explore.term}
          onTermChange={explore.setTerm}
          onClear={explore.clearTerm}
          onSearch={explore.searchNow}
        />
        {showSkillControls && (
          <SkillFilter skills={explore.skills} value={explore.skill} onChange={explore.setSkill} />
        )}
        {showClear && (
          <Button
            variant="ghost"
            className={styles.clear}
            icon={<Eraser size={16} aria-hidden="true" />}
            onClick={explore.clearFilters}
          >
            Clear
          </Button>
        )}
      </div>

      <p className={styles.counter} aria-live="polite">
        {explore.counter}
      </p>

      <ExploreResults view={explore.view} phone={phone} onRetry={explore.retry} />
    </Page>
  );
}
