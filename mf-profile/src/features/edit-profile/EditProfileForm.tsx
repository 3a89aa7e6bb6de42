import { useState, type FormEvent } from 'react';
import { BIO_MAX, DISPLAY_NAME_MAX, ROUTES } from '@devcircle/contracts';
import { useSdk } from '@devcircle/sdk/react';
import { Alert, Button, cardClassName, cx, TextArea, TextField } from '@devcircle/ui';
import type { ProfileView } from '../users/types';
import { formValuesOf, type ProfileFormValues } from './profileForm';
import { SkillsEditor } from './SkillsEditor';
import { useSaveProfile } from './useSaveProfile';
import styles from './EditProfileScreen.module.css';

/** The edit form: Display Name, Bio (n/500), Skills, GitHub Profile URL; Cancel and Save Changes. */
export function EditProfileForm({ user }: { user: ProfileView }) {
  const sdk = useSdk();
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesOf(user));
  const { state, save } = useSaveProfile();
  const locked = state.status === 'saving' || state.status === 'saved';

  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!locked) void save(values);
  };

  return (
    <form
      className={cx(cardClassName({ padding: 'none', stack: false }), styles.form)}
      onSubmit={submit}
      aria-label="Edit profile"
      // The browser's URL check would refuse a field of spaces with a tooltip and no way forward; spaces mean
      // "no link" here and the users service validates the link, its message shown in the banner (§8).
      noValidate
    >
      <TextField
        label="Display Name"
        value={values.displayName}
        maxLength={DISPLAY_NAME_MAX}
        autoComplete="nickname"
        disabled={locked}
        onChange={(event) => set('displayName', event.target.value)}
      />
      <TextArea
        label="Bio"
        value={values.bio}
        maxLength={BIO_MAX}
        showCounter
        rows={5}
        placeholder="Tell other developers about yourself"
        disabled={locked}
        onChange={(event) => set('bio', event.target.value)}
      />
      <SkillsEditor skills={values.skills} onChange={(skills) => set('skills', skills)} disabled={locked} />
      <TextField
        label="GitHub Profile URL"
        type="url"
        inputMode="url"
        value={values.githubLink}
        placeholder="https://github.com/your-name"
        disabled={locked}
        onChange={(event) => set('githubLink', event.target.value)}
      />
      {state.status === 'failed' && <Alert tone="danger">{state.message}</Alert>}
      {state.status === 'saved' && <Alert tone="success">Profile updated successfully!</Alert>}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          disabled={state.status === 'saving'}
          onClick={() => sdk.navigation.navigate(ROUTES.profile(user.username))}
        >
          Cancel
        </Button>
        <Button type="submit" disabled={locked}>
          {state.status === 'saving' ? 'Saving Changes...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
