import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ChevronDown, HelpCircle, Mail, ShieldCheck } from 'lucide-react';
import { CODE_SNIPPET_MAX } from '@devcircle/contracts';
import { Alert, Button, SelectField, TextArea, TextField } from '@devcircle/ui';
import styles from './Pages.module.css';

export const FAQ = [
  {
    q: 'What is DevCircle?',
    a: 'A social network for developers: share short posts with code snippets, follow other developers, and keep a profile that shows what you build.',
  },
  {
    q: 'Is DevCircle free?',
    a: 'Yes. Creating an account, posting, following and searching are all free.',
  },
  {
    q: 'Which languages can I share snippets in?',
    a: `Pick the language when you create a post; snippets of up to ${CODE_SNIPPET_MAX} characters are highlighted in it. Plain text works too.`,
  },
  {
    q: 'How do I make my profile private?',
    a: 'Open Settings and switch Account Privacy. A private profile hides your details from people who do not follow you.',
  },
  {
    q: 'How do I reset my password?',
    a: 'Choose "Forgot password?" on the sign-in page and enter your e-mail. We send a link that lets you set a new password.',
  },
  {
    q: 'How is content moderated?',
    a: 'Anyone can report a problem with the Report link. Our moderation team reviews reports within 24 hours.',
  },
  {
    q: 'How do I delete my account?',
    a: 'Go to Settings → Delete Account and confirm. You are signed out at once and your account data is removed within 30 days.',
  },
  {
    q: 'When is messaging coming?',
    a: 'Real-time chat and messaging is on the way. We will announce it in the app as soon as it is ready.',
  },
];

