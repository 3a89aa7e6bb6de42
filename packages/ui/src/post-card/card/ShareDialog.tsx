import { useId } from 'react';
import { Check, Copy } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { Button, Dialog, useCopyToClipboard } from '@devcircle/ui';
import styles from './ShareDialog.module.css';

/** How long 'Copied!' shows (product-spec §9). */
const COPIED_MS = 2000;

export interface ShareDialogProps {
  postId: string;
  open: boolean;
  onClose(): void;
}

/** The post's link, read-only, with Copy and Close. The ui Dialog traps focus, closes on Escape, locks scroll. */
export function ShareDialog({ postId, open, onClose }: ShareDialogProps) {
  const { copied, copy } = useCopyToClipboard(COPIED_MS);
  const inputId = useId();
  const link = `${window.location.origin}${ROUTES.post(postId)}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share post"
      description="Anyone with this link can open the post once signed in."
      size="sm"
      actions={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <label htmlFor={inputId} className={styles.label}>
        Post link
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          className={styles.copy}
          onClick={() => void copy(link)}
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        >
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
      </div>
    </Dialog>
  );
}
