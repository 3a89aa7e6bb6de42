import { Navigate, Route, Routes } from 'react-router-dom';
import {
  ROUTE_PATTERNS,
  ROUTES,
  SIGNED_IN_SCREENS,
  SIGNED_OUT_SCREENS,
  type RemoteName,
} from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { LandingPage } from '../features/landing/LandingPage';
import { CreateRedirect } from '../features/pages/CreateRedirect';
import {
  FeaturesPage,
  MessagesComingSoon,
  PrivacyPage,
  SupportPage,
  TermsPage,
} from '../features/pages/lazyPages';
import { RemoteParcel } from '../features/remotes/RemoteParcel';

// `key` makes moving to another remote unmount the previous parcel; within one remote the parcel is updated.
const slot = (remote: RemoteName) => <RemoteParcel key={remote} remote={remote} />;

const messagesOverFeed = (
  <>
    {slot('feed')}
    <MessagesComingSoon />
  </>
);

/** Paths that exist only for signed-in users: signed-out visitors are sent to /login (§2). */
const PROTECTED_PATHS = [
  ROUTES.feed,
  ROUTES.createPost,
  ROUTE_PATTERNS.post,
  ROUTE_PATTERNS.tag,
  ROUTE_PATTERNS.profile,
  ROUTE_PATTERNS.followers,
  ROUTE_PATTERNS.following,
  ROUTES.editProfile,
  ROUTES.explore,
  ROUTES.logoutConfirm,
  ROUTES.settings,
  ROUTES.messages,
  ROUTE_PATTERNS.messagesWith,
  ROUTES.notifications,
  ROUTES.bookmarks,
  ROUTES.moderation,
];

function SignedInRoutes() {
  return (
    <Routes>
      {SIGNED_IN_SCREENS.map(({ path, remote }) => (
        <Route key={path} path={path} element={slot(remote)} />
      ))}
      {/* A dialog, not a page (§2): it opens over the feed. */}
      <Route path={ROUTES.messages} element={messagesOverFeed} />
      <Route path={ROUTE_PATTERNS.messagesWith} element={messagesOverFeed} />
      <Route path={ROUTES.support} element={<SupportPage />} />
      <Route path={ROUTES.privacy} element={<PrivacyPage />} />
      <Route path={ROUTES.terms} element={<TermsPage />} />
      {/* Not in §2's tables; see CreateRedirect and shell/README.md: signed in → /create-post. */}
      <Route path={ROUTES.create} element={<CreateRedirect />} />
      {/* /login, /register, /forgot-password and every unknown path */}
      <Route path="*" element={<Navigate to={ROUTES.feed} replace />} />
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={ROUTES.landing} element={<LandingPage />} />
      {SIGNED_OUT_SCREENS.map(({ path, remote }) => (
        <Route key={path} path={path} element={slot(remote)} />
      ))}
      <Route path={ROUTES.features} element={<FeaturesPage />} />
      <Route path={ROUTES.support} element={<SupportPage />} />
      <Route path={ROUTES.privacy} element={<PrivacyPage />} />
      <Route path={ROUTES.terms} element={<TermsPage />} />
      {/* Not in §2's tables; see CreateRedirect and shell/README.md: signed out → /register. */}
      <Route path={ROUTES.create} element={<CreateRedirect />} />
      {PROTECTED_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to={ROUTES.login} replace />} />
      ))}
      <Route path="*" element={<Navigate to={ROUTES.landing} replace />} />
    </Routes>
  );
}

/** The route tables of product-spec §2, one per auth state; a spinner while the session is being checked. */
export function AppRoutes() {
  const { loading, authenticated } = useAuth();
  if (loading) return <FullPageSpinner />;
  return authenticated ? <SignedInRoutes /> : <SignedOutRoutes />;
}
