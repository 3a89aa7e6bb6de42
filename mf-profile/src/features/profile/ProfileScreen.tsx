import { Page } from '@devcircle/ui';
import { ProfileNotFound } from './ProfileNotFound';
import { ProfileSkeleton } from './ProfileSkeleton';
import { LoadedProfile } from './LoadedProfile';
import { useProfile } from './useProfile';

/** /profile/{username} (product-spec §2 Profile): loading, not found, private, or the whole profile. */
export function ProfileScreen({ username }: { username: string }) {
  const { state, refetch, update } = useProfile(username);
  return (
    <Page>
      {state.status === 'loading' && <ProfileSkeleton />}
      {state.status === 'failed' && <ProfileNotFound message={state.message} />}
      {state.status === 'loaded' && (
        <LoadedProfile data={state.data} version={state.version} update={update} refetch={refetch} />
      )}
    </Page>
  );
}
