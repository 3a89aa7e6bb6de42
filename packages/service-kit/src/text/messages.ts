import type { TextKind, TextProblem } from './characters';

/**
 * The one place the refusals of text are worded. `label` is the field as people know it ("Display name"), the
 * same word that starts the field's other messages.
 */
export function textMessage(label: string, kind: TextKind, problem: TextProblem): string {
  switch (problem) {
    case 'surrogate':
      return `${label} contains a broken character (half of a UTF-16 surrogate pair); please retype it`;
    case 'control':
      return kind === 'prose' || kind === 'code'
        ? `${label} must not contain control characters other than line breaks and tabs`
        : `${label} must be one line without tabs or other control characters`;
    case 'bidi':
      return kind === 'code'
        ? `${label} must not contain text direction controls (U+202A–U+202E, U+2066–U+2069): they make code read differently from how it runs`
        : `${label} must not contain text direction controls (U+202A–U+202E, U+2066–U+2069)`;
    case 'invisible':
      return `${label} must not contain invisible characters such as zero-width spaces`;
  }
}
