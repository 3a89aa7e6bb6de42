import styles from './ShellPage.module.css';

/**
 * Features, support, privacy and terms belong to the shell and are built after the foundation; until then the
 * route exists (so links and redirects behave as in §2) and says plainly what it is.
 */
export function ShellPage({ title }: { title: string }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>This page is on its way.</p>
    </div>
  );
}
