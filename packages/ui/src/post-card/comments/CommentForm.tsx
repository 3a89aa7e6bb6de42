import { useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@devcircle/contracts';
import { Button, TextArea } from '@devcircle/ui';
import { useMentionSuggestions } from '../text/useMentionSuggestions';
import styles from './CommentsSection.module.css';

export interface CommentFormProps {
  /** The textarea's label, how it is found ('Your comment', 'Edit comment'). */
  label: string;
  placeholder?: string;
  initialText?: string;
  /** The submit button's words, and while `busy`. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Submit stays off until there is something besides spaces (a new comment). */
  requireText?: boolean;
  onSubmit(text: string): void;
  onCancel(): void;
}

/**
 * A comment's textarea (counted to COMMENT_MAX) with its submit and Cancel, for a new comment and an edit alike.
 * `@name` offers members as in the composer (issue 19); the box stays a textbox.
 */
export function CommentForm({
  label,
  placeholder,
  initialText = '',
  submitLabel,
  busyLabel,
  busy,
  requireText = false,
  onSubmit,
  onCancel,
}: CommentFormProps) {
  const [text, setText] = useState(initialText);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionSuggestions({
    value: text,
    onChange: setText,
    textareaRef: textRef,
    role: 'textbox',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <TextArea
        label={label}
        placeholder={placeholder}
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
        <Button type="submit" size="sm" busy={busy} disabled={requireText && !text.trim()}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
