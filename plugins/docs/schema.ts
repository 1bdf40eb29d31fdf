// joi → JSON Schema (OpenAPI 3.1) for the generated document. joi-to-json does the bulk of the
// work on a joi description; this module first rewrites the description where joi-to-json would
// be wrong or silent, and names every labelled object as a component.
//
// The rule: the document may be looser than the server (joi's custom() rules, cross-field limits),
// never stricter. Each rewrite says which joi behaviour it stands for.
import { isDeepStrictEqual } from 'node:util';
import type Joi from 'joi';
import joiToJson from 'joi-to-json';

// joi-to-json is CommonJS with `export default` typings: the function is the module itself.
const parse = ((joiToJson as unknown as { default?: unknown }).default ?? joiToJson) as unknown as (
  joi: unknown,
  mode: string,
  definitions: Record<string, unknown>,
  options: Record<string, unknown>,
) => unknown;

export type JsonSchema = Record<string, unknown>;

/** Whether a schema describes what clients send or what they receive. */
export type Direction = 'request' | 'response';

/** A joi description node (the output of `schema.describe()`), as far as this module reads it. */
interface Desc {
  type: string;
  flags?: Record<string, any>;
  rules?: Array<{ name: string; args?: Record<string, any> }>;
  allow?: unknown[];
  keys?: Record<string, Desc>;
  items?: Desc[];
  matches?: Array<Record<string, any>>;
  whens?: Array<Record<string, any>>;
  dependencies?: Array<{ rel: string; key: string | null; peers: string[] }>;
  metas?: Array<Record<string, unknown>>;
  [other: string]: unknown;
}

/** What the post-pass does to the node it sits on (carried through joi-to-json as an x- meta). */
interface Marker {
  /** Replace the whole node with this schema (already final). */
  replace?: JsonSchema;
  /** Keys joi-to-json set that do not hold for joi. */
  drop?: string[];
  merge?: JsonSchema;
  /** Extra constraints that must all hold (several patterns, conditions between keys). */
  allOf?: JsonSchema[];
}

const MARK = 'x-docs-marker';
/** A joi meta key holding JSON Schema keywords merged into the node's schema (what custom rules enforce). */
export const JSON_SCHEMA_META = 'x-json-schema';
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Component names already taken, and what each stands for. */
export class SchemaRegistry {
  readonly components: Record<string, JsonSchema> = {};
  /** Labels used by two different schemas: the second got a numbered name. */
  readonly renamed: Array<{ label: string; name: string }> = [];

  /** Adds a component under its label (or a numbered variant when the label is taken by another shape). */
  register(label: string, schema: JsonSchema, direction?: Direction): string {
    const base = label.replace(/[^A-Za-z0-9._-]/g, '_');
    // A label shared by a request and a response shape (an input that checks more than the
    // stored form): the request one is `<Label>Input`.
    const candidates = [base, ...(direction === 'request' && !base.endsWith('Input') ? [`${base}Input`] : [])];
    for (let n = 1; ; n++) {
      const name = n <= candidates.length ? candidates[n - 1]! : `${base}${n}`;
      const existing = this.components[name];
      if (!existing) {
        this.components[name] = schema;
        if (n > 1) this.renamed.push({ label, name });
        return name;
      }
      if (isDeepStrictEqual(existing, schema)) return name;
    }
  }
}

/** Converts joi schemas, sharing one registry of components. */
export class SchemaConverter {
  private direction: Direction = 'response';
  /** The label of the component being converted, to name its conditional branches. */
  private componentName: string | null = null;

  constructor(readonly registry = new SchemaRegistry()) {}

  /** The JSON Schema of a joi schema; a labelled object becomes a `$ref` to its component. */
  convert(schema: Joi.Schema | Desc, direction: Direction = 'response'): JsonSchema {
    this.direction = direction;
    const desc = isJoi(schema) ? (schema.describe() as Desc) : schema;
    return this.convertDesc(desc, { root: false });
  }

  /** The keys of a joi object (params, query), each with its schema and whether it is required. */
  objectKeys(schema: Joi.Schema): Array<{ name: string; required: boolean; schema: JsonSchema; description?: string }> {
    this.direction = 'request';
    const desc = schema.describe() as Desc;
    return Object.entries(desc.keys ?? {}).map(([name, child]) => ({
      name,
      required: child.flags?.presence === 'required',
      schema: this.convertDesc(child, { root: false }),
      description: child.flags?.description as string | undefined,
    }));
  }

