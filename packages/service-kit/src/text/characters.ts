/**
 * What text people write may contain, by kind of field (docs/text-hygiene.md). One pass per value: refuse what
 * would be a hidden or broken character, strip what free text may carry harmlessly only without, trim, and
 * store NFC so the same visible text is always the same string.
 */

/**
 * - `name`: one line that names someone or something (username, display name, skill): nothing invisible, so
 *   "ad\u200Bmin" cannot pass for "admin".
 * - `search`: one line that is matched, never stored: loses what a name cannot contain, so it finds the name
 *   it looks like.
 * - `prose`: free text on several lines (post, comment, bio, bug report): loses direction overrides and
 *   invisible characters, keeps emoji sequences and the joiners real scripts need.
 * - `code`: a code snippet on several lines: kept as written (no NFC either) but for direction controls,
 *   which are refused ("Trojan Source", CVE-2021-42574).
 */
export type TextKind = 'name' | 'search' | 'prose' | 'code';

export type TextProblem = 'surrogate' | 'control' | 'bidi' | 'invisible';

export type CleanText = { value: string; problem?: undefined } | { value?: undefined; problem: TextProblem };

/** Half of a UTF-16 surrogate pair on its own: not a character at all (a JSON "\ud800" gives one). */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 controls and DEL, NUL included. */
const CONTROL = /\p{Cc}/u;
/** The same less line feed and tab, for the kinds written on several lines. */
const CONTROL_BUT_NEWLINE_AND_TAB = /(?![\n\t])\p{Cc}/u;
/** Windows and old Mac line ends: stored as one \n, so a line break is one character everywhere. */
const CARRIAGE_RETURN = /\r\n?/g;

/** Embeddings, overrides and isolates: they reorder the characters around them as displayed. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Unicode's Default_Ignorable_Code_Point: shown as nothing (zero-width space, soft hyphen, BOM, fillers…). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;

const ZWJ = '\u200D';
const VARIATION_SELECTOR_15_16 = /[\uFE0E\uFE0F]/u;
const EMOJI = /\p{Extended_Pictographic}/u;
const SKIN_TONE = /\p{Emoji_Modifier}/u;
const KEYCAP_BASE = /[0-9#*]/u;
const KEYCAP = '\u20E3';
/** Tag characters spell a subdivision flag after a black flag (🏴 + g b s c t + cancel tag). */
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = '\u{1F3F4}';

/**
 * Invisible characters prose keeps: ZWNJ (Persian, Indic scripts spell words with it), the left-to-right,
 * right-to-left and Arabic letter marks (they settle where neutral characters go in mixed-direction text and
 * cannot reorder letters, unlike the controls above), and variation selectors (they pick a glyph: CJK ideograph
 * variants, Mongolian forms, text or emoji style).
 */
const PROSE_KEEPS = /[\u200C\u200E\u200F\u061C]|\p{Variation_Selector}/u;
const COMBINING_MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

const at = (chars: readonly string[], i: number): string => chars[i] ?? '';

/** The emoji a ZWJ, a variation selector or a skin tone follows, looking back over those. */
function emojiBefore(chars: readonly string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (VARIATION_SELECTOR_15_16.test(at(chars, j)) || SKIN_TONE.test(at(chars, j)))) j--;
  return EMOJI.test(at(chars, j));
}

/**
 * Whether the invisible character at `i` is part of an emoji: the ZWJ between two emoji (👨‍💻, 🏳️‍🌈), a
 * text/emoji style selector after an emoji or in a keycap (❤️, 1️⃣), a tag of a subdivision flag (`inFlag`: only
 * tags since a black flag came before it, tracked by the caller so a long run of tags costs no more than its
 * length).
 */
function partOfEmoji(chars: readonly string[], i: number, inFlag: boolean): boolean {
  const char = at(chars, i);
  if (char === ZWJ) return emojiBefore(chars, i) && EMOJI.test(at(chars, i + 1));
  if (VARIATION_SELECTOR_15_16.test(char)) {
    return (
      EMOJI.test(at(chars, i - 1)) || (KEYCAP_BASE.test(at(chars, i - 1)) && at(chars, i + 1) === KEYCAP)
    );
  }
  return inFlag && TAG.test(char);
}

/**
 * Invisible characters prose keeps beyond emoji: PROSE_KEEPS, and a ZWJ between a mark (a virama) and a letter,
 * which asks for an Indic conjunct (Sinhala "ශ්‍රී").
 */
function proseKeeps(chars: readonly string[], i: number): boolean {
  const char = at(chars, i);
  if (PROSE_KEEPS.test(char)) return true;
  return char === ZWJ && COMBINING_MARK.test(at(chars, i - 1)) && LETTER.test(at(chars, i + 1));
}

const multiLine = (kind: TextKind): boolean => kind === 'prose' || kind === 'code';

/**
 * `value` as it is stored for a field of `kind`, or the first problem that refuses it: lone surrogates, then
 * controls, then (names and code) direction controls, then (names) invisible characters. Trimmed before the
 * checks (a pasted trailing line break is no reason to refuse a name) and again after stripping.
 */
export function cleanText(value: string, kind: TextKind): CleanText {
  if (LONE_SURROGATE.test(value)) return { problem: 'surrogate' };
  let text = multiLine(kind) ? value.trim().replace(CARRIAGE_RETURN, '\n') : value.trim();
  if ((multiLine(kind) ? CONTROL_BUT_NEWLINE_AND_TAB : CONTROL).test(text)) return { problem: 'control' };
  if (BIDI_CONTROL.test(text) || INVISIBLE.test(text)) {
    const chars = Array.from(text);
    const kept: string[] = [];
    let inFlag = false;
    for (let i = 0; i < chars.length; i++) {
      const char = chars[i];
      const flagged = inFlag;
      inFlag = char === BLACK_FLAG || (inFlag && TAG.test(char));
      if (BIDI_CONTROL.test(char)) {
        if (kind === 'name' || kind === 'code') return { problem: 'bidi' };
      } else if (!INVISIBLE.test(char) || kind === 'code' || partOfEmoji(chars, i, flagged)) {
        kept.push(char);
      } else if (kind === 'prose' && proseKeeps(chars, i)) {
        kept.push(char);
      } else if (kind === 'name') {
        return { problem: 'invisible' };
      }
    }
    text = kept.join('').trim();
  }
  return { value: kind === 'code' ? text : text.normalize('NFC') };
}
