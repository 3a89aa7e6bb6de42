import { Page } from '@devcircle/ui';
import { EditProfileHeader } from './EditProfileHeader';
import { EditProfileSkeleton } from './EditProfileSkeleton';

/** /edit-profile while it loads (its code, then the own profile): the header and the form's skeleton. */
export function EditProfileLoading() {
  return (
    <Page>
      <EditProfileHeader />
      <EditProfileSkeleton />
    </Page>
  );
}
