import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import type { Token, TokenStream } from 'prismjs';
import { isKnownGrammar, loadGrammar, loadedPrism } from './grammars';
import { tokenStyle } from './codeTheme';

/** Renders a Prism token stream as React elements (no HTML strings): `token <type> <alias>` spans. */
function renderStream(stream: TokenStream, key = ''): ReactNode {
  if (typeof stream === 'string') return stream;
  if (Array.isArray(stream)) return stream.map((part, index) => renderStream(part, `${key}.${index}`));
  const token = stream as Token;
  const aliases = token.alias ? ([] as string[]).concat(token.alias) : [];
  const style: CSSProperties | undefined = tokenStyle([token.type, ...aliases]);
  return (
    <span key={key} className={['token', token.type, ...aliases].join(' ')} style={style}>
      {renderStream(token.content, key)}
    </span>
  );
}

/**
 * `code` highlighted with `grammar`: plain text until the grammar has loaded (the same characters in the same
 * box, so nothing moves when the colours arrive), plain text for an unknown grammar or a failed load.
 */
export function useHighlighted(code: string, grammar: string): ReactNode {
  const [prism, setPrism] = useState(() => loadedPrism(grammar));
  useEffect(() => {
    if (prism || !isKnownGrammar(grammar)) return;
    let active = true;
    loadGrammar(grammar).then(
      (loadedCore) => active && setPrism(() => loadedCore),
      () => undefined, // stays plain text; the next snippet in this language tries again
    );
    return () => {
      active = false;
    };
  }, [grammar, prism]);
  const rules = prism?.languages?.[grammar];
  if (!prism?.tokenize || !rules) return code;
  return renderStream(prism.tokenize(code, rules));
}
