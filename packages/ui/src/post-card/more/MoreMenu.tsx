import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useAuth, useSdk } from '@devcircle/sdk/react';
import { MENU_SOURCES } from './sources';
import type { MoreMenuItem, MoreMenuTarget, MoreMenuTools } from './types';
import styles from './MoreMenu.module.css';

export interface MoreMenuProps {
  label: string;
  target: MoreMenuTarget;
  open: boolean;
  onClose(): void;
  trigger: RefObject<HTMLButtonElement | null>;
}

const itemsIn = (menu: HTMLElement | null) =>
  Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/**
 * The menu of a ⋯ button: every source's items for the target (sources.ts), arrow keys, Home/End, Escape and a
 * press outside close it. A chosen item may open a dialog, which stays after the menu has closed.
 */
export default function MoreMenu({ label, target, open, onClose, trigger }: MoreMenuProps) {
  const { api } = useSdk();
  const { user } = useAuth();
  const [dialog, setDialog] = useState<ReactNode>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const tools: MoreMenuTools = {
    api,
    viewerId: user ? (user.id ?? user._id) : undefined,
    openDialog: (render) => setDialog(render(() => setDialog(null))),
  };
  const items: MoreMenuItem[] = MENU_SOURCES.flatMap((source) => source(target, tools));

  useEffect(() => {
    if (!open) return;
    itemsIn(menuRef.current)[0]?.focus();
    const closeOutside = (event: Event) => {
      const node = event.target as Node;
      if (!menuRef.current?.contains(node) && !trigger.current?.contains(node)) onClose();
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open, onClose, trigger]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemsIn(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      onClose();
      trigger.current?.focus();
    } else if (event.key in moves) {
      event.preventDefault();
      list[(moves[event.key]! + list.length) % list.length]?.focus();
    }
  };

  return (
    <>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          ref={menuRef}
          onKeyDown={onKeyDown}
        >
          {items.length === 0 && <p className={styles.empty}>Nothing to do here</p>}
          {items.map(({ key, label: itemLabel, icon: Icon, tone, onSelect }) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              data-item={key}
              className={tone === 'danger' ? `${styles.item} ${styles.danger}` : styles.item}
              onClick={() => {
                onClose();
                onSelect();
              }}
            >
              {Icon && <Icon size={16} aria-hidden="true" />}
              {itemLabel}
            </button>
          ))}
        </div>
      )}
      {dialog}
    </>
  );
}
