import { Page } from '@devcircle/ui';
import { ProfileSkeleton } from './ProfileSkeleton';

/** /profile/{username} while it loads (its code, then the profile): the page with the profile's skeleton. */
export function ProfileLoading() {
  return (
    <Page>
      <ProfileSkeleton />
    </Page>
  );
}
