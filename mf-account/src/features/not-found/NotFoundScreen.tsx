import { ROUTES } from '@devcircle/contracts';
import { AppLink } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';

/** A path the shell does not route to this remote (only reachable by mistake): say so and offer the way home. */
export function NotFoundScreen() {
  return (
    <AuthCard title="Page not found" subtitle="There is no account page at this address.">
      <AppLink to={ROUTES.landing} className={form.link}>
        Back to DevCircle
      </AppLink>
    </AuthCard>
  );
}
