import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { cx } from '../components/cx';
import { AppLink } from './AppLink';
import styles from './BackLink.module.css';

export interface BackLinkProps {
  /** The app path to go back to. */
  to: string;
  /** The link's text, e.g. 'Back to Feed'. */
  children: ReactNode;
  className?: string;
}

/** The small link at the top of a screen back to where it came from: an arrow and the text, in the link colour. */
export function BackLink({ to, children, className }: BackLinkProps) {
  return (
    <AppLink to={to} className={cx(styles.back, className)}>
      <ArrowLeft size={16} aria-hidden="true" />
      {children}
    </AppLink>
  );
}
