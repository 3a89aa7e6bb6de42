/**
 * Mentions and hashtags in a post's or a comment's text (issue 19, docs/rich-text.md): one reading of the text for
 * the posts service, which extracts them at creation, and for the card, which links them. Plain functions with no
 * dependency, so the browser and Node take the same file.
 */

/** At most this many members are notified per post or comment, and this many tags stored per post. */
export const MENTIONS_MAX = 10;
export const TAGS_MAX = 10;
/** A tag is 1 to 50 letters, digits and underscores, starting with a letter. */
export const TAG_MAX_LENGTH = 50;

/**
 * `@username`: a username is 3-30 of `A-Z a-z 0-9 _ . -` (auth's rule); one ending in `.` or `-` is read without
 * it, because in text that is the sentence's punctuation ("thanks @alice."). Not after a letter, a digit or one
 * of `@ / . _ -` (an e-mail address, a path, `a@b`), so `mail me at me@example.com` mentions nobody.
 */
const MENTION = /(?<![\p{L}\p{N}_@/.-])@([A-Za-z0-9_.-]*[A-Za-z0-9_])/gu;
/** `#tag`: not after a letter, a digit, `&` or `/` or `#` (`C#`, `&#39;`, `a/#anchor`, `##`). */
const TAG = /(?<![\p{L}\p{N}_&/#])#(\p{L}[\p{L}\p{N}_]*)/gu;

const TAG_NAME = /^\p{L}[\p{L}\p{N}_]*$/u;
const USERNAME_MIN = 3;
const USERNAME_MAX = 30;

/** A piece of text: plain, or a mention or a tag with the text it was written as. */
export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; username: string }
  | { kind: 'tag'; text: string; tag: string };

/** The tag's stored and linked form: lower-cased (`#React` and `#react` are one tag). */
export function normalizeTag(tag: string): string {
  return tag.toLowerCase();
}

/** True for what `#name` may name (the tag view's parameter is checked with it). */
export function isTagName(name: string): boolean {
  return name.length <= TAG_MAX_LENGTH && TAG_NAME.test(name);
}

interface Found {
  index: number;
  length: number;
  piece: TextPiece;
}

function mentionsIn(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(MENTION)) {
    const username = match[1];
    if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) continue;
    found.push({
      index: match.index,
      length: match[0].length,
      piece: { kind: 'mention', text: match[0], username },
    });
  }
  return found;
}

function tagsIn(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(TAG)) {
    // A longer run is not a tag at all (rather than a cut one that would link somewhere else).
    if (match[1].length > TAG_MAX_LENGTH) continue;
    found.push({
      index: match.index,
      length: match[0].length,
      piece: { kind: 'tag', text: match[0], tag: normalizeTag(match[1]) },
    });
  }
  return found;
}

/** The text cut into plain runs, mentions and tags, in order; joined back it is the text. */
export function splitRichText(text: string): TextPiece[] {
  const found = [...mentionsIn(text), ...tagsIn(text)].sort((a, b) => a.index - b.index);
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const { index, length, piece } of found) {
    if (index < at) continue;
    if (index > at) pieces.push({ kind: 'text', text: text.slice(at, index) });
    pieces.push(piece);
    at = index + length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

/**
 * The text without its code: fenced blocks (``` or ~~~) and inline code spans, each replaced by a space, so
 * `@decorator` or `#include` in code mention and tag nothing. The card does the same (it links only prose).
 */
function withoutCode(text: string): string {
  return text
    .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm, ' ')
    .replace(/(`+)[^`][\s\S]*?\1/g, ' ');
}

/** The distinct usernames a text mentions (first spelling kept, compared without case), at most `MENTIONS_MAX`. */
export function extractMentions(text: string): string[] {
  const seen = new Map<string, string>();
  for (const { piece } of mentionsIn(withoutCode(text))) {
    if (piece.kind !== 'mention') continue;
    const key = piece.username.toLowerCase();
    if (!seen.has(key)) seen.set(key, piece.username);
    if (seen.size === MENTIONS_MAX) break;
  }
  return [...seen.values()];
}

/** The distinct tags of a text, lower-cased, in order of appearance, at most `TAGS_MAX`. */
export function extractTags(text: string): string[] {
  const tags = new Set<string>();
  for (const { piece } of tagsIn(withoutCode(text))) {
    if (piece.kind === 'tag') tags.add(piece.tag);
    if (tags.size === TAGS_MAX) break;
  }
  return [...tags];
}

/** The most used tags (`GET /api/tags/trending`). */
export interface TrendingTag {
  tag: string;
  /** Posts by public authors using it in the window. */
  posts: number;
}

export interface TrendingTagsAnswer {
  tags: TrendingTag[];
  /** The window, in hours, counted back from `at`. */
  hours: number;
  at: string;
}
