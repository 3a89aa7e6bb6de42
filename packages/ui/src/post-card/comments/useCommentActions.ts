import { useState } from 'react';
import { usePostsApi } from '../posts/api';
import type { Comment, Post } from '../posts/types';
import { failureMessage } from './failureMessage';

interface Handlers {
  onEdited(updated: Post, comment: Comment, text: string): void;
  onDeleted(updated: Post, commentId: string): void;
}

/** Editing and deleting one's own comment; failures are alerted with the server's message (§8). */
export function useCommentActions(postId: string, comment: Comment, { onEdited, onDeleted }: Handlers) {
  const api = usePostsApi();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function save(text: string) {
    const trimmed = text.trim();
    // §4: an empty or unchanged edit is a cancel, without a call.
    if (!trimmed || trimmed === comment.text) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      const updated = await api.editComment(postId, comment._id, trimmed);
      setEditing(false);
      onEdited(updated, comment, trimmed);
    } catch (error) {
      window.alert(failureMessage(error, 'Failed to edit comment'));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      onDeleted(await api.deleteComment(postId, comment._id), comment._id);
    } catch (error) {
      window.alert(failureMessage(error, 'Failed to delete comment'));
    } finally {
      setDeleting(false);
    }
  }

  return {
    editing,
    saving,
    deleting,
    startEditing: () => setEditing(true),
    cancelEditing: () => setEditing(false),
    save,
    remove,
  };
}
