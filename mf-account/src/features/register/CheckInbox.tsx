import { ROUTES } from '@devcircle/contracts';
import { Alert, AppLink, Button } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';
import type { PendingRegistration } from './useRegister';

/**
 * After a registration was sent: the server's message and where the mail went. The same whether or not the
 * address already had an account (its owner got a note instead of a link), so nothing here may say which.
 */
export function CheckInbox({
  pending,
  onStartOver,
}: {
  pending: PendingRegistration;
  onStartOver: () => void;
}) {
  return (
    <AuthCard
      title="Check your inbox"
      focusTitle
      footer={
        <>
          Already have an account?{' '}
          <AppLink to={ROUTES.login} className={form.link}>
            Sign in
          </AppLink>
        </>
      }
    >
      <div className={form.form}>
        <Alert tone="success">{pending.message}</Alert>
        <p className={form.hint}>
          We sent a message to <strong>{pending.email}</strong>. Open the link in it to finish creating your
          account. You can close this page.
        </p>
        <p className={form.hint}>
          Nothing after a few minutes? Look in your spam folder, or check the address and send the form again.
        </p>
        <Button variant="secondary" fullWidth onClick={onStartOver}>
          Use another email
        </Button>
      </div>
    </AuthCard>
  );
}
