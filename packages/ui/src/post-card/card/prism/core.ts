// The remotes that bundle the post card compile this file in their own projects, which do not include the kit's
// src/types: the reference brings prism's untyped component declaration along (an import cannot: it is ambient).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../../types/prism-components.d.ts" />
import './manual';
import PrismCore from 'prismjs/components/prism-core';

/** Prism's core alone (no grammar); the language components register themselves on the global it creates. */
const Prism = PrismCore as typeof import('prismjs');
export default Prism;
