import Joi from 'joi';
import { cleanText, type TextKind, type TextProblem } from './characters';
import { textMessage } from './messages';

const KINDS: readonly TextKind[] = ['name', 'search', 'prose', 'code'];
const PROBLEMS: readonly TextProblem[] = ['surrogate', 'control', 'bidi', 'invisible'];

/**
 * Joi's string with one more step where Joi trims: after Joi's own conversions and before the empty check and
 * the rules (`max`, `pattern`…), the value is cleaned as `cleanText` says. So a field refused for a character
 * says so first, an all-invisible post is empty ('Post content is required'), and lengths count what is stored.
 * One type per kind, named `<kind>Text`, so the kind travels with every copy Joi makes of the schema.
 */
const textJoi = Joi.extend(
  ...KINDS.map((kind): Joi.Extension => ({
    type: `${kind}Text`,
    base: Joi.string(),
    coerce: {
      from: 'string',
      method(value: string, helpers) {
        const clean = cleanText(value, kind);
        return clean.problem === undefined
          ? { value: clean.value }
          : { errors: [helpers.error(`text.${clean.problem}`)] };
      },
    },
  })),
) as Record<`${TextKind}Text`, () => Joi.StringSchema>;

/**
 * A string field of text people write: trimmed, cleaned for its kind and NFC (docs/text-hygiene.md), with the
 * refusals worded from `label` ("Display name"). Chain `max`, `allow('')`, `required` and the field's own
 * messages as on `Joi.string()`; they apply to the cleaned value.
 */
export function textField(kind: TextKind, label: string): Joi.StringSchema {
  const messages = Object.fromEntries(
    PROBLEMS.map((problem) => [`text.${problem}`, textMessage(label, kind, problem)]),
  );
  return textJoi[`${kind}Text`]().messages(messages);
}
