import { useRef } from 'react';
import { MessageSquare } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import { Button, Dialog } from '@devcircle/ui';

/**
 * /messages and /messages/:username (§1, §2): messaging is only a coming-soon DIALOG, not a page. Escape, the
 * close button, "Got it" or a click on the backdrop go back to the previous route, or to /feed when the dialog
 * was the first entry (a fresh tab or a typed address).
 */
export function MessagesComingSoon() {
  const navigate = useNavigate();
  const location = useLocation();
  const okRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(ROUTES.feed, { replace: true });
  };

  return (
    <Dialog
      open
      onClose={close}
      title="Messages Coming Soon!"
      description="Real-time chat and messaging is on the way."
      icon={<MessageSquare size={22} />}
      closeLabel="Close"
      size="sm"
      initialFocus={okRef}
      actions={
        <Button ref={okRef} onClick={close}>
          Got it
        </Button>
      }
    />
  );
}
