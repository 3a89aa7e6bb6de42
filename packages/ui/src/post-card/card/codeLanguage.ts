/** How a post's code language is highlighted and labelled. */
export interface CodeLanguageInfo {
  /** The Prism grammar name ('plain' highlights nothing). */
  grammar: string;
  /** The badge text. */
  label: string;
}

const LANGUAGES: Record<string, CodeLanguageInfo> = {
  javascript: { grammar: 'javascript', label: 'JavaScript' },
  python: { grammar: 'python', label: 'Python' },
  java: { grammar: 'java', label: 'Java' },
  cpp: { grammar: 'cpp', label: 'C++' },
  react: { grammar: 'jsx', label: 'React' },
  html: { grammar: 'markup', label: 'HTML' },
  css: { grammar: 'css', label: 'CSS' },
  sql: { grammar: 'sql', label: 'SQL' },
  json: { grammar: 'json', label: 'JSON' },
};

const PLAIN: CodeLanguageInfo = { grammar: 'plain', label: 'Code' };

/** The grammar and badge for a language ('other', none or an unknown one: plain text, badge 'Code'). */
export function codeLanguageInfo(language: string | undefined): CodeLanguageInfo {
  const key = language?.trim().toLowerCase() ?? '';
  return Object.prototype.hasOwnProperty.call(LANGUAGES, key) ? LANGUAGES[key] : PLAIN;
}
