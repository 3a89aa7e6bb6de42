import { useCallback, useState } from 'react';
import { useAuth } from '@devcircle/sdk/react';
import { EXPLORE_TIMINGS, type ExploreTimings } from './constants';
import { counterText } from './counterText';
import { useResultCard } from './resultCards';
import { skillOptions } from './skillOptions';
import { useDebouncedValue } from './useDebouncedValue';
import { useLinger } from './useLinger';
import { useUserSearch } from './useUserSearch';
import type { ExploreView } from './types';

const EVERYONE = { search: '', skill: '' };

/**
 * The explore screen's state. The newest 50 (loaded once) only say whether anyone else has joined; developers
 * are listed only for a search term or a skill, and the skill dropdown offers the skills of those loaded results
 * (§2, issue 21), not every member's. The term is searched after
 * 500 ms of quiet (or at once with Search), and the loading view lingers 1 s so a fast answer does not flash.
 */
export function useExplore(timings: ExploreTimings = EXPLORE_TIMINGS) {
  const viewerId = useAuth().user?.id;
  const [term, setTerm] = useState('');
  const [skill, setSkill] = useState('');
  const [search, flushSearch] = useDebouncedValue(term.trim(), timings.debounceMs);

  const filtered = search !== '' || skill !== '';
  const everyone = useUserSearch(EVERYONE);
  const results = useUserSearch({ search, skill }, filtered);

  // The cards' code starts loading with the first key typed or skill chosen, side by side with the debounce.
  const filterActive = term.trim() !== '' || skill !== '';
  const card = useResultCard(filterActive || filtered);
  const cardMissing = filtered && card.Card === null && !card.failed;

  const typing = term.trim() !== search;
  const loading = useLinger(typing || everyone.loading || results.loading || cardMissing, timings.lingerMs);
  const shown = filtered ? results : everyone;
  // The viewer is a developer too, but "nobody has joined yet" means nobody besides them.
  const othersJoined = everyone.users.some((user) => user._id !== viewerId && user.id !== viewerId);

  let view: ExploreView;
  if (loading) view = { kind: 'loading' };
  else if (shown.failed || (filtered && card.failed)) view = { kind: 'error' };
  else if (!filtered) view = othersJoined ? { kind: 'no-filter' } : { kind: 'nobody-yet' };
  else if (results.users.length === 0) view = { kind: 'no-results' };
  else if (card.Card) view = { kind: 'results', users: results.users, Card: card.Card };
  else view = { kind: 'loading' };

  const counter =
    filtered && !loading && !results.failed && !card.failed && results.query
      ? counterText(results.users.length, results.query)
      : '';

  const reloadEveryone = everyone.reload;
  const reloadResults = results.reload;
  const reloadCard = card.retry;
  const retry = useCallback(() => {
    reloadEveryone();
    reloadResults();
    reloadCard();
  }, [reloadEveryone, reloadResults, reloadCard]);

  /** Search button / Enter: the box's text now, asked again even when unchanged. */
  const searchNow = useCallback(() => {
    flushSearch();
    reloadResults();
  }, [flushSearch, reloadResults]);

  const clearTerm = useCallback(() => {
    setTerm('');
    flushSearch('');
  }, [flushSearch]);

  const clearFilters = useCallback(() => {
    clearTerm();
    setSkill('');
  }, [clearTerm]);

  return {
    term,
    setTerm,
    skill,
    setSkill,
    skills: skillOptions(filtered ? results.users : [], skill),
    filterActive,
    view,
    counter,
    retry,
    searchNow,
    clearTerm,
    clearFilters,
  };
}
