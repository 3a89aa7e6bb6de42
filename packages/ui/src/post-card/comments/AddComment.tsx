import { useRef, useState, type FormEvent } from 'react';
import { MessageSquarePlus } from 'lucide-react';
import { COMMENT_MAX } from '@devcircle/contracts';
import { Button, TextArea } from '@devcircle/ui';
import { usePostsApi } from '../posts/api';
import type { Post } from '../posts/types';
import { useMentionSuggestions } from '../text/useMentionSuggestions';
import styles from './CommentsSection.module.css';

interface AddCommentProps {
  postId: string;
  onAdded(post: Post): void;
}

/** 'Add a comment', then the form; the returned post replaces the card's. A failure is only logged (§8). */
export function AddComment({ postId, onAdded }: AddCommentProps) {
  const api = usePostsApi();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // `@name` offers members as in the composer (issue 19); the box stays a textbox.
  const mentions = useMentionSuggestions({
    value: text,
    onChange: setText,
    textareaRef: textRef,
    role: 'textbox',
  });

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

  const cancel = () => {
    setText('');
    setOpen(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || posting) return;
    setPosting(true);
    try {
      const updated = await api.addComment(postId, trimmed);
      cancel();
      onAdded(updated);
    } catch (error) {
      console.error('Failed to add comment', error);
    } finally {
      setPosting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit}>
      <TextArea
        label="Your comment"
        placeholder="Write a comment..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={COMMENT_MAX}
        showCounter
        rows={3}
        autoFocus
        ref={textRef}
        {...mentions.inputProps}
      />
      {mentions.listbox}
      <div className={styles.formActions}>
        <Button type="submit" size="sm" busy={posting} disabled={!text.trim()}>
          {posting ? 'Posting...' : 'Comment'}
        </Button>
        <Button variant="ghost" size="sm" onClick={cancel} disabled={posting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