  private convertDesc(desc: Desc, options: { root: boolean }): JsonSchema {
    const prepared = this.prepare(desc, options.root);
    const raw = parse({ describe: () => prepared } as never, 'open-api-3.1', {}, { logicalOpParser: LOGICAL_OPS }) as JsonSchema;
    return finish(raw);
  }

  /** Rewrites one description node (and its children) for joi-to-json; see the module comment. */
  private prepare(input: Desc, isComponentRoot = false): Desc {
    const desc = cloneDesc(input);
    desc.flags = { ...desc.flags };
    const marker: Marker = {};

    // A label names a component: the node becomes a reference, with what belongs to this use of it
    // (required, nullable, its description and default) kept beside the reference.
    const label = desc.flags.label as string | undefined;
    if (label && desc.type === 'alternatives') stripInheritedLabel(desc, label);
    if (label && !isComponentRoot && ['object', 'alternatives', 'array'].includes(desc.type)) {
      return this.reference(desc, label);
    }
    delete desc.flags.label;

    if (desc.flags.empty) {
      // `.empty(x)`: x counts as absent. Only `.empty(null)` and `.empty('')` occur in practice.
      const empties = (desc.flags.empty as Desc).allow ?? [];
      delete desc.flags.empty;
      desc.allow = [...(desc.allow ?? []), ...empties.filter((value) => value === null || value === '')];
    }
    if (desc.flags.default !== undefined) {
      // An object's default is its keys' defaults, which its keys already document; generators
      // (openapi-python-client) refuse object defaults, so they are left to the keys.
      const value = desc.type === 'object' ? undefined : defaultOf(desc);
      if (value === undefined) delete desc.flags.default;
      else desc.flags.default = value;
    }

    switch (desc.type) {
      case 'string':
        this.prepareString(desc, marker);
        break;
      case 'number':
        prepareNumber(desc, marker);
        break;
      case 'object':
        this.prepareObject(desc, marker);
        break;
      case 'array':
        desc.items = desc.items?.map((item) => this.prepare(item));
        break;
      case 'alternatives':
        this.prepareAlternatives(desc, marker);
        break;
      case 'any':
        // Joi.any(): anything; joi-to-json would list every type, which says the same less clearly.
        if (!desc.flags.only) marker.replace = withFlags({}, desc);
        break;
      default:
        break;
    }
    // A rule a custom joi validator enforces, stated by the schema's author (`.meta({ [JSON_SCHEMA_META]: … })`).
    const stated = (desc.metas ?? []).find((meta) => meta && typeof meta === 'object' && JSON_SCHEMA_META in meta);
    if (stated) {
      desc.metas = desc.metas!.filter((meta) => meta !== stated);
      marker.merge = { ...(marker.merge ?? {}), ...(stated[JSON_SCHEMA_META] as JsonSchema) };
    }
    if (desc.whens && desc.type !== 'object') {
      // A condition on a scalar referring to another key is expressed by the parent object (see
      // prepareObject); one referring to the value itself would be; none occurs, so it is dropped
      // (looser).
      delete desc.whens;
    }
    return withMarker(desc, marker);
  }

  private reference(desc: Desc, label: string): Desc {
    const flags = desc.flags ?? {};
    const nullable = (desc.allow ?? []).includes(null) || ((flags.empty as Desc | undefined)?.allow ?? []).includes(null);
    const component = cloneDesc(desc);
    if (component.type === 'alternatives') stripInheritedLabel(component, label);
    component.flags = { ...component.flags };
    for (const flag of ['label', 'presence', 'default', 'description', 'empty']) delete component.flags[flag];
    component.allow = (component.allow ?? []).filter((value) => value !== null);
    if (component.allow.length === 0) delete component.allow;
    const outer = this.componentName;
    this.componentName = label;
    const schema = this.convertDesc(component, { root: true });
    this.componentName = outer;
    const name = this.registry.register(label, schema, this.direction);

    const ref: JsonSchema = { $ref: `#/components/schemas/${name}` };
    let site: JsonSchema = nullable ? { anyOf: [ref, { type: 'null' }] } : ref;
    if (flags.description) site = { ...site, description: flags.description };
    const fallback = flags.default !== undefined && desc.type !== 'object' ? defaultOf(desc) : undefined;
    if (fallback !== undefined && fallback !== null) site = { ...site, default: fallback };
    // The parent reads `presence` from the node itself to fill `required`.
    return withMarker({ type: 'any', flags: flags.presence ? { presence: flags.presence } : {} }, { replace: site });
  }

