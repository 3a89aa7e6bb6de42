import styles from './PostCode.module.css';

/** A post's code snippet: language badge and the code as plain text in a `<pre>` (long lines scroll inside). */
export function PostCode({ code, language }: { code: string; language?: string }) {
  const label = language || 'code';
  return (
    <div className={styles.block}>
      <div className={styles.header}>
        <span className={styles.badge}>{label}</span>
      </div>
      {/* Focusable so keyboard users can scroll long lines. */}
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={`${label} code snippet`}>
        <pre className={styles.pre}>
          <code>{code}</code>
        </pre>
      </div>
    </div>
  );
}
