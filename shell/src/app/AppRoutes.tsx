import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuth } from '@devcircle/sdk/react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { LandingPage } from '../features/landing/LandingPage';
import { MessagesComingSoon } from '../features/pages/MessagesComingSoon';
import { CreateRedirect } from '../features/pages/CreateRedirect';
import { FeaturesPage } from '../features/pages/FeaturesPage';
import { PrivacyPage, TermsPage } from '../features/pages/LegalPage';
import { SupportPage } from '../features/pages/SupportPage';
import { RemoteParcel } from '../features/remotes/RemoteParcel';
import type { RemoteName } from '../features/remotes/remoteNames';

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
  '/feed',
  '/create-post',
  '/post/:id',
  '/profile/:username',
  '/profile/:username/followers',
  '/profile/:username/following',
  '/edit-profile',
  '/explore',
  '/logout-confirm',
  '/settings',
  '/messages',
  '/messages/:username',
  '/notifications',
];

function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/" element={slot('feed')} />
      <Route path="/feed" element={slot('feed')} />
      <Route path="/create-post" element={slot('feed')} />
      <Route path="/post/:id" element={slot('feed')} />
      <Route path="/profile/:username" element={slot('profile')} />
      <Route path="/profile/:username/followers" element={slot('profile')} />
      <Route path="/profile/:username/following" element={slot('profile')} />
      <Route path="/edit-profile" element={slot('profile')} />
      <Route path="/explore" element={slot('explore')} />
      <Route path="/notifications" element={slot('notifications')} />
      <Route path="/logout-confirm" element={slot('account')} />
      <Route path="/settings" element={slot('account')} />
      {/* A dialog, not a page (§2): it opens over the feed. */}
      <Route path="/messages" element={messagesOverFeed} />
      <Route path="/messages/:username" element={messagesOverFeed} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      {/* Not in §2's tables; see CreateRedirect and shell/README.md: signed in → /create-post. */}
      <Route path="/create" element={<CreateRedirect />} />
      {/* /login, /register, /forgot-password and every unknown path */}
      <Route path="*" element={<Navigate to="/feed" replace />} />
    </Routes>
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={slot('account')} />
      <Route path="/register" element={slot('account')} />
      <Route path="/forgot-password" element={slot('account')} />
      <Route path="/reset-password" element={slot('account')} />
      <Route path="/features" element={<FeaturesPage />} />
      <Route path="/support" element={<SupportPage />} />
      <Route path="/privacy" element={<PrivacyPage />} />
      <Route path="/terms" element={<TermsPage />} />
      {/* Not in §2's tables; see CreateRedirect and shell/README.md: signed out → /register. */}
      <Route path="/create" element={<CreateRedirect />} />
      {PROTECTED_PATHS.map((path) => (
        <Route key={path} path={path} element={<Navigate to="/login" replace />} />
      ))}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** The route tables of product-spec §2, one per auth state; a spinner while the session is being checked. */
export function AppRoutes() {
  const { loading, authenticated } = useAuth();
  if (loading) return <FullPageSpinner />;
  return authenticated ? <SignedInRoutes /> : <SignedOutRoutes />;
}
