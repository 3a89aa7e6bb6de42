import type { PrismTheme } from 'prism-react-renderer';

const color = (name: string) => ({ color: `var(--code-${name})` });

/**
 * Colours are CSS variables (defined in CodeBlock.module.css for light and dark), so one theme object reads
 * well in both modes and follows the system setting without re-rendering.
 */
export const codeTheme: PrismTheme = {
  plain: { color: 'var(--code-text)', backgroundColor: 'transparent' },
  styles: [
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { ...color('comment'), fontStyle: 'italic' } },
    { types: ['punctuation', 'operator'], style: color('punctuation') },
    { types: ['keyword', 'important', 'atrule', 'rule', 'selector'], style: color('keyword') },
    { types: ['string', 'char', 'attr-value', 'regex', 'url', 'inserted'], style: color('string') },
    { types: ['function', 'class-name', 'maybe-class-name'], style: color('function') },
    { types: ['number', 'boolean', 'constant', 'symbol', 'builtin'], style: color('number') },
    { types: ['tag', 'deleted'], style: color('tag') },
    { types: ['attr-name', 'property', 'variable', 'parameter'], style: color('property') },
  ],
};