/** Eight questions, one open at a time (§2 Support): opening one closes the other. */
export function FaqAccordion() {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <ul className={styles.accordion}>
      {FAQ.map((item, i) => {
        const expanded = open === i;
        const panelId = `${baseId}-panel-${i}`;
        const buttonId = `${baseId}-button-${i}`;
        return (
          <li key={item.q} className={styles.accordionItem}>
            <h3 className={styles.accordionHeading}>
              <button
                type="button"
                id={buttonId}
                className={styles.accordionButton}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
              >
                <span>{item.q}</span>
                <ChevronDown size={18} aria-hidden="true" className={styles.chevron} />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className={styles.accordionPanel}
              hidden={!expanded}
            >
              <p>{item.a}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export const CONTACT_SEND_MS = 2000;
export const CONTACT_SUCCESS_MS = 5000;
export const CONTACT_SUCCESS = "Message sent! We'll get back to you within 24 hours.";

const PRIORITIES = [
  { value: 'low', label: 'Low - General inquiry' },
  { value: 'medium', label: 'Medium - Account issues' },
  { value: 'high', label: 'High - Technical problems' },
  { value: 'urgent', label: 'Urgent - Security concerns' },
];

const EMPTY = { name: '', email: '', priority: 'medium', subject: '', message: '' };
type Field = 'name' | 'email' | 'subject' | 'message';
const REQUIRED: { field: Field; label: string; message: string }[] = [
  { field: 'name', label: 'Full Name', message: 'Please enter your name.' },
  { field: 'email', label: 'Email Address', message: 'Please enter your e-mail address.' },
  { field: 'subject', label: 'Subject', message: 'Please enter a subject.' },
  { field: 'message', label: 'Message', message: 'Please write your message.' },
];

/**
 * The contact form (§2 Support, §4, §5): name, email, subject and message required, priority defaults to medium.
 * Sending is simulated: 2 s busy, then the success line for 5 s and the form cleared. No server call is made.
 */
export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const id = useId();

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const set = (field: keyof typeof EMPTY, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    for (const { field, message } of REQUIRED) if (!values[field].trim()) found[field] = message;
    if (!found.email && !/^\S+@\S+\.\S+$/.test(values.email.trim()))
      found.email = 'Please enter a valid e-mail.';
    setErrors(found);
    const first = REQUIRED.find(({ field }) => found[field]);
    if (first) {
      document.getElementById(`${id}-${first.field}`)?.focus();
      return;
    }
    setSending(true);
    setSent(false);
    timers.current.push(
      setTimeout(() => {
        setSending(false);
        setValues(EMPTY);
        setSent(true);
        timers.current.push(setTimeout(() => setSent(false), CONTACT_SUCCESS_MS));
      }, CONTACT_SEND_MS),
    );
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    required: true,
    value: values[field],
    disabled: sending,
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, event.target.value),
  });

  return (
    <form className={styles.form} aria-label="Contact support" onSubmit={onSubmit} noValidate>
      <div className={styles.row}>
        <TextField label="Full Name" autoComplete="name" {...fieldProps('name')} />
        <TextField label="Email Address" type="email" autoComplete="email" {...fieldProps('email')} />
      </div>
      <SelectField
        label="Priority Level"
        id={`${id}-priority`}
        value={values.priority}
        disabled={sending}
        onChange={(e) => set('priority', e.target.value)}
      >
        {PRIORITIES.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <TextField label="Subject" {...fieldProps('subject')} />
      <TextArea label="Message" rows={5} {...fieldProps('message')} />
      <div className={styles.formFoot}>
        <Button type="submit" busy={sending}>
          {sending ? 'Sending…' : 'Send Message'}
        </Button>
        <div role="status" className={styles.statusSlot}>
          {sent && (
            <Alert tone="success" role="none">
              {CONTACT_SUCCESS}
            </Alert>
          )}
        </div>
      </div>
    </form>
  );
}

const GUIDELINES = [
  {
    title: 'Be respectful',
    text: 'Critique code, not people. No harassment, hate speech or personal attacks.',
  },
  {
    title: 'Share what you may share',
    text: 'Post code you wrote or have the right to share, and credit the original author.',
  },
  {
    title: 'Keep secrets out of snippets',
    text: 'Never post API keys, passwords, tokens or other people’s personal data. Rotate anything you leak.',
  },
  {
    title: 'No spam or malware',
    text: 'No unsolicited promotion, link farms or code meant to harm. Report it with the Report link.',
  },
];

export function Guidelines() {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <ul className={styles.guidelines}>
      {GUIDELINES.map((g, i) => (
        <li key={g.title} className={styles.card}>
          <h3 className={styles.accordionHeading}>
            <button
              type="button"
              className={styles.accordionButton}
              aria-expanded={open.has(i)}
              onClick={() => toggle(i)}
            >
              <span>{g.title}</span>
              <ChevronDown size={18} aria-hidden="true" className={styles.chevron} />
            </button>
          </h3>
          {open.has(i) && <p className={styles.cardText}>{g.text}</p>}
        </li>
      ))}
    </ul>
  );
}

const TABS = [
  { id: 'faq', label: 'FAQ', icon: HelpCircle },
  { id: 'contact', label: 'Contact', icon: Mail },
  { id: 'guidelines', label: 'Guidelines', icon: ShieldCheck },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tabFromHash = (): TabId => {
  const hash = typeof window === 'undefined' ? '' : window.location.hash.slice(1);
  return TABS.find((t) => t.id === hash)?.id ?? 'faq';
};

/**
 * /support (§2): three tabs — FAQ (selected by default), Contact and Guidelines — following the WAI-ARIA tabs
 * pattern: roving tabindex, Left/Right/Home/End move between tabs and select them. The selected tab is kept in
 * the URL hash (`/support#contact`) so it can be linked. All panels stay mounted (hidden) so a half-written
 * message or a send in progress survives a tab switch.
 */
export function SupportPage() {
  const [selected, setSelected] = useState<TabId>(tabFromHash);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;

  // Following a `#contact` link while already on /support changes only the hash: select that tab too.
  useEffect(() => {
    const onHash = () => setSelected(tabFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const select = (id: TabId) => {
    setSelected(id);
    window.history.replaceState(window.history.state, '', `#${id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  const panel = (id: TabId, children: ReactNode) => (
    <div
      role="tabpanel"
      id={panelId(id)}
      aria-labelledby={tabId(id)}
      tabIndex={0}
      hidden={selected !== id}
      className={styles.tabPanel}
    >
      {children}
    </div>
  );

  return (
    <div className={styles.wide}>
      <header className={styles.header}>
        <h1 className={styles.title}>Support</h1>
        <p className={styles.lead}>
          Answers to common questions, and a person when you need one. We respond within 24 hours.
        </p>
      </header>
      <div role="tablist" aria-label="Support topics" className={styles.tablist}>
        {TABS.map((tab, i) => {
          const Icon = tab.icon;
          const isSelected = selected === tab.id;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId(tab.id)}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              <Icon size={18} aria-hidden="true" />
              {tab.label}
            </button>
          );
        })}
      </div>
      {panel(
        'faq',
        <>
          <h2 className={styles.blockTitle}>Frequently asked questions</h2>
          <p className={styles.muted}>Eight quick answers. Open one to read it.</p>
          <FaqAccordion />
        </>,
      )}
      {panel(
        'contact',
        <>
          <h2 className={styles.blockTitle}>Contact us</h2>
          <p className={styles.muted}>
            Tell us what is going on and we will respond within <strong>24 hours</strong>.
          </p>
          <ContactForm />
        </>,
      )}
      {panel(
        'guidelines',
        <>
          <h2 className={styles.blockTitle}>Community guidelines</h2>
          <p className={styles.muted}>Four rules that keep DevCircle useful for everyone.</p>
          <Guidelines />
        </>,
      )}
    </div>
  );
}
