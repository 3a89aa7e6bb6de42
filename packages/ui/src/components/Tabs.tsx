import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Tabs.module.css';

export interface Tab<K extends string = string> {
  key: K;
  label: string;
  /** The tab's own panel, kept mounted while hidden (when the tabs have no `children`). */
  panel?: ReactNode;
}

export interface TabsProps<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly Tab<K>[];
  /** Controlled: the chosen tab and what choosing one does (e.g. the feed's remembered scope). */
  selected?: K;
  onSelect?(key: K): void;
  /**
   * One panel that every tab controls, its content following the chosen tab (the feed). Without it, each tab's
   * `panel` stays mounted and hidden when not chosen, so it keeps its state (the profile's loaded posts).
   */
  children?: ReactNode;
}

/**
 * `@devcircle/ui/tabs`, an entry of its own (not in the shared index, which the shell provides whole and never
 * shows tabs): bundled by the remotes that use it, the feed and the profile.
 *
 * The WAI-ARIA tabs pattern with automatic activation: the arrow keys, Home and End move to a tab and choose it,
 * Tab goes on into the panel. Uncontrolled (the first tab first) unless `selected` is given.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const [own, setOwn] = useState<K | undefined>(tabs[0]?.key);
  const active = selected ?? own;
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const shared = children !== undefined;
  const panelId = (key: K) => `${baseId}-panel${shared ? '' : `-${key}`}`;

  const choose = (key: K) => {
    setOwn(key);
    onSelect?.(key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const at = (moves[event.key] + tabs.length) % tabs.length;
    choose(tabs[at].key);
    tabRefs.current[at]?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {tabs.map((tab, index) => {
          const isActive = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isActive}
              aria-controls={panelId(tab.key)}
              tabIndex={isActive ? 0 : -1}
              className={cx(styles.tab, isActive && styles.selected)}
              onClick={() => choose(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {shared && active !== undefined ? (
        <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className={styles.panel}>
          {children}
        </div>
      ) : (
        tabs.map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={panelId(tab.key)}
            aria-labelledby={tabId(tab.key)}
            hidden={tab.key !== active}
            // A panel may start with text only: focusable, so Tab from the list reaches it.
            tabIndex={0}
            className={styles.panel}
          >
            {tab.panel}
          </div>
        ))
      )}
    </div>
  );
}
