import type { CSSProperties } from 'react';

const color = (name: string): CSSProperties => ({ color: `var(--code-${name})` });

/**
 * Token colours by Prism token type. Colours are CSS variables (defined in CodeBlock.module.css for light and
 * dark), so one table reads well in both modes and follows the system setting without re-rendering.
 */
const STYLES: { types: string[]; style: CSSProperties }[] = [
  { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { ...color('comment'), fontStyle: 'italic' } },
  { types: ['punctuation', 'operator'], style: color('punctuation') },
  { types: ['keyword', 'important', 'atrule', 'rule', 'selector'], style: color('keyword') },
  { types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: color('string') },
  { types: ['function', 'class-name', 'maybe-class-name'], style: color('function') },
  { types: ['number', 'boolean', 'constant', 'symbol', 'builtin'], style: color('number') },
  { types: ['tag', 'deleted'], style: color('tag') },
  { types: ['attr-name', 'property', 'variable', 'parameter'], style: color('property') },
];

const BY_TYPE = new Map<string, CSSProperties>();
for (const { types, style } of STYLES) for (const type of types) BY_TYPE.set(type, style);

/** The style of a token of these types (its type, then its aliases; the last match wins, as in Prism themes). */
export function tokenStyle(types: readonly string[]): CSSProperties | undefined {
  let style: CSSProperties | undefined;
  for (const type of types) style = BY_TYPE.get(type) ?? style;
  return style;
}

/** The snippet's own text colour (tokens without a rule keep it). */
export const PLAIN_CODE_STYLE: CSSProperties = { color: 'var(--code-text)' };
