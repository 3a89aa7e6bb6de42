import { UserX } from 'lucide-react';
import { ROUTES } from '@devcircle/contracts';
import { AppLink, EmptyState, buttonClassName } from '@devcircle/ui';

/** 'User Not Found' with the server's message (or the default) and the way on: 'Explore Developers'. */
export function ProfileNotFound({ message }: { message: string }) {
  return (
    <EmptyState
      role="alert"
      tone="warning"
      icon={<UserX size={24} />}
      title="User Not Found"
      message={message}
      action={
        <AppLink to={ROUTES.explore} className={buttonClassName()}>
          Explore Developers
        </AppLink>
      }
    />
  );
}
