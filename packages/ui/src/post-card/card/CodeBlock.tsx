import { useId, useState } from 'react';
import { Check, ChevronDown, ChevronUp, Copy } from 'lucide-react';
import { Button, useCopyToClipboard } from '@devcircle/ui';
import { codeLanguageInfo } from './codeLanguage';
import { PLAIN_CODE_STYLE } from './codeTheme';
import { useHighlighted } from './highlight';
import styles from './CodeBlock.module.css';

/** Snippets longer than this are folded to their first lines (product-spec §9 code preview). */
export const CODE_PREVIEW_LINES = 15;
/** How long 'Copied!' shows (§9). */
const COPIED_MS = 1200;

export interface CodeBlockProps {
  code: string;
  language?: string;
}

/** A post's code snippet: language badge, copy button, syntax highlighting and the 15-line fold. */
export function CodeBlock({ code, language }: CodeBlockProps) {
  const { grammar, label } = codeLanguageInfo(language);
  const { copied, copy } = useCopyToClipboard(COPIED_MS);
  const [unfolded, setUnfolded] = useState(false);
  const codeId = useId();

  const lines = code.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const foldable = lines.length > CODE_PREVIEW_LINES;
  const folded = foldable && !unfolded;
  const shown = folded ? lines.slice(0, CODE_PREVIEW_LINES).join('\n') : lines.join('\n');
  const highlighted = useHighlighted(shown, grammar);

  return (
    <div className={styles.block}>
      <div className={styles.header}>
        <span className={styles.badge}>{label}</span>
        <Button
          variant="ghost"
          size="sm"
          className={styles.copy}
          onClick={() => void copy(code)}
          icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
        >
          <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
        </Button>
      </div>
      {/* Focusable so keyboard users can scroll long lines; axe asks scrollable regions for that. */}
      <div
        id={codeId}
        className={styles.scroll}
        tabIndex={0}
        role="region"
        aria-label={`${label} code snippet`}
      >
        <pre className={styles.pre} style={PLAIN_CODE_STYLE}>
          <code>
            {highlighted}
            {folded && <span className={styles.ellipsis}>…</span>}
          </code>
        </pre>
      </div>
      {foldable && (
        <button
          type="button"
          className={styles.fold}
          aria-expanded={unfolded}
          aria-controls={codeId}
          onClick={() => setUnfolded((value) => !value)}
        >
          {unfolded ? (
            <ChevronUp size={16} aria-hidden="true" />
          ) : (
            <ChevronDown size={16} aria-hidden="true" />
          )}
          {unfolded ? 'Show less code' : `View full code (${lines.length} lines)`}
        </button>
      )}
    </div>
  );
}