  private prepareString(desc: Desc, marker: Marker): void {
    const flags = desc.flags!;
    const rules = desc.rules ?? [];
    const allow = desc.allow ?? [];
    const allowsEmpty = allow.includes('');
    const patterns: JsonSchema[] = [];
    const trim = rules.some((rule) => rule.name === 'trim' && rule.args?.enabled !== false);
    let min: number | undefined;
    let max: number | undefined;
    for (const rule of rules) {
      if (rule.name === 'min') min = rule.args?.limit;
      if (rule.name === 'max') max = rule.args?.limit;
      if (rule.name === 'length') min = max = rule.args?.limit;
    }
    if (typeof min !== 'number') min = undefined;
    if (typeof max !== 'number') max = undefined;

    if (flags.only) {
      // valid(...): the value is one of these, after joi's conversions (trim, case).
      const values = allow.filter((value) => typeof value === 'string') as string[];
      const folding = rules.find((rule) => rule.name === 'case')?.args?.direction as 'lower' | 'upper' | undefined;
      if (folding) {
        // `.lowercase().valid('en')` accepts `EN` too: an enum would be stricter than the server.
        const alternatives = values.map((value) => caseInsensitive(escapeRegex(value)));
        const nullable = allow.includes(null);
        const schema = withFlags({ type: nullable ? ['string', 'null'] : 'string', pattern: `^(?:${alternatives.join('|')})$` }, desc);
        marker.replace = schema;
      }
      desc.rules = [];
      return;
    }

    // joi-to-json reads min/max/length/pattern itself; this function owns them instead.
    desc.rules = rules.filter((rule) => !['min', 'max', 'length', 'pattern', 'trim', 'case'].includes(rule.name));
    const drop = ['minLength', 'maxLength', 'pattern'];

    if (trim) {
      // joi trims before it checks lengths and emptiness: a value is any whitespace around 1..max
      // characters that start and end with a non-space (or only whitespace, when '' is allowed).
      const inner = trimmedPattern(Math.max(min ?? 1, 1), max);
      patterns.push({ pattern: allowsEmpty ? `^\\s*(?:${inner})?\\s*$` : `^\\s*${inner}\\s*$` });
      if (!allowsEmpty && (min ?? 0) <= 1) marker.merge = { ...marker.merge, minLength: 1 };
      else if (min !== undefined) marker.merge = { ...marker.merge, minLength: min };
    } else {
      // Joi.string() refuses '' unless it is allowed.
      const minLength = Math.max(min ?? 0, allowsEmpty ? 0 : 1);
      if (minLength > 0) marker.merge = { ...marker.merge, minLength };
      if (max !== undefined) marker.merge = { ...marker.merge, maxLength: max };
    }

    for (const rule of rules) {
      if (rule.name === 'pattern') {
        const converted = convertRegex(String(rule.args?.regex), Boolean(rule.args?.options?.invert));
        if (converted) patterns.push(converted);
      }
      if (rule.name === 'uri') {
        const schemes = rule.args?.options?.scheme as Array<string | { source?: string }> | string | undefined;
        if (schemes) {
          const list = (Array.isArray(schemes) ? schemes : [schemes]).map((scheme) =>
            typeof scheme === 'string' ? escapeRegex(scheme) : null,
          );
          if (list.every((scheme) => scheme !== null)) patterns.push({ pattern: `^${trim ? '\\s*' : ''}(?:${list.join('|')}):` });
        }
      }
      if (rule.name === 'base64') {
        const options = (rule.args?.options ?? {}) as { paddingRequired?: boolean; urlSafe?: boolean };
        const alphabet = options.urlSafe ? 'A-Za-z0-9_\\-' : 'A-Za-z0-9+\\/';
        const padded = options.paddingRequired !== false;
        patterns.push({
          pattern: padded
            ? `^(?:[${alphabet}]{4})*(?:[${alphabet}]{2}==|[${alphabet}]{3}=)?$`
            : `^(?:[${alphabet}]{4})*(?:[${alphabet}]{2}(?:==)?|[${alphabet}]{3}=?)?$`,
        });
        marker.merge = { ...marker.merge, contentEncoding: 'base64' };
      }
      if (rule.name === 'hex') patterns.push({ pattern: '^[0-9a-fA-F]+$' });
    }
    marker.drop = drop;
    if (patterns.length === 1) marker.merge = { ...marker.merge, ...patterns[0] };
    if (patterns.length > 1) marker.allOf = [...(marker.allOf ?? []), ...patterns];
  }

