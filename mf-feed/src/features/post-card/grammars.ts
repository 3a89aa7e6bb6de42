// Prism's core alone, and each language's grammar fetched the first time a snippet in it is shown: the feed's
// first screen carries no grammar it does not display (prism-react-renderer bundled a dozen, ~95 KB).
type PrismGlobal = typeof import('prismjs');

/** The language components register themselves on the global `Prism` that the core creates. */
async function core(): Promise<PrismGlobal> {
  // prism-core reads `Prism.manual` as it loads: nothing on the page is highlighted behind React's back.
  const scope = globalThis as { Prism?: { manual?: boolean } };
  scope.Prism ??= { manual: true };
  const module = (await import('prismjs/components/prism-core')) as { default?: PrismGlobal } & PrismGlobal;
  return module.default ?? module;
}

/** Each grammar's component and the grammars it extends (loaded first). */
const COMPONENTS: Record<string, { needs: string[]; load: () => Promise<unknown> }> = {
  clike: { needs: [], load: () => import('prismjs/components/prism-clike') },
  markup: { needs: [], load: () => import('prismjs/components/prism-markup') },
  css: { needs: [], load: () => import('prismjs/components/prism-css') },
  javascript: { needs: ['clike'], load: () => import('prismjs/components/prism-javascript') },
  jsx: { needs: ['markup', 'javascript'], load: () => import('prismjs/components/prism-jsx') },
  python: { needs: [], load: () => import('prismjs/components/prism-python') },
  java: { needs: ['clike'], load: () => import('prismjs/components/prism-java') },
  c: { needs: ['clike'], load: () => import('prismjs/components/prism-c') },
  cpp: { needs: ['c'], load: () => import('prismjs/components/prism-cpp') },
  sql: { needs: [], load: () => import('prismjs/components/prism-sql') },
  json: { needs: [], load: () => import('prismjs/components/prism-json') },
};

const loading = new Map<string, Promise<PrismGlobal>>();
const loaded = new Map<string, PrismGlobal>();

/** Whether `grammar` can be highlighted (a known one; 'plain' and unknown names stay plain text). */
export const isKnownGrammar = (grammar: string): boolean => Object.hasOwn(COMPONENTS, grammar);

/** Prism with `grammar` registered, if it has been loaded already (then a snippet renders highlighted at once). */
export const loadedPrism = (grammar: string): PrismGlobal | undefined => loaded.get(grammar);

/** Loads `grammar` (and what it extends) once; resolves to Prism with it registered. */
export function loadGrammar(grammar: string): Promise<PrismGlobal> {
  const component = COMPONENTS[grammar];
  if (!component) return Promise.reject(new Error(`no grammar ${grammar}`));
  let promise = loading.get(grammar);
  if (!promise) {
    promise = (async () => {
      const prism = await core();
      for (const need of component.needs) await loadGrammar(need);
      await component.load();
      loaded.set(grammar, prism);
      return prism;
    })();
    // A failed fetch (offline) may be tried again by the next snippet.
    promise.catch(() => loading.delete(grammar));
    loading.set(grammar, promise);
  }
  return promise;
}
