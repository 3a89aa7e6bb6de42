import { RefreshCw, SearchX, Telescope, UsersRound } from 'lucide-react';
import { Alert, Button, EmptyState, VisuallyHidden } from '@devcircle/ui';
import { ExploreCardSkeleton } from './ExploreCardSkeleton';
import { EXPLORE_ERROR_MESSAGE } from './api';
import type { ExploreView } from './types';
import styles from './ExploreResults.module.css';

const SKELETON_COUNT = 6;

export interface ExploreResultsProps {
  view: ExploreView;
  /** Phones: cards expand on tap. */
  phone: boolean;
  onRetry(): void;
}

/** The area under the filters: skeletons, the error, the result grid or the right empty state. */
export function ExploreResults({ view, phone, onRetry }: ExploreResultsProps) {
  switch (view.kind) {
    case 'loading':
      return (
        <div className={styles.grid} aria-busy="true">
          <VisuallyHidden role="status">Searching developers</VisuallyHidden>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <ExploreCardSkeleton key={index} />
          ))}
        </div>
      );
    case 'error':
      return (
        <div className={styles.error}>
          <Alert tone="danger">{EXPLORE_ERROR_MESSAGE}</Alert>
          <Button variant="secondary" icon={<RefreshCw size={16} aria-hidden="true" />} onClick={onRetry}>
            Try again
          </Button>
        </div>
      );
    case 'results':
      return (
        <ul className={styles.grid} aria-label="Developers">
          {view.users.map((user) => (
            <li key={user._id} className={styles.item}>
              <view.Card user={user} expandable={phone} />
            </li>
          ))}
        </ul>
      );
    case 'no-results':
      return (
        <EmptyState
          icon={<SearchX size={24} />}
          title="No developers found"
          message="Try adjusting your search criteria or clear the filters."
        />
      );
    case 'no-filter':
      return (
        <EmptyState
          icon={<Telescope size={24} />}
          title="Search for developers"
          message="Enter a search term or select a skill to find developers."
        />
      );
    case 'nobody-yet':
      return (
        <EmptyState
          icon={<UsersRound size={24} />}
          title="No developers have joined yet. Be the first to connect!"
        />
      );
  }
}
