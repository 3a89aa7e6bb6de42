import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { MessageSquare, X } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDialogKeyboard } from '../../hooks/useDialogKeyboard';
import styles from './Pages.module.css';

/**
 * /messages and /messages/:username (§1, §2): messaging is only a coming-soon DIALOG, not a page. Escape, the
 * close button, "Got it" or a click on the backdrop go back to the previous route, or to /feed when the dialog
 * was the first entry (a fresh tab or a typed address).
 */
export function MessagesComingSoon() {
  const navigate = useNavigate();
  const location = useLocation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    okRef.current?.focus();
  }, []);

  const close = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/feed', { replace: true });
  };

  const onKeyDown = useDialogKeyboard(dialogRef, close);

  return createPortal(
    <div className={styles.overlay} onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <button type="button" className={styles.dialogClose} aria-label="Close" onClick={close}>
          <X size={20} aria-hidden="true" />
        </button>
        <span className={styles.icon} aria-hidden="true">
          <MessageSquare size={22} />
        </span>
        <h2 id={titleId} className={styles.dialogTitle}>
          Messages Coming Soon!
        </h2>
        <p id={textId} className={styles.muted}>
          Real-time chat and messaging is on the way.
        </p>
        <button ref={okRef} type="button" className={styles.primary} onClick={close}>
          Got it
        </button>
      </div>
    </div>,
    document.body,
  );
}
