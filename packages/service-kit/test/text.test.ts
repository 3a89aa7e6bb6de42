import { cleanText, Joi, textField, type TextKind } from '../src';

const KINDS: TextKind[] = ['name', 'search', 'prose', 'code'];
const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
/** ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen, LRM, Hangul filler, Mongolian vowel separator, a tag. */
const INVISIBLES = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u200E',
  '\u3164',
  '\u180E',
  '\u{E0041}',
];
/** Emoji whose sequences hold invisible characters: ZWJ, a style selector, a skin tone, a keycap, a tag flag. */
const EMOJI = [
  '\u{1F468}\u200D\u{1F4BB}', // 👨‍💻
  '\u{1F3F3}\uFE0F\u200D\u{1F308}', // 🏳️‍🌈
  '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}', // 👩🏽‍💻
  '\u2764\uFE0F', // ❤️
  '1\uFE0F\u20E3', // 1️⃣
  '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // 🏴󠁧󠁢󠁳󠁣󠁴󠁿 Scotland
];

describe('refused in every kind', () => {
  test.each(KINDS)('NUL and other C0 and C1 controls, and DEL (%s)', (kind) => {
    for (const control of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B']) {
      expect(cleanText(`a${control}b`, kind)).toEqual({ problem: 'control' });
    }
  });

  test.each(KINDS)('lone surrogates, high or low, but not a pair (%s)', (kind) => {
    expect(cleanText('a\uD800b', kind)).toEqual({ problem: 'surrogate' });
    expect(cleanText('a\uDC00', kind)).toEqual({ problem: 'surrogate' });
    expect(cleanText('\uD83D\uDE00', kind)).toEqual({ value: '\u{1F600}' });
  });
});

test('line breaks and tabs are text in prose and code, refused in names and searches; CR LF becomes LF', () => {
  for (const kind of ['prose', 'code'] as const) {
    expect(cleanText('one\r\ntwo\rthree\n\tfour', kind)).toEqual({ value: 'one\ntwo\nthree\n\tfour' });
  }
  for (const kind of ['name', 'search'] as const) {
    for (const inside of ['\n', '\t', '\r'])
      expect(cleanText(`a${inside}b`, kind)).toEqual({ problem: 'control' });
    // At either end they are trimmed like spaces, as before.
    expect(cleanText('\tAda\r\n', kind)).toEqual({ value: 'Ada' });
  }
});

test('direction controls are refused in names and code, stripped from prose and searches', () => {
  for (const control of BIDI_CONTROLS) {
    expect(cleanText(`a${control}b`, 'name')).toEqual({ problem: 'bidi' });
    expect(cleanText(`x = 1; //${control} y`, 'code')).toEqual({ problem: 'bidi' });
    expect(cleanText(`a${control}b`, 'prose')).toEqual({ value: 'ab' });
    expect(cleanText(`a${control}b`, 'search')).toEqual({ value: 'ab' });
  }
});

test('invisible characters are refused in names, stripped from searches, kept in code', () => {
  for (const invisible of INVISIBLES) {
    expect(cleanText(`ad${invisible}min`, 'name')).toEqual({ problem: 'invisible' });
    expect(cleanText(`ad${invisible}min`, 'search')).toEqual({ value: 'admin' });
    expect(cleanText(`ad${invisible}min`, 'code')).toEqual({ value: `ad${invisible}min` });
  }
});

test('prose loses the invisible characters that only hide things and keeps those scripts and emoji need', () => {
  for (const hidden of ['\u200B', '\u2060', '\uFEFF', '\u00AD', '\u3164', '\u180E', '\u{E0041}', '\u200D']) {
    expect(cleanText(`ad${hidden}min`, 'prose')).toEqual({ value: 'admin' });
  }
  const persian = 'می\u200Cخواهم'; // ZWNJ inside a word
  const mixed = 'עברית\u200F (1)'; // RLM settling the parenthesis
  const sinhala = 'ශ්\u200Dරී'; // ZWJ after a virama: a conjunct
  const ideograph = '\u845B\u{E0100}'; // an ideographic variation sequence
  for (const kept of [persian, mixed, sinhala, ideograph])
    expect(cleanText(kept, 'prose')).toEqual({ value: kept });
});

