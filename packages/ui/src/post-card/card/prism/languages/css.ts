// The css grammar with what it extends, in order: one chunk fetched side by side with the core.
import Prism from '../core';
import 'prismjs/components/prism-css';

export default Prism;
