// String lengths count Unicode code points, as JSON Schema's minLength/maxLength do (and so the
// OpenAPI document, which states joi's limits as those keywords). joi counts UTF-16 code units,
// so a string of 31 characters, some outside the Basic Multilingual Plane (emoji, 𝕋), was a 400
// for `max(35)` while the document called it valid (schemathesis found it). Imported once by
// core/server.ts: it changes joi's string `min`, `max` and `length` rules without an encoding;
// with an encoding (bytes) they count as before.
import Joi from 'joi';

interface LengthRule {
  validate(value: string, helpers: Joi.CustomHelpers, args: { limit: number; encoding?: string }, rule: { name: string; operator: string; args: { limit: number } }): unknown;
}

const PATCHED = Symbol.for('chatbot-platform.string-lengths');

/** The number of code points of `value` (a lone surrogate counts as one). */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

function compare(length: number, limit: number, operator: string): boolean {
  return operator === '<=' ? length <= limit : operator === '>=' ? length >= limit : length === limit;
}

const rules = (Joi.string() as unknown as { _definition: { rules: Record<string, LengthRule> } })._definition.rules;
const lengthRule = rules.length!;
if (!(lengthRule as unknown as Record<symbol, boolean>)[PATCHED]) {
  const original = lengthRule.validate;
  lengthRule.validate = function (value, helpers, args, rule) {
    if (args.encoding || typeof value !== 'string') return original.call(this, value, helpers, args, rule);
    // Code points never outnumber code units: most strings are decided without counting.
    if (rule.operator === '<=' && value.length <= args.limit) return value;
    if (rule.operator === '>=' && value.length < args.limit) return original.call(this, value, helpers, args, rule);
    if (compare(codePointLength(value), args.limit, rule.operator)) return value;
    return helpers.error(`string.${rule.name}`, { limit: rule.args.limit, value, encoding: args.encoding });
  };
  (lengthRule as unknown as Record<symbol, boolean>)[PATCHED] = true;
}
