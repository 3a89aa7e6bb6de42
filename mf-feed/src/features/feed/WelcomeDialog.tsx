import { Sparkles } from 'lucide-react';
import { Button, Dialog } from '@devcircle/ui';

export interface WelcomeDialogProps {
  open: boolean;
  /** Load Posts, Escape, the backdrop and the close button all mean "done here". */
  onDone(): void;
}

/** The once-per-session welcome shown before the feed's first load. */
export function WelcomeDialog({ open, onDone }: WelcomeDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onDone}
      title="Welcome to Feed"
      description="See what developers in the community are sharing: posts, code snippets and discussions, newest first."
      icon={<Sparkles size={24} />}
      closeLabel="Close"
      size="sm"
      actions={<Button onClick={onDone}>Load Posts</Button>}
    />
  );
}
