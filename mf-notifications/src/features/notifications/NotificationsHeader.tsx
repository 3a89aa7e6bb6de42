import { useEffect, useRef, useState } from 'react';
import { CheckCheck, Trash2 } from 'lucide-react';
import { Button, ConfirmDialog } from '@devcircle/ui';
import type { PendingAction } from './useNotificationsScreen';
import styles from './NotificationsHeader.module.css';

export interface NotificationsHeaderProps {
  anyUnread: boolean;
  anyListed: boolean;
  pending: PendingAction;
  onMarkAllRead(): Promise<void>;
  onDeleteAll(): Promise<void>;
}

/** The title and the two list actions: 'Mark all as read' and 'Delete all' (after a danger confirm). */
export function NotificationsHeader({
  anyUnread,
  anyListed,
  pending,
  onMarkAllRead,
  onDeleteAll,
}: NotificationsHeaderProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The dialog hands focus back to Delete all, which is disabled once the list is empty: keep it on the page.
  useEffect(() => {
    if (!deleted || confirming) return;
    if (!anyListed) titleRef.current?.focus();
    setDeleted(false);
  }, [deleted, confirming, anyListed]);

  const confirmDeleteAll = async () => {
    await onDeleteAll();
    setDeleted(true);
    setConfirming(false);
  };

  return (
    <header className={styles.header}>
      <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
        Notifications
      </h1>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          size="sm"
          icon={<CheckCheck size={16} aria-hidden="true" />}
          disabled={!anyUnread || pending !== null}
          busy={pending === 'mark-read'}
          onClick={() => void onMarkAllRead()}
        >
          Mark all as read
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className={styles.delete}
          icon={<Trash2 size={16} aria-hidden="true" />}
          disabled={!anyListed || pending !== null}
          onClick={() => setConfirming(true)}
        >
          Delete all
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        tone="danger"
        title="Delete All Notifications?"
        message="This will permanently delete all of your notifications. This action cannot be undone."
        confirmLabel="Delete all"
        busy={pending === 'delete-all'}
        onConfirm={() => void confirmDeleteAll()}
        onCancel={() => setConfirming(false)}
      />
    </header>
  );
}
