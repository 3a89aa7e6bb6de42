import { lazy, Suspense } from 'react';
import { cx } from '@devcircle/ui';
import { linkify } from './linkify';
import { hasMarkdown } from './markdownSyntax';
import styles from './RichText.module.css';

/** The renderer (markdown-to-jsx 7, about 6 KB brotli) loads only for a text that has markdown syntax. */
const MarkdownText = lazy(() => import(/* webpackChunkName: "markdown" */ './MarkdownText'));

/** Loads the renderer ahead (the composer, once its text has markdown). */
export const preloadMarkdown = (): void => void import(/* webpackChunkName: "markdown" */ './MarkdownText');

export interface RichTextProps {
  text: string;
  /** The box's own typography (the card's, a comment's); line breaks are kept either way. */
  className?: string;
}

/**
 * A post's or a comment's text (docs/rich-text.md): CommonMark when it has markdown syntax, rendered to React
 * elements with no raw HTML and only http(s) and mailto links; plain text otherwise, exactly as before. Mentions
 * and tags are linked in both. Until the renderer has loaded, the plain form shows.
 */
export function RichText({ text, className }: RichTextProps) {
  const plain = <p className={cx(styles.text, className)}>{linkify(text)}</p>;
  if (!hasMarkdown(text)) return plain;
  return (
    <Suspense fallback={plain}>
      <MarkdownText text={text} className={cx(styles.text, styles.markdown, className)} />
    </Suspense>
  );
}
