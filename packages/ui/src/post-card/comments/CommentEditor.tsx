import { useState, type FormEvent } from 'react';
import { COMMENT_MAX } from '@devcircle/contracts';
import { Button, TextArea } from '@devcircle/ui';
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
      />
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
