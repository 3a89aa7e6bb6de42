import { ArrowRight, LogIn } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ReportBugButton } from '../bug-report/ReportBugButton';
import styles from './LandingPage.module.css';
import { SupportFab } from './SupportFab';

const SNIPPET = `const circle = await devcircle.join({
  skills: ['TypeScript', 'React', 'Rust'],
});

circle.share(snippet); // hello, world`;

/** The signed-out landing hero (§1); counters and sample cards come with the full landing page. */
export function LandingPage() {
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.copy}>
          <p className={styles.eyebrow}>The social network for developers</p>
          <h1 id="landing-title" className={styles.title}>
            Share code. <span className={styles.accent}>Connect with developers.</span> Build your portfolio.
          </h1>
          <p className={styles.lead}>
            Post snippets with syntax highlighting, follow the people whose code you learn from, and keep a
            profile that shows what you actually build.
          </p>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primary}>
              Get Started Free
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
            <Link to="/login" className={styles.secondary}>
              <LogIn size={18} aria-hidden="true" />
              I&apos;m Already In
            </Link>
          </div>
        </div>
        <figure className={styles.card} aria-label="A sample post">
          <figcaption className={styles.cardHeader}>
            <span className={styles.cardDots} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className={styles.cardLang}>TypeScript</span>
          </figcaption>
          <pre className={styles.code}>
            <code>{SNIPPET}</code>
          </pre>
        </figure>
      </section>
      <aside className={styles.closing} aria-label="Help and feedback">
        <p className={styles.closingText}>Found something broken? Tell us and we&apos;ll fix it.</p>
        <div className={styles.closingLinks}>
          <Link to="/support" className={styles.closingLink}>
            Support
          </Link>
          <ReportBugButton className={styles.closingLink} />
        </div>
      </aside>
      <SupportFab />
    </div>
  );
}
