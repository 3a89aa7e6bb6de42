import { Link } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import styles from './Pages.module.css';

/** /privacy: what DevCircle keeps, why, and how to remove it. */
export function PrivacyPage() {
  return (
    <article className={styles.prose}>
      <h1 className={styles.title}>Privacy</h1>
      <p className={styles.lead}>
        The short version: we keep what the product needs to work, and nothing else.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>
          <strong>Account:</strong> username, e-mail address, a hashed password (never the password itself),
          and the profile you fill in: display name, bio, skills, a code-hosting link and the public/private
          setting.
        </li>
        <li>
          <strong>Posts:</strong> the text and code snippets you publish, with their likes and comments.
        </li>
        <li>
          <strong>Follows:</strong> who you follow and who follows you.
        </li>
        <li>
          <strong>Notifications:</strong> likes, comments and follows addressed to you, until you delete them.
        </li>
      </ul>
      <h2>What we do not do</h2>
      <p>
        We do not sell your data, show third-party ads or track you across other sites. Your session is a
        token stored in your browser; signing out removes it.
      </p>
      <h2>Private profiles</h2>
      <p>
        A private profile hides your details from people who do not follow you. You can switch it in Settings
        at any time.
      </p>
      <h2>Deleting your account</h2>
      <p>
        Go to <strong>Settings → Delete Account</strong> and confirm. You are signed out at once, and your
        account data is removed within 30 days. Questions? <Link to={ROUTES.support}>Contact support</Link>.
      </p>
    </article>
  );
}

/** /terms: acceptable use and no warranty, in plain words. */
export function TermsPage() {
  return (
    <article className={styles.prose}>
      <h1 className={styles.title}>Terms</h1>
      <p className={styles.lead}>By using DevCircle you agree to these terms. They are short on purpose.</p>
      <h2>Your account</h2>
      <p>
        You are responsible for what is posted from your account. Keep your password to yourself; if you think
        someone else has it, change it in Settings.
      </p>
      <h2>Acceptable use</h2>
      <ul>
        <li>Share code and posts you have the right to share, and credit others&apos; work.</li>
        <li>No harassment, hate speech, spam or impersonation.</li>
        <li>No malware, credentials, secrets or other people&apos;s personal data in snippets.</li>
        <li>Do not try to break, overload or scrape the service.</li>
      </ul>
      <p>
        We may remove content or suspend accounts that break these rules. Reports are reviewed within 24
        hours.
      </p>
      <h2>Your content</h2>
      <p>
        You keep ownership of what you post. You allow DevCircle to store and show it to other members as part
        of the service. Delete a post and it is gone from the service.
      </p>
      <h2>No warranty</h2>
      <p>
        DevCircle is provided &ldquo;as is&rdquo;, without warranty of any kind. Code shared by members is
        theirs and comes with no guarantee that it works or is safe: read it before you run it. We are not
        liable for losses arising from use of the service.
      </p>
      <p className={styles.muted}>
        See also the <Link to={ROUTES.privacy}>privacy notice</Link>.
      </p>
    </article>
  );
}
