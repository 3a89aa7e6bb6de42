import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { FEED_SCOPES, type FeedScope } from '@devcircle/contracts';
import { cx } from '@devcircle/ui';
import styles from './FeedTabs.module.css';

const LABELS: Record<FeedScope, string> = { everyone: 'Everyone', following: 'Following' };
const tabId = (scope: FeedScope) => `feed-tab-${scope}`;
const PANEL_ID = 'feed-panel';

/**
 * Everyone | Following: the WAI-ARIA tabs pattern with automatic activation (arrow keys, Home and End move and
 * select, Tab goes on into the list). One panel shows the chosen feed; both tabs control it.
 */
export function FeedTabs({
  scope,
  onChange,
  children,
}: {
  scope: FeedScope;
  onChange: (scope: FeedScope) => void;
  children: ReactNode;
}) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const at = (index + FEED_SCOPES.length) % FEED_SCOPES.length;
    onChange(FEED_SCOPES[at]);
    tabs.current[at]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: FEED_SCOPES.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  };

  return (
    <>
      <div role="tablist" aria-label="Feed" className={styles.tablist}>
        {FEED_SCOPES.map((each, index) => {
          const selected = each === scope;
          return (
            <button
              key={each}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(each)}
              aria-selected={selected}
              aria-controls={PANEL_ID}
              tabIndex={selected ? 0 : -1}
              className={cx(styles.tab, selected && styles.selected)}
              onClick={() => onChange(each)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {LABELS[each]}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(scope)} className={styles.panel}>
        {children}
      </div>
    </>
  );
}
