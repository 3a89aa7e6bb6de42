import './manual';
import PrismCore from 'prismjs/components/prism-core';

/** Prism's core alone (no grammar); the language components register themselves on the global it creates. */
const Prism = PrismCore as typeof import('prismjs');
export default Prism;
