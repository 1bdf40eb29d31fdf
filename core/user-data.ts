// Free-form objects callers store with a resource (`metadata`, a lead's `custom`): returned as
// sent, so they are bounded in keys, size and depth. Depth matters as much as size: 2 KB of nested
// arrays is a valid request body, yet deeper than stores and event payloads accept (SQLite's JSON
// functions stop at 1,000 levels), and deep values make every later reader recurse.
import Joi from 'joi';

export const USER_DATA_LIMITS = { maxKeys: 50, maxBytes: 8192, maxDepth: 5 } as const;

/**
 * A joi object of the caller's own data: at most `maxKeys` top-level keys, `maxBytes` as JSON, and
 * `maxDepth` levels of nesting (the object itself is level 1).
 */
export function userDataObject(limits: { maxKeys: number; maxBytes: number; maxDepth: number } = USER_DATA_LIMITS) {
  return Joi.object()
    .max(limits.maxKeys)
    .custom((value: object, helpers) => {
      // Depth first: it is checked without recursion, so even a hostile value costs one walk.
      if (depthExceeds(value, limits.maxDepth)) return helpers.error('object.tooDeep');
      const problem = unstorable(value);
      if (problem?.key !== undefined) return helpers.error('object.unstorableKey', { key: problem.key });
      if (problem) return helpers.error('object.nestedArray');
      if (Buffer.byteLength(JSON.stringify(value)) > limits.maxBytes) return helpers.error('object.tooLarge');
      return value;
    })
    .messages({
      'object.tooDeep': `{{#label}} must be nested at most ${limits.maxDepth} levels deep`,
      'object.tooLarge': `{{#label}} must be at most ${limits.maxBytes} bytes as JSON`,
      'object.unstorableKey': '{{#label}} has the key {{#key}}: keys may not start with $ or hold a dot or a NUL character',
      'object.nestedArray': '{{#label}} has an array directly inside an array: wrap the inner one in an object',
    })
    .description(
      `Your own key/value data, returned as sent (at most ${limits.maxKeys} keys, ${limits.maxBytes} bytes as JSON, ` +
        `${limits.maxDepth} levels deep; keys do not start with $ and hold no dot or NUL, none is __proto__, ` +
        'and no array is directly inside an array)',
    )
    // What the custom rule and the JSON parser enforce, for the OpenAPI document (plugins/docs):
    // the depth, and no `__proto__` key at any level (hapi's parser refuses the body).
    .meta({ 'x-json-schema': userDataJsonSchema(limits.maxDepth) });
}

/**
 * Keys every store can keep: document stores (MongoDB, FerretDB) refuse field names that start
 * with `$` or hold a dot or NUL (FerretDB answered those with a 500 and a 400 that the document did
 * not describe; schemathesis found both). SQLite would keep them; the API refuses them on every
 * store so that a request means the same everywhere.
 */
const STORABLE_KEY = /^(?!\$)[^.\x00]*$/;

/**
 * What, at any level, not every store can keep: a key (see STORABLE_KEY), or an array directly
 * inside an array (FerretDB refuses nested arrays). Null if nothing.
 */
export function unstorable(root: unknown): { key?: string } | null {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      if (value.some(Array.isArray)) return {};
    } else {
      for (const key of Object.keys(value)) if (!STORABLE_KEY.test(key)) return { key };
    }
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return null;
}

// `__proto__` is refused by hapi's JSON parser (prototype pollution), the rest by unstorableKey.
const NO_PROTO_KEY = { pattern: STORABLE_KEY.source, not: { const: '__proto__' } };

/** JSON Schema of a user-data object nested at most `maxDepth` levels (the object is level 1). */
export function userDataJsonSchema(maxDepth: number): Record<string, unknown> {
  // `inArray`: the value is an array's item, so it may not be an array itself.
  const value = (levels: number, inArray = false): Record<string, unknown> => {
    const scalars = [{ type: 'null' }, { type: 'boolean' }, { type: 'number' }, { type: 'string' }];
    if (levels <= 0) return { anyOf: scalars };
    return {
      anyOf: [
        ...scalars,
        ...(inArray ? [] : [{ type: 'array', items: value(levels - 1, true) }]),
        { type: 'object', propertyNames: NO_PROTO_KEY, additionalProperties: value(levels - 1) },
      ],
    };
  };
  return { propertyNames: NO_PROTO_KEY, additionalProperties: value(maxDepth - 1) };
}

/** True when objects or arrays nest more than `maxDepth` levels; stops at the first one too deep. */
export function depthExceeds(root: unknown, maxDepth: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 1 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}
