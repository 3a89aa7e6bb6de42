import { Check, Copy } from 'lucide-react';
import { IconButton, VisuallyHidden, useCopyToClipboard } from '@devcircle/ui';
import styles from './ProfileHeader.module.css';

/** How long the tick shows after copying (product-spec §9). */
export const USERNAME_COPIED_MS = 1000;

/** Copies the username; a tick for 1 s, announced politely. Clipboard failures are only logged (§8). */
export function CopyUsernameButton({ username }: { username: string }) {
  const { copied, copy } = useCopyToClipboard(USERNAME_COPIED_MS);
  return (
    <>
      <IconButton
        label="Copy username"
        className={styles.copy}
        data-copied={copied || undefined}
        onClick={() => void copy(username)}
      >
        {copied ? (
          <Check size={16} aria-hidden="true" data-testid="copied-tick" />
        ) : (
          <Copy size={16} aria-hidden="true" />
        )}
      </IconButton>
      <VisuallyHidden aria-live="polite">{copied ? 'Username copied' : ''}</VisuallyHidden>
    </>
  );
}
