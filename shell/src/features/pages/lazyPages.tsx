import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import styles from './Pages.module.css';

const pagePending = <div className={styles.pending} aria-busy="true" />;

/** A page whose code comes only when its route is opened; until then its room is kept (no footer jumping up). */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  pending: ReactNode = pagePending,
) {
  const Page = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return function LazyPage() {
    return (
      <Suspense fallback={pending}>
        <Page />
      </Suspense>
    );
  };
}

export const FeaturesPage = lazyPage(() => import('./FeaturesPage'), 'FeaturesPage');
export const SupportPage = lazyPage(() => import('./SupportPage'), 'SupportPage');
export const PrivacyPage = lazyPage(() => import('./LegalPage'), 'PrivacyPage');
export const TermsPage = lazyPage(() => import('./LegalPage'), 'TermsPage');
// A dialog over the feed: nothing to keep room for.
export const MessagesComingSoon = lazyPage(() => import('./MessagesComingSoon'), 'MessagesComingSoon', null);
