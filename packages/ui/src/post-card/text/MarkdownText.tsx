import { createElement, type ReactNode } from 'react';
import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { CodeBlock } from '../card/CodeBlock';
import { linkify } from './linkify';
import styles from './RichText.module.css';

/** The only link targets kept: web pages and mail. Anything else (javascript:, data:, relative) is text. */
const ALLOWED_URL = /^(?:https?:\/\/|mailto:)/i;
/** What user links carry (search engines: user-generated, unendorsed; no window.opener). */
export const USER_LINK_REL = 'nofollow ugc noopener';

/** A fence's info string to a snippet language (codeLanguage.ts reads the rest, unknown ones as plain). */
const FENCE_ALIASES: Record<string, string> = {
  js: 'javascript',
  ts: 'javascript',
  typescript: 'javascript',
  jsx: 'react',
  tsx: 'react',
  py: 'python',
  'c++': 'cpp',
  c: 'cpp',
  htm: 'html',
  xml: 'html',
};

function fenceLanguage(lang: string | undefined): string | undefined {
  const key = lang?.trim().toLowerCase().split(/\s/)[0];
  return key ? (FENCE_ALIASES[key] ?? key) : undefined;
}

function sanitizer(value: string): string | null {
  return ALLOWED_URL.test(value.trim()) ? value.trim() : null;
}

/** A link: external ones open in a new tab (as the app's other external links do), mail in the mail app. */
function UserLink({ href, children }: { href: string; children: ReactNode }) {
  const web = /^https?:/i.test(href);
  return (
    <a href={href} rel={USER_LINK_REL} target={web ? '_blank' : undefined} className={styles.link}>
      {children}
    </a>
  );
}

const options: MarkdownToJSX.Options = {
  // Raw HTML is shown as the text it is; bare URLs stay text as they always were.
  disableParsingRawHTML: true,
  disableAutoLink: true,
  forceBlock: true,
  forceWrapper: true,
  sanitizer,
  renderRule(next, node, renderChildren, state) {
    // React keys here are strings or numbers (the parser numbers its nodes).
    const key = state.key as string | number | undefined;
    switch (node.type) {
      case RuleType.text:
        // Mentions and tags in prose only: not inside a link's text (no link in a link) and never in code.
        return state.inAnchor ? node.text : <span key={key}>{linkify(node.text, key)}</span>;
      case RuleType.link: {
        // The parser hands the target over as written (its sanitizer runs only in its own rendering).
        const href = node.target ? sanitizer(node.target) : null;
        if (!href) return <span key={key}>{renderChildren(node.children, state)}</span>;
        return (
          <UserLink key={key} href={href}>
            {renderChildren(node.children, { ...state, inAnchor: true })}
          </UserLink>
        );
      }
      case RuleType.image: {
        // No image is loaded from a post (no tracking pixels): a link to it, named by its alt text.
        const href = node.target ? sanitizer(node.target) : null;
        return href ? (
          <UserLink key={key} href={href}>
            {node.alt || href}
          </UserLink>
        ) : (
          <span key={key}>{node.alt}</span>
        );
      }
      case RuleType.heading:
        // Headings are not part of a post's markdown: the line shows as it was written.
        return (
          <p key={key}>
            {'#'.repeat(node.level)} {renderChildren(node.children, state)}
          </p>
        );
      case RuleType.codeBlock:
        return (
          <div key={key} className={styles.code}>
            <CodeBlock code={node.text} language={fenceLanguage(node.lang)} />
          </div>
        );
      default:
        return next();
    }
  },
};

/** The markdown form of `RichText` (its own chunk): React elements only, never an HTML string. */
export default function MarkdownText({ text, className }: { text: string; className: string }) {
  return createElement('div', { className }, compiler(text, options));
}
