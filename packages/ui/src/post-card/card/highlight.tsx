import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Token, TokenStream } from 'prismjs';
import { isKnownGrammar, loadGrammar, loadedPrism } from './grammars';
import { tokenStyle } from './codeTheme';

/** A run of text and the token types it is inside (outermost first); none for plain text. */
interface Leaf {
  types: string[];
  text: string;
}

/** Prism's nested tokens as a flat list of leaves, each knowing every type around it. */
function flatten(stream: TokenStream, types: string[], leaves: Leaf[]): Leaf[] {
  if (typeof stream === 'string') leaves.push({ types, text: stream });
  else if (Array.isArray(stream)) for (const part of stream) flatten(part, types, leaves);
  else {
    const token = stream as Token;
    const aliases = token.alias ? ([] as string[]).concat(token.alias) : [];
    flatten(token.content, [...types, token.type, ...aliases], leaves);
  }
  return leaves;
}

/** The leaves cut at line breaks: one list per line of the snippet. */
function toLines(leaves: Leaf[]): Leaf[][] {
  const lines: Leaf[][] = [[]];
  for (const leaf of leaves) {
    leaf.text.split('\n').forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines[lines.length - 1].push({ types: leaf.types, text: part });
    });
  }
  return lines;
}

/** One span per line (then a line break), one span per token: React elements, never HTML strings. */
function renderLines(lines: Leaf[][]): ReactNode {
  return lines.map((line, lineIndex) => (
    <span key={lineIndex} className="token-line">
      {line.map((leaf, leafIndex) =>
        leaf.types.length ? (
          <span key={leafIndex} className={['token', ...leaf.types].join(' ')} style={tokenStyle(leaf.types)}>
            {leaf.text}
          </span>
        ) : (
          leaf.text
        ),
      )}
      {'\n'}
    </span>
  ));
}

/**
 * `code` as lines, highlighted with `grammar` once it has loaded: plain lines until then (the same characters in
 * the same box, so nothing moves when the colours arrive), and for an unknown grammar or a failed load.
 */
export function useHighlighted(code: string, grammar: string): ReactNode {
  // Prism once `grammar` is registered on it; read on every render, so a change of language (the create-post
  // preview) shows plain text until that grammar has arrived too. The state only re-renders on arrival.
  const prism = loadedPrism(grammar);
  const [, arrived] = useState<string | null>(null);
  useEffect(() => {
    if (prism || !isKnownGrammar(grammar)) return;
    let active = true;
    loadGrammar(grammar).then(
      () => active && arrived(grammar),
      () => undefined, // stays plain text; the next snippet in this language tries again
    );
    return () => {
      active = false;
    };
  }, [grammar, prism]);
  // Tokenized once per text and grammar, not on every render of the card (a like, the feed's next page).
  return useMemo(() => {
    const rules = prism?.languages?.[grammar];
    const stream: TokenStream = prism?.tokenize && rules ? prism.tokenize(code, rules) : code;
    return renderLines(toLines(flatten(stream, [], [])));
  }, [code, grammar, prism]);
}
