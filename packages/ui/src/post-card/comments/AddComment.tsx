import { useState } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import { Button } from '@devcircle/ui';
import { usePostsApi } from '../posts/api';
import type { Post } from '../posts/types';
import { CommentForm } from './CommentForm';
import styles from './CommentsSection.module.css';

interface AddCommentProps {
  postId: string;
  onAdded(post: Post): void;
}

/** 'Add a comment', then the form; the returned post replaces the card's. A failure is only logged (§8). */
export function AddComment({ postId, onAdded }: AddCommentProps) {
  const api = usePostsApi();
  const [open, setOpen] = useState(false);
  const [posting, setPosting] = useState(false);

  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        icon={<MessageSquarePlus aria-hidden="true" size={16} />}
        onClick={() => setOpen(true)}
        className={styles.addButton}
      >
        Add a comment
      </Button>
    );
  }

  const submit = async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || posting) return;
    setPosting(true);
    try {
      const updated = await api.addComment(postId, trimmed);
      setOpen(false);
      onAdded(updated);
    } catch (error) {
      console.error('Failed to add comment', error);
    } finally {
      setPosting(false);
    }
  };

  return (
    <CommentForm
      label="Your comment"
      placeholder="Write a comment..."
      submitLabel="Comment"
      busyLabel="Posting..."
      busy={posting}
      requireText
      onSubmit={(text) => void submit(text)}
      onCancel={() => setOpen(false)}
    />
  );
}
