import { Prism } from 'prism-react-renderer';

// prismjs language components register themselves on a global `Prism`; pointing it at prism-react-renderer's
// instance (before any component is imported, see prism.ts) makes the extra grammars land where it looks.
(globalThis as { Prism?: unknown }).Prism = Prism;

export { Prism };
