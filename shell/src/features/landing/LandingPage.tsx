import { ArrowRight, Heart, LogIn, MessageCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ROUTES } from '@devcircle/contracts';
import { Avatar, buttonClassName, VisuallyHidden } from '@devcircle/ui';
import { ReportBugButton } from '../bug-report/ReportBugButton';
import styles from './LandingPage.module.css';
import { SupportFab } from './SupportFab';

const SNIPPET = `const circle = await devcircle.join({
  skills: ['TypeScript', 'React', 'Rust'],
});

circle.share(snippet); // hello, world`;

const COUNTERS = [
  { value: '10K+', label: 'Active developers' },
  { value: '50K+', label: 'Code snippets' },
  { value: '100K+', label: 'Lines of code' },
  { value: '24/7', label: 'Support' },
];

interface SampleCard {
  name: string;
  handle: string;
  time: string;
  text: string;
  language: string;
  code: string;
  likes: number;
  comments: number;
}

/** Static sample posts: what a DevCircle card looks like, with a code block. */
const SAMPLES: SampleCard[] = [
  {
    name: 'Maya Chen',
    handle: 'mayacodes',
    time: '2h ago',
    text: 'Finally a debounce I understand. No library, eight lines.',
    language: 'JavaScript',
    code: `function debounce(fn, ms = 300) {
  let timer;
  return (...a) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...a), ms);
  };
}`,
    likes: 128,
    comments: 14,
  },
  {
    name: 'Diego Ramírez',
    handle: 'diego_rs',
    time: '5h ago',
    text: 'Rust iterators keep surprising me. Word count in one expression:',
    language: 'Rust',
    code: `let counts = text
    .split_whitespace()
    .fold(HashMap::new(), |mut m, w| {
        *m.entry(w).or_insert(0) += 1;
        m
    });`,
    likes: 86,
    comments: 9,
  },
  {
    name: 'Priya Nair',
    handle: 'priya.py',
    time: 'Just now',
    text: 'TIL: functools.cache makes recursive Fibonacci instant.',
    language: 'Python',
    code: `from functools import cache

@cache
def fib(n: int) -> int:
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)`,
    likes: 42,
    comments: 5,
  },
];

const PLATFORM_LINKS = [
  { to: ROUTES.features, label: 'Features' },
  { to: ROUTES.register, label: 'Create account' },
  { to: ROUTES.login, label: 'Sign in' },
  { to: ROUTES.create, label: 'Share a snippet' },
];

const COMMUNITY_LINKS = [
  { to: ROUTES.support, label: 'Support' },
  { to: `${ROUTES.support}#guidelines`, label: 'Community guidelines' },
  { to: ROUTES.privacy, label: 'Privacy' },
  { to: ROUTES.terms, label: 'Terms' },
];

/** The signed-out landing (§1): hero, counters, sample cards, call to action, status line and its own footer. */
/** One titled column of links in the landing footer. */
function LinkColumn({
  title,
  links,
}: {
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav aria-label={title} className={styles.footerCol}>
      <h2 className={styles.footerHeading}>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.closingLink}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
            <Link to={ROUTES.register} className={buttonClassName({ size: 'lg' })}>
              Get Started Free
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
            <Link to={ROUTES.login} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
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
      <section className={styles.stats} aria-label="DevCircle in numbers">
        <ul className={styles.statList}>
          {COUNTERS.map((c) => (
            <li key={c.label} className={styles.stat}>
              <span className={styles.statValue}>{c.value}</span>
              <span className={styles.statLabel}>{c.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="samples-title">
        <h2 id="samples-title" className={styles.sectionTitle}>
          What developers are sharing
        </h2>
        <p className={styles.sectionLead}>Short posts, real code, people you can learn from.</p>
        <ul className={styles.samples}>
          {SAMPLES.map((post) => (
            <li key={post.handle}>
              <article className={styles.post} aria-label={`Sample post by ${post.name}`}>
                <header className={styles.postHead}>
                  <Avatar name={post.name} size="lg" />
                  <span className={styles.author}>
                    <span className={styles.authorName}>{post.name}</span>
                    <span className={styles.authorMeta}>
                      @{post.handle} · {post.time}
                    </span>
                  </span>
                </header>
                <p className={styles.postText}>{post.text}</p>
                <div className={styles.postCode}>
                  <span className={styles.postLang}>{post.language}</span>
                  {/* Long lines scroll inside the block, so it takes focus for keyboard scrolling. */}
                  <pre tabIndex={0} aria-label={`${post.language} code`}>
                    <code>{post.code}</code>
                  </pre>
                </div>
                <div className={styles.postActions}>
                  <span>
                    <Heart size={16} aria-hidden="true" /> {post.likes}
                    <VisuallyHidden> likes</VisuallyHidden>
                  </span>
                  <span>
                    <MessageCircle size={16} aria-hidden="true" /> {post.comments}
                    <VisuallyHidden> comments</VisuallyHidden>
                  </span>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <h2 id="cta-title" className={styles.ctaTitle}>
          Ready to share your first snippet?
        </h2>
        <p className={styles.ctaText}>Join free in under a minute. Your profile grows with every post.</p>
        <div className={styles.ctaActions}>
          <Link to={ROUTES.register} className={buttonClassName({ size: 'lg' })}>
            Create your account
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <Link to={ROUTES.features} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            See all features
          </Link>
        </div>
      </section>

      <section className={styles.landingFooter} aria-label="About DevCircle">
        <div className={styles.footerGrid}>
          <div className={styles.footerBrand}>
            <p className={styles.footerName}>DevCircle</p>
            <p className={styles.footerTagline}>The social network for developers.</p>
            <p className={styles.status}>
              <span className={styles.statusDot} aria-hidden="true" />
              All systems operational
            </p>
          </div>
          <LinkColumn title="Platform" links={PLATFORM_LINKS} />
          <LinkColumn title="Community" links={COMMUNITY_LINKS} />
        </div>
        <div className={styles.closing}>
          <p className={styles.closingText}>
            © {new Date().getFullYear()} DevCircle. Found something broken? Tell us and we&apos;ll fix it.
          </p>
          <div className={styles.closingLinks}>
            <ReportBugButton className={styles.closingLink} />
          </div>
        </div>
      </section>
      <SupportFab />
    </div>
  );
}
