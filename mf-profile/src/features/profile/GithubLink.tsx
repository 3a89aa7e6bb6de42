import { ExternalLink, GitBranch } from 'lucide-react';
import { VisuallyHidden } from '@devcircle/ui';
import styles from './GithubLink.module.css';

/** The code-hosting profile, in a new tab (the opened page gets no handle on this one). */
export function GithubLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.link}>
      <GitBranch size={16} aria-hidden="true" className={styles.icon} />
      <span className={styles.text}>{href.replace(/^https?:\/\//, '')}</span>
      <ExternalLink size={14} aria-hidden="true" className={styles.icon} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </a>
  );
}
