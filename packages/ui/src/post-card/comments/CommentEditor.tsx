import { CommentForm } from './CommentForm';

interface CommentEditorProps {
  initialText: string;
  saving: boolean;
  onSave(text: string): void;
  onCancel(): void;
}

/** The inline textarea that edits a comment in place. */
export function CommentEditor({ initialText, saving, onSave, onCancel }: CommentEditorProps) {
  return (
    <CommentForm
      label="Edit comment"
      initialText={initialText}
      submitLabel="Save"
      busyLabel="Saving..."
      busy={saving}
      onSubmit={onSave}
      onCancel={onCancel}
    />
  );
}