  private prepareObject(desc: Desc, marker: Marker): void {
    const keys = desc.keys;
    if (!keys) {
      // Joi.object() without keys takes any keys; joi-to-json would say none.
      marker.drop = ['properties', 'additionalProperties'];
    }
    for (const rule of desc.rules ?? []) {
      const limit = rule.args?.limit;
      if (typeof limit !== 'number') continue;
      if (rule.name === 'min') marker.merge = { ...marker.merge, minProperties: limit };
      if (rule.name === 'max') marker.merge = { ...marker.merge, maxProperties: limit };
      if (rule.name === 'length') marker.merge = { ...marker.merge, minProperties: limit, maxProperties: limit };
    }

    const conditions: JsonSchema[] = [];
    if (keys) {
      desc.keys = {};
      for (const [name, child] of Object.entries(keys)) {
        // Conditions on a sibling belong to this object; those on the child's own keys stay with it.
        const onSibling = (when: Record<string, any>) => (when.ref?.ancestor ?? 1) === 1;
        const whens = (child.whens ?? []) as Array<Record<string, any>>;
        const rest: Desc = { ...child, whens: whens.filter((when) => !onSibling(when)) };
        if (rest.whens!.length === 0) delete rest.whens;
        for (const when of whens.filter(onSibling)) conditions.push(...this.keyCondition(name, rest, when));
        desc.keys[name] = this.prepare(rest);
      }
    }
    if (Array.isArray(desc.whens)) {
      for (const when of desc.whens) conditions.push(...this.selfCondition(desc, when));
      delete desc.whens;
    }
    if (conditions.length > 0) marker.allOf = [...(marker.allOf ?? []), ...conditions];
  }

  /**
   * `key: X.when('sibling', { is, then, otherwise })`: joi applies X.concat(then) when the sibling
   * matches `is`. As JSON Schema: if the sibling matches, the key obeys `then`. Presence-only
   * branches (Joi.required(), Joi.forbidden()) become `required` / `not required`.
   */
  private keyCondition(key: string, base: Desc, when: Record<string, any>): JsonSchema[] {
    const ref = when.ref as { path?: string[]; ancestor?: number } | undefined;
    // Only siblings (ancestor 1, one path segment) can be written as a condition of the parent.
    if (!ref || (ref.ancestor ?? 1) !== 1 || ref.path?.length !== 1 || !when.is) return [];
    const sibling = ref.path[0]!;
    const test = this.conditionTest(sibling, when.is as Desc);
    const branch = (schema: Desc | undefined) => (schema ? this.keyBranch(key, base, schema) : undefined);
    const then = branch(when.then as Desc | undefined);
    const otherwise = branch(when.otherwise as Desc | undefined);
    if (!then && !otherwise) return [];
    return [{ if: test, ...(then ? { then } : {}), ...(otherwise ? { else: otherwise } : {}) }];
  }

  /** `object.when('.key', { is, then })`: when the object's own key matches, the object obeys `then`. */
  private selfCondition(base: Desc, when: Record<string, any>): JsonSchema[] {
    const ref = when.ref as { path?: string[]; ancestor?: number } | undefined;
    if (!ref || ref.ancestor !== 0 || ref.path?.length !== 1 || !when.is) return [];
    const test = this.conditionTest(ref.path[0]!, when.is as Desc);
    const branch = (schema: Desc | undefined) => (schema ? this.objectBranch(base, schema) : undefined);
    const then = branch(when.then as Desc | undefined);
    const otherwise = branch(when.otherwise as Desc | undefined);
    if (!then && !otherwise) return [];
    return [{ if: test, ...(then ? { then } : {}), ...(otherwise ? { else: otherwise } : {}) }];
  }

