// The jsx grammar with what it extends, in order: one chunk fetched side by side with the core.
import Prism from '../core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-jsx';

export default Prism;
