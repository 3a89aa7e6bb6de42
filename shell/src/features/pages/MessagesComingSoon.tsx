import { MessageSquare } from 'lucide-react';
import styles from './ShellPage.module.css';

/** /messages and /messages/:username: messaging is only a coming-soon placeholder (§1). */
export function MessagesComingSoon() {
  return (
    <div className={styles.page}>
      <div className={styles.panel} role="status">
        <span className={styles.icon} aria-hidden="true">
          <MessageSquare size={22} />
        </span>
        <h1 className={styles.title}>Messages Coming Soon!</h1>
        <p className={styles.text}>Real-time chat and messaging is on the way.</p>
      </div>
    </div>
  );
}