  /** The `if` of a condition on one key: joi's `is` (literals are required, schemas may be absent). */
  private conditionTest(key: string, is: Desc): JsonSchema {
    const required = is.flags?.presence === 'required';
    const isAny = is.type === 'any' && !is.flags?.only;
    const schema = isAny ? {} : this.convertDesc({ ...is, flags: { ...is.flags, presence: undefined } }, { root: false });
    return {
      ...(Object.keys(schema).length > 0 ? { properties: { [key]: schema } } : {}),
      ...(required ? { required: [key] } : {}),
    };
  }

  private keyBranch(key: string, base: Desc, branch: Desc): JsonSchema {
    const presence = branch.flags?.presence as string | undefined;
    const onlyPresence = branch.type === 'any' && !branch.rules?.length && !branch.flags?.only;
    const result: JsonSchema = {};
    if (presence === 'required') result.required = [key];
    if (presence === 'forbidden') result.not = { required: [key] };
    if (!onlyPresence) {
      // X.concat(then): then's rules on top of X's, X's allowed values (null, '') kept.
      const schema = this.convertDesc({ ...branch, allow: [...(base.allow ?? []), ...(branch.allow ?? [])] }, { root: false });
      result.properties = { [key]: schema };
    }
    return result;
  }

  private objectBranch(base: Desc, branch: Desc): JsonSchema {
    const result: JsonSchema = {};
    const required: string[] = [];
    const properties: Record<string, JsonSchema> = {};
    for (const [name, child] of Object.entries(branch.keys ?? {})) {
      if (child.flags?.presence === 'required') required.push(name);
      if (child.flags?.presence === 'forbidden') properties[name] = { not: {} };
      const hasRules = (child.rules?.length ?? 0) > 0 || child.flags?.only;
      if (hasRules) {
        const own = base.keys?.[name];
        properties[name] = this.convertDesc(
          { ...child, flags: { ...child.flags, presence: undefined }, allow: [...(own?.allow ?? []), ...(child.allow ?? [])] },
          { root: false },
        );
      }
    }
    if (required.length > 0) result.required = required;
    if (Object.keys(properties).length > 0) result.properties = properties;
    return result;
  }

  /**
   * `Joi.alternatives().conditional('.type', { switch: [...], otherwise })`: one branch per case.
   * A branch that pins the key to its case's value stands alone; otherwise it is joined with its
   * test. An `otherwise` that only accepts values the cases already took can never apply (it is
   * there for a clearer error message) and is left out.
   */
  private prepareAlternatives(desc: Desc, marker: Marker): void {
    const matches = desc.matches ?? [];
    if (matches.length === 0 || matches[0]!.schema) {
      desc.matches = matches.map((match) => (match.schema ? { ...match, schema: this.prepare(match.schema as Desc) } : match));
      return;
    }
    const branches: JsonSchema[] = [];
    for (const match of matches) {
      const ref = match.ref as { path?: string[]; ancestor?: number } | undefined;
      const key = ref?.ancestor === 0 && ref.path?.length === 1 ? ref.path[0]! : null;
      if (!key) {
        // A condition on something else than the value's own key: every branch may apply.
        for (const branch of [match.then, match.otherwise, ...(match.switch ?? []).flatMap((c: any) => [c.then, c.otherwise])]) {
          if (branch) branches.push(this.convertDesc(branch as Desc, { root: false }));
        }
        continue;
      }
      const cases: Array<{ is: Desc; then?: Desc; otherwise?: Desc }> = match.switch ?? [{ is: match.is, then: match.then, otherwise: match.otherwise }];
      const taken: unknown[] = [];
      for (const entry of cases) {
        const literal = literalOf(entry.is);
        if (literal !== undefined) taken.push(literal);
        if (entry.then) {
          let then = this.convertDesc(entry.then, { root: false });
          const pinned = literal !== undefined && pins(entry.then, key, literal);
          if (pinned && this.componentName && typeof literal === 'string') {
            // A branch of a named union gets a name of its own (KnowledgeItemInput → ...Qa), so
            // generated clients have a type per case.
            const name = this.registry.register(`${this.componentName}${pascal(literal)}`, then, this.direction);
            then = { $ref: `#/components/schemas/${name}` };
          }
          branches.push(pinned ? then : { allOf: [this.conditionTest(key, entry.is), then] });
        }
        if (entry.otherwise) {
          if (unreachable(entry.otherwise, key, taken)) continue;
          const tests = cases.map((c) => ({ not: this.conditionTest(key, c.is) }));
          branches.push({ allOf: [...tests, this.convertDesc(entry.otherwise, { root: false })] });
        }
      }
    }
    marker.replace = withFlags(branches.length === 1 ? branches[0]! : { anyOf: branches }, desc);
  }
}

