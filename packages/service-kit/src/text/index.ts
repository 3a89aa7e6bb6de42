export { cleanText, type CleanText, type TextKind, type TextProblem } from './characters';
export { textField } from './field';
export { textMessage } from './messages';
