import { ArrowLeft, Bell, Code2, Search, UserRound, Users, Zap } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { CODE_SNIPPET_MAX, ROUTES } from '@devcircle/contracts';
import { Button, buttonClassName } from '@devcircle/ui';
import styles from './Pages.module.css';

const FEATURES = [
  {
    icon: Code2,
    title: 'Code snippets',
    text: `Post text with an optional snippet of up to ${CODE_SNIPPET_MAX} characters, highlighted in the language you pick.`,
  },
  {
    icon: Users,
    title: 'Follow developers',
    text: 'Follow the people whose code you learn from and see their posts first in your feed.',
  },
  {
    icon: UserRound,
    title: 'A profile that shows your work',
    text: 'Display name, bio, skills and a link to your code-hosting profile, public or private.',
  },
  {
    icon: Search,
    title: 'Explore',
    text: 'Search developers by name or skill and find your next collaborator.',
  },
  {
    icon: Bell,
    title: 'Real-time notifications',
    text: 'Likes, comments and new followers arrive as they happen, with mark-all-read.',
  },
  {
    icon: Zap,
    title: 'Likes and comments',
    text: 'React to posts, discuss them in comments, and share a link to any post.',
  },
];

/** /features (§2): what DevCircle does, links to /register and /explore, a back-home button and its own footer. */
export function FeaturesPage() {
  const navigate = useNavigate();
  return (
    <div className={styles.wide}>
      <Button
        variant="ghost"
        size="sm"
        icon={<ArrowLeft size={18} aria-hidden="true" />}
        className={styles.back}
        onClick={() => navigate(ROUTES.landing)}
      >
        Back to home
      </Button>
      <header className={styles.header}>
        <h1 className={styles.title}>Everything you need to share code</h1>
        <p className={styles.lead}>
          DevCircle is a social network built around code: short posts, real snippets and the developers
          behind them.
        </p>
        <div className={styles.actions}>
          <Link to={ROUTES.register} className={buttonClassName()}>
            Get started free
          </Link>
          <Link to={ROUTES.explore} className={buttonClassName({ variant: 'secondary' })}>
            Explore developers
          </Link>
        </div>
      </header>
      <ul className={styles.featureGrid}>
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className={styles.card}>
            <span className={styles.icon} aria-hidden="true">
              <Icon size={20} />
            </span>
            <h2 className={styles.cardTitle}>{title}</h2>
            <p className={styles.cardText}>{text}</p>
          </li>
        ))}
      </ul>
      <footer className={styles.pageFooter}>
        <p className={styles.muted}>© {new Date().getFullYear()} DevCircle</p>
        <nav aria-label="Features footer" className={styles.footerLinks}>
          <Link to={ROUTES.feed} className={styles.footerLink}>
            Feed
          </Link>
          <Link to={ROUTES.explore} className={styles.footerLink}>
            Explore
          </Link>
          <Link to={ROUTES.create} className={styles.footerLink}>
            Create
          </Link>
        </nav>
      </footer>
    </div>
  );
}