/** joi-to-json's xor and oxor are correct but hard to read (and to generate data for); these say the same. */
const LOGICAL_OPS = {
  xor(schema: JsonSchema, dependency: { peers: string[] }) {
    schema.oneOf = dependency.peers.map((peer) => ({ required: [peer] }));
  },
  oxor(schema: JsonSchema, dependency: { peers: string[] }) {
    const pairs: string[][] = [];
    dependency.peers.forEach((a, i) => dependency.peers.slice(i + 1).forEach((b) => pairs.push([a, b])));
    schema.not = { anyOf: pairs.map((pair) => ({ required: pair })) };
  },
};

function prepareNumber(desc: Desc, marker: Marker): void {
  // joi refuses numbers outside the safe integer range (number.unsafe); limits given as references
  // to other keys (`max(Joi.ref('min_confidence'))`) cannot be written in JSON Schema.
  let minimum: unknown;
  let maximum: unknown;
  desc.rules = (desc.rules ?? []).filter((rule) => {
    if (!['min', 'max', 'greater', 'less'].includes(rule.name)) return true;
    const limit = rule.args?.limit;
    if (typeof limit !== 'number') return false;
    if (rule.name === 'min' || rule.name === 'greater') minimum = limit;
    else maximum = limit;
    return true;
  });
  if (!desc.flags?.unsafe) {
    const merge: JsonSchema = {};
    if (minimum === undefined) merge.minimum = -MAX_SAFE;
    if (maximum === undefined) merge.maximum = MAX_SAFE;
    marker.merge = { ...marker.merge, ...merge };
  }
}

/** The value joi fills in for a missing key: `.default()` on an object means its keys' defaults. */
function defaultOf(desc: Desc): unknown {
  const value = desc.flags?.default;
  if (value && typeof value === 'object' && (value as { special?: string }).special === 'deep') {
    const result: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(desc.keys ?? {})) {
      const childDefault = child.flags?.default !== undefined ? defaultOf(child) : undefined;
      if (childDefault !== undefined) result[name] = childDefault;
    }
    return result;
  }
  if (typeof value === 'function') return undefined;
  return value;
}

/** The single literal a condition's `is` stands for (`is: 'reply'` is `valid('reply').required()`). */
function literalOf(is: Desc | undefined): unknown {
  if (!is?.flags?.only) return undefined;
  const values = (is.allow ?? []).filter((value) => !(value && typeof value === 'object' && 'override' in value));
  return values.length === 1 ? values[0] : undefined;
}

/** Whether an object schema requires `key` to be exactly `literal`. */
function pins(schema: Desc, key: string, literal: unknown): boolean {
  const child = schema.keys?.[key];
  return Boolean(child?.flags?.only && child.flags.presence === 'required' && child.allow?.length === 1 && child.allow[0] === literal);
}

/** Whether an object schema can only match when `key` holds one of the `taken` values. */
function unreachable(schema: Desc, key: string, taken: unknown[]): boolean {
  const child = schema.keys?.[key];
  if (!child?.flags?.only || child.flags.presence !== 'required') return false;
  return (child.allow ?? []).every((value) => taken.includes(value));
}

/** One pattern of 1..max characters (or lo..max) that start and end with a non-space. */
function trimmedPattern(lo: number, hi: number | undefined): string {
  if (hi === 1) return '\\S';
  const upper = hi === undefined ? '' : String(hi - 2);
  if (lo <= 1) return `\\S(?:[\\s\\S]{0,${upper}}\\S)?`;
  return `\\S[\\s\\S]{${lo - 2},${upper}}\\S`;
}

/**
 * A joi regex (`/source/flags`) as an ECMA-262 pattern without flags. `i` is rewritten into
 * character classes when the source has no classes, escapes or ranges that the rewrite could
 * break; otherwise the pattern is dropped (looser, never wrong). `g`/`y` do not change what
 * `test` accepts in joi (it resets lastIndex); `m`/`s`/`u`/`v` change meaning and drop it too.
 */
