import { X } from 'lucide-react';
import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from '../hooks/useBodyScrollLock';
import { focusableIn, useDialogKeyboard } from '../hooks/useDialogKeyboard';
import { cx } from './cx';
import { IconButton } from './IconButton';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  /** Escape, a click on the backdrop and the close button call it; the owner decides whether to close. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title; the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom (right-aligned; full-width on phones). */
  actions?: ReactNode;
  /** What gets focus on open; by default the first control in the content, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The id of the element naming the dialog, when it is not the title. */
  labelledBy?: string;
  size?: 'sm' | 'md';
  /** A decorative icon over the title; the dialog's header is then centred. */
  icon?: ReactNode;
  /** Adds a top-right close button (×) with this accessible name, e.g. "Close". */
  closeLabel?: string;
  /** Makes the content and actions one `<form noValidate>`, so a `type="submit"` action submits it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
}

/**
 * A modal dialog in a portal on `document.body`: `role="dialog"`, `aria-modal`, named by its title. Focus moves
 * in on open, Tab is trapped inside, Escape and a backdrop click call `onClose`, focus returns to whatever
 * had it before on close, and the page behind does not scroll. Below 768 px it is a bottom sheet.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  initialFocus,
  labelledBy,
  size = 'md',
  icon,
  closeLabel,
  onSubmit,
  className,
}: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onKeyDown = useDialogKeyboard(panelRef, onClose);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const content = contentRef.current;
    const target = initialFocus?.current ?? (content && focusableIn(content)[0]) ?? panelRef.current;
    target?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Only on open and close: the initial focus is read once, when the dialog opens.
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const hasContent = children !== undefined || actions !== undefined;
  const contentChildren = (
    <>
      {children !== undefined && <div className={styles.body}>{children}</div>}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </>
  );

  return createPortal(
    <div
      className={styles.overlay}
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panelRef}
        className={cx(
          styles.panel,
          styles[size],
          icon !== undefined && styles.centered,
          closeLabel !== undefined && styles.closable,
          className,
        )}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy ?? titleId}
        aria-describedby={description !== undefined ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {closeLabel !== undefined && (
          <IconButton label={closeLabel} className={styles.close} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </IconButton>
        )}
        <div className={styles.header}>
          {icon !== undefined && (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          )}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description !== undefined && (
            <div id={descriptionId} className={styles.description}>
              {description}
            </div>
          )}
        </div>
        {hasContent &&
          (onSubmit ? (
            <form
              ref={(element) => {
                contentRef.current = element;
              }}
              className={styles.content}
              onSubmit={onSubmit}
              noValidate
            >
              {contentChildren}
            </form>
          ) : (
            <div
              ref={(element) => {
                contentRef.current = element;
              }}
              className={styles.content}
            >
              {contentChildren}
            </div>
          ))}
      </div>
    </div>,
    document.body,
  );
}
