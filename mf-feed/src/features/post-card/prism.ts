// Order matters: the global must exist before a prismjs component module runs.
import { Prism } from './prismGlobal';
// prism-react-renderer bundles javascript, jsx, python, cpp, markup, css, sql and json, but not java.
import 'prismjs/components/prism-java';

export { Prism };
