/**
 * Whether a text may hold markdown this app renders (emphasis, code, links, lists, quotes, fences, headings,
 * entities). Plain text skips the renderer and its chunk entirely and shows exactly as before markdown (issue 19:
 * existing posts render unchanged). A false positive costs only the chunk: the renderer shows plain text the same.
 */
const MARKDOWN_SYNTAX = /[*_`~[\]<\\]|&[#\w]+;|^ {0,3}(?:[-+>#]|\d{1,9}[.)])/m;

export function hasMarkdown(text: string): boolean {
  return MARKDOWN_SYNTAX.test(text);
}