export function convertRegex(regex: string, invert = false): JsonSchema | null {
  const match = /^\/([\s\S]*)\/([a-z]*)$/.exec(regex);
  if (!match) return null;
  let source = match[1]!;
  const flags = new Set(match[2]!.replace(/[gyd]/g, ''));
  if (flags.has('i')) {
    flags.delete('i');
    if (/[[\\]/.test(source)) return null;
    source = caseInsensitive(source);
  }
  if (flags.size > 0) return null;
  return invert ? { not: { pattern: source } } : { pattern: source };
}

/** Rewrites letters as [xX] classes; only for sources without classes or escapes. */
function caseInsensitive(source: string): string {
  return source.replace(/[A-Za-z]/g, (letter) => {
    const lower = letter.toLowerCase();
    const upper = letter.toUpperCase();
    return lower === upper ? letter : `[${lower}${upper}]`;
  });
}

function pascal(value: string): string {
  return value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** joi copies an alternatives' label onto its branches: there it names nothing of its own. */
function stripInheritedLabel(desc: Desc, label: string): void {
  const strip = (branch: unknown) => {
    const flags = (branch as Desc | undefined)?.flags;
    if (flags?.label === label) delete flags.label;
  };
  for (const match of desc.matches ?? []) {
    strip(match.schema);
    strip(match.then);
    strip(match.otherwise);
    for (const entry of (match.switch ?? []) as Array<Record<string, unknown>>) {
      strip(entry.then);
      strip(entry.otherwise);
    }
  }
}

/** A deep copy of a description; functions (custom rules' methods) are not part of it. */
function cloneDesc<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDesc) as T;
  if (typeof value === 'function') return undefined as T;
  if (!value || typeof value !== 'object' || value instanceof RegExp || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, cloneDesc(child)])) as T;
}

function isJoi(value: unknown): value is Joi.Schema {
  return typeof (value as { describe?: unknown }).describe === 'function';
}

/** The description and examples of a node, for a schema that replaces it. */
function withFlags(schema: JsonSchema, desc: Desc): JsonSchema {
  const result = { ...schema };
  if (desc.flags?.description && !result.description) result.description = desc.flags.description;
  if (Array.isArray(desc.examples) && desc.examples.length > 0) result.examples = desc.examples;
  if (desc.flags?.default !== undefined && result.default === undefined) {
    const value = defaultOf(desc);
    if (value !== undefined) result.default = value;
  }
  return result;
}

function withMarker(desc: Desc, marker: Marker): Desc {
  if (Object.keys(marker).length === 0) return desc;
  return { ...desc, metas: [...(desc.metas ?? []), { [MARK]: marker }] };
}

/** Applies the markers and removes what JSON Schema has no use for (empty `required`, etc.). */
function finish(node: unknown): any {
  if (Array.isArray(node)) return node.map(finish);
  if (!node || typeof node !== 'object') return node;
  const schema = { ...(node as JsonSchema) };
  const marker = schema[MARK] as Marker | undefined;
  delete schema[MARK];
  if (marker?.replace) {
    const replaced: JsonSchema = { ...marker.replace };
    // A description or default joi-to-json read from the same node stays with the replacement.
    for (const key of ['description', 'default', 'examples']) {
      if (schema[key] !== undefined && replaced[key] === undefined && !('$ref' in replaced && key === 'default')) {
        replaced[key] = schema[key];
      }
    }
    return replaced;
  }
  for (const key of marker?.drop ?? []) delete schema[key];
  if (marker?.merge) Object.assign(schema, marker.merge);
  if (marker?.allOf) schema.allOf = [...((schema.allOf as JsonSchema[]) ?? []), ...marker.allOf];

  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === 'patternProperties' || key === '$defs') {
      schema[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([name, child]) => [name, finish(child)]));
    } else if (['items', 'not', 'if', 'then', 'else', 'contains', 'additionalProperties'].includes(key)) {
      schema[key] = finish(value);
    } else if (['anyOf', 'oneOf', 'allOf'].includes(key)) {
      schema[key] = (value as unknown[]).map(finish);
    }
  }
  if (schema.type === 'object' && schema.properties && Object.keys(schema.properties).length === 0 && schema.additionalProperties === false) {
    delete schema.properties;
  }
  return schema;
}
