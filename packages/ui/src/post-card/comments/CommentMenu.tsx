import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Ellipsis, Pencil, Trash2 } from 'lucide-react';
import { IconButton } from '@devcircle/ui';
import styles from './CommentMenu.module.css';

interface CommentMenuProps {
  onEdit(): void;
  onDelete(): void;
}

const items = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** The '…' menu on one's own comment: Edit and Delete, arrow keys between them, closes on Escape or outside. */
export function CommentMenu({ onEdit, onDelete }: CommentMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    items(menuRef.current)[0]?.focus();
    const closeOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key in moves) {
      event.preventDefault();
      list[(moves[event.key]! + list.length) % list.length]?.focus();
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <IconButton
        ref={triggerRef}
        label="Comment actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className={styles.trigger}
      >
        <Ellipsis aria-hidden="true" size={18} />
      </IconButton>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Comment actions"
          className={styles.menu}
          ref={menuRef}
          onKeyDown={onMenuKeyDown}
        >
          <button type="button" role="menuitem" className={styles.item} onClick={choose(onEdit)}>
            <Pencil aria-hidden="true" size={16} />
            Edit
          </button>
          <button
            type="button"
            role="menuitem"
            className={`${styles.item} ${styles.danger}`}
            onClick={choose(onDelete)}
          >
            <Trash2 aria-hidden="true" size={16} />
            Delete
          </button>
        </div>
      )}
    </div>
  );
}
