import { ROUTES } from '@devcircle/contracts';
import { useAuth } from '@devcircle/sdk/react';
import { BackLink } from '@devcircle/ui';
import styles from './EditProfileScreen.module.css';

/** The way back to the own profile and the title: the same while the form loads and once it has. */
export function EditProfileHeader() {
  const { user } = useAuth();
  return (
    <>
      <BackLink to={ROUTES.profile(user?.username ?? '')}>Back to profile</BackLink>
      <h1 className={styles.title}>Edit Profile</h1>
    </>
  );
}
