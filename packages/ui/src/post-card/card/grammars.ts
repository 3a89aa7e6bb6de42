// Prism's core alone, and each language's grammar fetched the first time a snippet in it is shown: the feed's
// first screen carries no grammar it does not display (prism-react-renderer bundled a dozen, ~95 KB).
type PrismGlobal = typeof import('prismjs');

/**
 * One module per grammar (prism/languages): it imports the core, then what the grammar extends, then the grammar,
 * so a single import fetches every chunk it needs side by side and runs them in order. The core is a chunk of
 * its own, shared by every language; the small grammars others extend (clike, markup, javascript) travel with
 * each language that needs them.
 */
const LANGUAGES: Record<string, () => Promise<{ default: PrismGlobal }>> = {
  markup: () => import(/* webpackChunkName: "prism-markup" */ './prism/languages/markup'),
  css: () => import(/* webpackChunkName: "prism-css" */ './prism/languages/css'),
  javascript: () => import(/* webpackChunkName: "prism-javascript" */ './prism/languages/javascript'),
  jsx: () => import(/* webpackChunkName: "prism-jsx" */ './prism/languages/jsx'),
  python: () => import(/* webpackChunkName: "prism-python" */ './prism/languages/python'),
  java: () => import(/* webpackChunkName: "prism-java" */ './prism/languages/java'),
  cpp: () => import(/* webpackChunkName: "prism-cpp" */ './prism/languages/cpp'),
  sql: () => import(/* webpackChunkName: "prism-sql" */ './prism/languages/sql'),
  json: () => import(/* webpackChunkName: "prism-json" */ './prism/languages/json'),
};

const loading = new Map<string, Promise<PrismGlobal>>();
const loaded = new Map<string, PrismGlobal>();

/** Whether `grammar` can be highlighted (a known one; 'plain' and unknown names stay plain text). */
export const isKnownGrammar = (grammar: string): boolean => Object.hasOwn(LANGUAGES, grammar);

/** Prism with `grammar` registered, if it has been loaded already (then a snippet renders highlighted at once). */
export const loadedPrism = (grammar: string): PrismGlobal | undefined => loaded.get(grammar);

/** Loads `grammar` (and what it extends) once; resolves to Prism with it registered. */
export function loadGrammar(grammar: string): Promise<PrismGlobal> {
  const load = isKnownGrammar(grammar) ? LANGUAGES[grammar] : undefined;
  if (!load) return Promise.reject(new Error(`no grammar ${grammar}`));
  let promise = loading.get(grammar);
  if (!promise) {
    promise = load().then(({ default: prism }) => {
      loaded.set(grammar, prism);
      return prism;
    });
    // A failed fetch (offline) may be tried again by the next snippet.
    promise.catch(() => loading.delete(grammar));
    loading.set(grammar, promise);
  }
  return promise;
}
