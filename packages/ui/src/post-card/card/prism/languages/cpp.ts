// The cpp grammar with what it extends, in order: one chunk fetched side by side with the core.
import Prism from '../core';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-c';
import 'prismjs/components/prism-cpp';

export default Prism;
