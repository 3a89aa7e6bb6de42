import { useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@devcircle/contracts';
import { Button, TextArea } from '@devcircle/ui';
import { useMentionSuggestions } from '../text/useMentionSuggestions';
import styles from './CommentsSection.module.css';

interface CommentEditorProps {
  initialText: string;
  saving: boolean;
  onSave(text: string): void;
  onCancel(): void;
}

/** The inline textarea that edits a comment in place. */
export function CommentEditor({ initialText, saving, onSave, onCancel }: CommentEditorProps) {
  const [text, setText] = useState(initialText);
  const textRef = useRef<HTMLTextAreaElement>(null);
  // `@name` offers members as in the composer (issue 19); the box stays a textbox.
  const mentions = useMentionSuggestions({
    value: text,
    onChange: setText,
    textareaRef: textRef,
    role: 'textbox',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(text);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <TextArea
        label="Edit comment"
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
        <Button type="submit" size="sm" busy={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