test('emoji sequences survive in every kind', () => {
  for (const kind of KINDS) {
    for (const emoji of EMOJI) expect(cleanText(`Ada ${emoji}!`, kind)).toEqual({ value: `Ada ${emoji}!` });
  }
  // A ZWJ between an emoji and a letter is not part of an emoji.
  expect(cleanText('\u{1F468}\u200Da', 'name')).toEqual({ problem: 'invisible' });
  expect(cleanText('\u{1F468}\u200Da', 'prose')).toEqual({ value: '\u{1F468}a' });
  // Nor is a style selector after a plain digit, or a tag without a flag.
  expect(cleanText('user1\uFE0F', 'name')).toEqual({ problem: 'invisible' });
  expect(cleanText('hi\u{E0067}', 'name')).toEqual({ problem: 'invisible' });
});

test('stored text is trimmed, stripped, trimmed again and NFC; code keeps its own composition', () => {
  expect(cleanText('  e\u0301  ', 'name')).toEqual({ value: '\u00E9' });
  expect(cleanText('Cafe\u0301', 'search')).toEqual({ value: 'Caf\u00E9' });
  expect(cleanText('hello \u200B\n', 'prose')).toEqual({ value: 'hello' });
  // Stripping can bring a letter and its accent together: NFC comes after.
  expect(cleanText('e\u200B\u0301', 'prose')).toEqual({ value: '\u00E9' });
  expect(cleanText('\u202E\u200B', 'prose')).toEqual({ value: '' });
  expect(cleanText(' "e\u0301" ', 'code')).toEqual({ value: '"e\u0301"' });
});

describe('textField', () => {
  const schema = Joi.object({
    displayName: textField('name', 'Display name')
      .max(3)
      .allow('')
      .messages({ 'string.max': 'Display name must be at most 3 characters' }),
    content: textField('prose', 'Post content')
      .max(3)
      .required()
      .messages({ 'string.empty': 'Post content is required' }),
    code: textField('code', 'Code snippet'),
  });
  const problems = (value: object) =>
    schema
      .validate(value, { abortEarly: false, errors: { wrap: { label: false } } })
      .error?.details.map((detail) => [detail.path.join('.'), detail.message]);

  test('each refusal is a field message worded from the label', () => {
    expect(problems({ displayName: 'ad\u200Bmin', content: 'a\u0000', code: 'x\u202Ey' })).toEqual([
      ['displayName', 'Display name must not contain invisible characters such as zero-width spaces'],
      ['content', 'Post content must not contain control characters other than line breaks and tabs'],
      [
        'code',
        'Code snippet must not contain text direction controls (U+202A–U+202E, U+2066–U+2069): they make code read differently from how it runs',
      ],
    ]);
    expect(problems({ displayName: 'a\uD800', content: 'x' })).toEqual([
      [
        'displayName',
        'Display name contains a broken character (half of a UTF-16 surrogate pair); please retype it',
      ],
    ]);
    expect(
      problems({ displayName: 'a\tb', content: 'x', code: 'x\u2066' })?.map(([, message]) => message),
    ).toEqual([
      'Display name must be one line without tabs or other control characters',
      'Code snippet must not contain text direction controls (U+202A–U+202E, U+2066–U+2069): they make code read differently from how it runs',
    ]);
  });

  test('the empty check and the length limits see the cleaned value; the field keeps its own messages', () => {
    expect(problems({ content: '\u200B \u202E' })).toEqual([['content', 'Post content is required']]);
    expect(schema.validate({ displayName: 'e\u0301e\u0301e\u0301', content: 'a\u200Bbc' }).value).toEqual({
      displayName: '\u00E9\u00E9\u00E9',
      content: 'abc',
    });
    expect(problems({ displayName: 'abcd', content: 'x' })).toEqual([
      ['displayName', 'Display name must be at most 3 characters'],
    ]);
  });
});
