import { Alert, Page } from '@devcircle/ui';
import { EditProfileForm } from './EditProfileForm';
import { EditProfileHeader } from './EditProfileHeader';
import { EditProfileSkeleton } from './EditProfileSkeleton';
import { useOwnProfile } from './useOwnProfile';

/** /edit-profile (product-spec §2 Edit profile): the signed-in user's own profile, edited and saved. */
export function EditProfileScreen() {
  const state = useOwnProfile();
  return (
    <Page>
      <EditProfileHeader />
      {state.status === 'loading' && <EditProfileSkeleton />}
      {state.status === 'failed' && <Alert tone="danger">{state.message}</Alert>}
      {state.status === 'loaded' && <EditProfileForm user={state.user} />}
    </Page>
  );
}
