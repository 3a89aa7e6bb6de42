import { CODE_LANGUAGES, type CodeLanguage } from '@devcircle/contracts';

interface LanguageOption {
  /** What the dropdown shows. */
  label: string;
  /** The one-line starter comment the code box gets when the language is chosen (§4 Create post). */
  template: string;
}

const OPTIONS: Record<CodeLanguage, LanguageOption> = {
  javascript: { label: 'JavaScript', template: '// Write your JavaScript code here' },
  python: { label: 'Python', template: '# Write your Python code here' },
  java: { label: 'Java', template: '// Write your Java code here' },
  cpp: { label: 'C++', template: '// Write your C++ code here' },
  react: { label: 'React', template: '// Write your React component here' },
  html: { label: 'HTML', template: '<!-- Write your HTML code here -->' },
  css: { label: 'CSS', template: '/* Write your CSS code here */' },
  sql: { label: 'SQL', template: '-- Write your SQL query here' },
  // JSON has no comments, so the starter is a valid one-line document instead.
  json: { label: 'JSON', template: '{ "note": "Write your JSON here" }' },
  other: { label: 'Other', template: '// mention your language' },
};

/** The dropdown's choices, in the order of §3. */
export const LANGUAGE_OPTIONS = CODE_LANGUAGES.map((value) => ({ value, label: OPTIONS[value].label }));

export function codeTemplate(language: CodeLanguage): string {
  return OPTIONS[language].template;
}
