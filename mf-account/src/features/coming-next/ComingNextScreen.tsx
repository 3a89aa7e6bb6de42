import { AppLink } from '@devcircle/ui';
import { AuthCard } from '../../components/AuthCard';
import form from '../../components/Form.module.css';

/** Account screens not built yet (settings) say so plainly inside this remote. */
export function ComingNextScreen({ title }: { title: string }) {
  return (
    <AuthCard title={title} subtitle="This screen is coming next.">
      <AppLink to="/" className={form.link}>
        Back to DevCircle
      </AppLink>
    </AuthCard>
  );
}
