import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { Alert, BackLink, Page } from '@devcircle/ui';
import { EditProfileForm } from './EditProfileForm';
import { EditProfileSkeleton } from './EditProfileSkeleton';
import { useOwnProfile } from './useOwnProfile';
import styles from './EditProfileScreen.module.css';

/** /edit-profile (product-spec §2 Edit profile): the signed-in user's own profile, edited and saved. */
export function EditProfileScreen() {
  const { user } = useAuth();
  const state = useOwnProfile();
  const username = user?.username ?? '';
  return (
    <Page>
      <BackLink to={ROUTES.profile(username)}>Back to profile</BackLink>
      <h1 className={styles.title}>Edit Profile</h1>
      {state.status === 'loading' && <EditProfileSkeleton />}
      {state.status === 'failed' && <Alert tone="danger">{state.message}</Alert>}
      {state.status === 'loaded' && <EditProfileForm user={state.user} />}
    </Page>
  );
}
