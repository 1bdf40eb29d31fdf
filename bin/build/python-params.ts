// Generates clients/python/chatbot_platform/_params.py from the committed OpenAPI document
// (clients/openapi.json): one TypedDict per /api/v1/ operation's JSON request body
// (`<OperationId>Body`) and per operation's query parameters (`<OperationId>Query`), so the client's
// keyword arguments (`**fields: Unpack[CreateChatbotBody]`) are checked by mypy: an unknown key, a
// wrong type or a missing required key is an error before any request.
//
// How a schema becomes a type: optional keys are `total=False`, required ones `Required[...]`;
// `enum`/`const` are `Literal[...]`; an object with properties is its own TypedDict (a component
// by its name, an inline one by its owner's and key's names); arrays are `list[...]`; a map
// (`additionalProperties` only) is `dict[str, ...]`. Keywords that only constrain (patterns,
// lengths, `if`/`then`, an `anyOf` of `required` lists) are left to the server, which answers 400.
// What cannot be said as a type is `Any`, with a comment saying why. A body that is one of several
// objects (`anyOf` of objects, as a knowledge item: document, url or qa) is one TypedDict of all
// their keys, each required only when every variant requires it: `**fields` cannot unpack a union.
// A query key that is a Python keyword (`from`) is spelled with a trailing underscore (`from_`);
// the client sends it under its own name.
//
// `npx tsx bin/build/python-params.ts` writes the file; test/clients/python-params.test.ts fails
// while it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT = path.join(root, 'clients/openapi.json');
/** Where the module goes, relative to the repository. */
export const PARAMS_FILE = 'clients/python/chatbot_platform/_params.py';
const API_PREFIX = '/api/v1/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

// keyword.kwlist of Python 3.11: a key spelled so cannot be passed as a keyword argument.
const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '),
);

type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> } };
type Operation = { operationId?: string; parameters?: (Parameter | { $ref: string })[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };

/** A Python type and, when it is or holds `Any`, why. */
type PyType = { text: string; note?: string };

/** More values than this in one Literal and it is written once, as an alias. */
const LONG_LITERAL = 20;

const ANY = (note: string): PyType => ({ text: 'Any', note });

/** Keys of a subschema that only constrain a value, with no type or shape of their own. */
const SHAPE_KEYWORDS = ['type', 'properties', 'items', '$ref', 'enum', 'const', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'];

function isObject(value: unknown): value is Schema {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** A subschema that constrains (pattern, required, not, …) but says nothing of the value's type. */
function constraintOnly(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (SHAPE_KEYWORDS.some((keyword) => keyword in schema && !['anyOf', 'oneOf', 'allOf'].includes(keyword))) return false;
  return ['anyOf', 'oneOf', 'allOf'].every((name) => !(name in schema) || (schema[name] as unknown[]).every(constraintOnly));
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

function pyLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  throw new Error(`no Python literal for ${JSON.stringify(value)}`);
}

function union(types: PyType[]): PyType {
  const any = types.find((type) => type.text === 'Any');
  if (any) return any;
  const literals: string[] = [];
  const others: string[] = [];
  let none = false;
  for (const type of types) {
    for (const part of splitUnion(type.text)) {
      if (part === 'None') none = true;
      else if (part.startsWith('Literal[')) literals.push(...part.slice('Literal['.length, -1).split(', '));
      else if (!others.includes(part)) others.push(part);
    }
  }
  const parts = [...(literals.length ? [`Literal[${[...new Set(literals)].join(', ')}]`] : []), ...others, ...(none ? ['None'] : [])];
  const note = types.find((type) => type.note)?.note;
  return { text: parts.join(' | '), ...(note ? { note } : {}) };
}

/** The top-level parts of `a | b[c | d] | e`. */
function splitUnion(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '[') depth++;
    else if (char === ']') depth--;
    else if (char === '"') index = text.indexOf('"', index + 1); // a literal's text may hold `|`
    else if (depth === 0 && text.startsWith(' | ', index)) {
      parts.push(text.slice(start, index));
      start = index + 3;
      index += 2;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** One TypedDict: its name, docstring and keys in the document's order. */
type TypedDictClass = { name: string; doc: string; keys: { key: string; type: PyType; required: boolean; description?: string }[] };

class Generator {
  readonly classes = new Map<string, TypedDictClass>();
  /** Long `Literal[...]` types (time zones), written once as an alias named after their key. */
  readonly aliases = new Map<string, string>();
  private readonly building = new Set<string>();

  constructor(private readonly document: Document) {}

  private component(ref: string): [string, Schema] {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    const schema = match ? this.document.components?.schemas?.[match[1]!] : undefined;
    if (!match || !schema) throw new Error(`unresolved reference ${ref}`);
    return [match[1]!, schema];
  }

  /** The Python type of `schema`; `name` names the TypedDict an object with properties becomes. */
  type(schema: unknown, name: string): PyType {
    if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return ANY('any JSON value');
    if (!isObject(schema)) return ANY('not a schema');
    if (typeof schema.$ref === 'string') {
      const [component, target] = this.component(schema.$ref);
      return this.type(target, component);
    }
    if ('const' in schema) return { text: `Literal[${pyLiteral(schema.const)}]` };
    if (Array.isArray(schema.enum)) return union(schema.enum.map((value) => ({ text: value === null ? 'None' : `Literal[${pyLiteral(value)}]` })));
    for (const combinator of ['anyOf', 'oneOf'] as const) {
      const variants = schema[combinator];
      if (Array.isArray(variants) && !variants.every(constraintOnly)) {
        const base = { ...schema };
        delete base[combinator];
        // `{type: string, anyOf: [...]}`: each variant narrows the same base.
        const shaped = SHAPE_KEYWORDS.some((keyword) => keyword in base && keyword !== 'allOf');
        return union(variants.map((variant, index) => this.type(shaped ? { ...base, ...(variant as Schema) } : variant, `${name}${index + 1}`)));
      }
    }
    if (Array.isArray(schema.allOf) && !schema.allOf.every(constraintOnly)) {
      const shapes = schema.allOf.filter((part) => !constraintOnly(part));
      const rest = { ...schema };
      delete rest.allOf;
      const restShaped = SHAPE_KEYWORDS.some((keyword) => keyword in rest);
      if (shapes.length === 1 && !restShaped) return this.type(shapes[0], name);
      return ANY('an allOf of several shapes');
    }
    const type = schema.type;
    if (Array.isArray(type)) return union(type.map((single) => this.type({ ...schema, type: single }, name)));
    switch (type) {
      case 'string':
        return { text: 'str' };
      case 'integer':
        return { text: 'int' };
      case 'number':
        return { text: 'float' };
      case 'boolean':
        return { text: 'bool' };
      case 'null':
        return { text: 'None' };
      case 'array': {
        const items = 'items' in schema ? this.type(schema.items, `${name}Item`) : ANY('items of any type');
        return { text: `list[${items.text}]`, ...(items.note ? { note: items.note } : {}) };
      }
      case 'object':
      case undefined:
        if (isObject(schema.properties) && Object.keys(schema.properties).length > 0) return { text: this.typedDict(name, schema, `The \`${name}\` object.`) };
        if (type === undefined) return ANY('no type in the document');
        if (isObject(schema.additionalProperties) && Object.keys(schema.additionalProperties).length > 0) {
          const values = this.type(schema.additionalProperties, `${name}Value`);
          // Free-form JSON (metadata, custom): its nesting spelled out is a union no one can read.
          if (values.text.includes('[')) return { text: 'dict[str, Any]', note: 'free-form JSON values (their nesting limits are checked by the server)' };
          return { text: `dict[str, ${values.text}]`, ...(values.note ? { note: values.note } : {}) };
        }
        return { text: 'dict[str, Any]' };
      default:
        return ANY(`type ${JSON.stringify(type)}`);
    }
  }

  /** Declares the TypedDict `name` for an object schema (once) and returns its name. */
  typedDict(name: string, schema: Schema, doc: string): string {
    if (this.classes.has(name) || this.building.has(name)) return name;
    this.building.add(name);
    const properties = schema.properties as Record<string, Schema>;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const keys = Object.entries(properties).map(([key, property]) => ({
      key,
      type: this.keyType(key, this.type(property, `${name}${pascal(key)}`)),
      required: required.has(key),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
    }));
    this.building.delete(name);
    this.classes.set(name, { name, doc, keys });
    return name;
  }

  /** A request body's TypedDict: the object, or all keys of the objects it may be (see the header). */
  body(name: string, schema: Schema, doc: string): string | undefined {
    const variants = this.objectVariants(schema);
    if (variants.length === 0) return undefined;
    if (variants.length === 1) {
      const only = variants[0]!;
      if (!isObject(only.properties) || Object.keys(only.properties).length === 0) return undefined;
      return this.typedDict(name, only, doc);
    }
    const properties: Record<string, Schema> = {};
    const types = new Map<string, Schema[]>();
    for (const variant of variants) {
      for (const [key, property] of Object.entries((variant.properties ?? {}) as Record<string, Schema>)) {
        properties[key] ??= property;
        types.set(key, [...(types.get(key) ?? []), property]);
      }
    }
    const merged: Schema = {
      type: 'object',
      properties: Object.fromEntries([...types].map(([key, schemas]) => [key, schemas.length === 1 ? schemas[0]! : { anyOf: schemas }])),
      required: Object.keys(properties).filter((key) => variants.every((variant) => Array.isArray(variant.required) && (variant.required as string[]).includes(key))),
    };
    return this.typedDict(name, merged, `${doc} One of ${variants.length} shapes: each key of any of them, required only when all require it (the server checks the rest).`);
  }

  /** The object schemas a body may be, with `null` and references resolved. */
  private objectVariants(schema: Schema): Schema[] {
    if (typeof schema.$ref === 'string') return this.objectVariants(this.component(schema.$ref)[1]);
    for (const combinator of ['anyOf', 'oneOf'] as const) {
      const variants = schema[combinator];
      if (Array.isArray(variants) && !variants.every(constraintOnly)) return variants.flatMap((variant) => this.objectVariants(variant as Schema));
    }
    const type = schema.type;
    if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return [schema];
    return [];
  }

  /** The query parameters' TypedDict, or undefined when the operation has none. */
  query(name: string, parameters: Parameter[], doc: string): string | undefined {
    const query = parameters.filter((parameter) => parameter.in === 'query');
    if (query.length === 0) return undefined;
    const keys = query.map((parameter) => ({
      key: PYTHON_KEYWORDS.has(parameter.name) ? `${parameter.name}_` : parameter.name,
      type: this.keyType(parameter.name, this.type(parameter.schema ?? {}, `${name}${pascal(parameter.name)}`)),
      required: parameter.required === true,
      ...(parameter.description ? { description: parameter.description } : {}),
    }));
    this.classes.set(name, { name, doc, keys });
    return name;
  }

  /** `type`, or the alias of a long literal (declared the first time it is seen). */
  keyType(key: string, type: PyType): PyType {
    if (!type.text.startsWith('Literal[') || splitUnion(type.text).length !== 1 || type.text.split('", "').length <= LONG_LITERAL) return type;
    for (const [alias, text] of this.aliases) if (text === type.text) return { text: alias };
    let alias = pascal(key);
    for (let suffix = 2; this.aliases.has(alias) || this.classes.has(alias); suffix++) alias = `${pascal(key)}${suffix}`;
    this.aliases.set(alias, type.text);
    return { text: alias };
  }

  parameter(parameter: Parameter | { $ref: string }): Parameter {
    if (!('$ref' in parameter)) return parameter;
    const match = /^#\/components\/parameters\/(.+)$/.exec(parameter.$ref);
    const resolved = match ? this.document.components?.parameters?.[match[1]!] : undefined;
    if (!resolved) throw new Error(`unresolved parameter ${parameter.$ref}`);
    return resolved;
  }
}

function identifier(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !PYTHON_KEYWORDS.has(key);
}

/** One line of a docstring or comment: the document's text, without line breaks or quote runs. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').trim();
}

function render(typedDict: TypedDictClass): string {
  const annotation = (key: TypedDictClass['keys'][number]) => (key.required ? `Required[${key.type.text}]` : key.type.text);
  const note = (key: TypedDictClass['keys'][number]) => (key.type.note ? `  # Any: ${key.type.note}` : '');
  if (typedDict.keys.every((key) => identifier(key.key))) {
    const lines = [`class ${typedDict.name}(TypedDict, total=False):`, `    """${oneLine(typedDict.doc)}"""`, ''];
    for (const key of typedDict.keys) {
      lines.push(`    ${key.key}: ${annotation(key)}${note(key)}`);
      if (key.description) lines.push(`    """${oneLine(key.description)}"""`);
    }
    return lines.join('\n');
  }
  // A key that is no identifier (or a keyword) can only be written in the functional form.
  const lines = [`# ${oneLine(typedDict.doc)}`, `${typedDict.name} = TypedDict(`, `    "${typedDict.name}",`, '    {'];
  for (const key of typedDict.keys) lines.push(`        ${JSON.stringify(key.key)}: ${annotation(key)},${note(key)}`);
  lines.push('    },', '    total=False,', ')');
  return lines.join('\n');
}

const HEADER = `"""Typed keyword arguments: one TypedDict per API operation's JSON body (\`…Body\`) and query
parameters (\`…Query\`), from clients/openapi.json.

Code generated by bin/build/python-params.ts (\`npx tsx bin/build/python-params.ts\`). DO NOT EDIT.
"""

# ruff: noqa: E501

from typing import Any, Literal, Required, TypedDict
`;

/** The module's text for `document`. */
export function pythonParams(document: Document = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Document): string {
  const generator = new Generator(document);
  const roots: string[] = [];
  for (const [route, item] of Object.entries(document.paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!route.startsWith(API_PREFIX)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const base = pascal(operation.operationId);
      const where = `\`${method.toUpperCase()} ${route}\` (${operation.operationId})`;
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      if (bodySchema) {
        const name = generator.body(`${base}Body`, bodySchema, `The body of ${where}.`);
        if (name) roots.push(name);
      }
      const query = generator.query(`${base}Query`, (operation.parameters ?? []).map((parameter) => generator.parameter(parameter)), `The query of ${where}.`);
      if (query) roots.push(query);
    }
  }
  // Each class after the classes it names, so the module also imports without postponed annotations.
  const ordered: TypedDictClass[] = [];
  const placed = new Set<string>();
  const place = (name: string) => {
    if (placed.has(name)) return;
    placed.add(name);
    const typedDict = generator.classes.get(name)!;
    for (const key of typedDict.keys) for (const used of key.type.text.match(/[A-Za-z0-9_]+/g) ?? []) if (generator.classes.has(used)) place(used);
    ordered.push(typedDict);
  };
  for (const name of roots) place(name);
  const all = `__all__ = [\n${roots.map((name) => `    "${name}",`).join('\n')}\n]`;
  const aliases = [...generator.aliases].map(([alias, text]) => `${alias} = ${text}`);
  return `${HEADER}\n${aliases.map((alias) => `\n${alias}\n`).join('')}\n\n${ordered.map(render).join('\n\n\n')}\n\n\n${all}\n`;
}

function main(): void {
  writeFileSync(path.join(root, PARAMS_FILE), pythonParams());
  process.stdout.write(`Wrote ${PARAMS_FILE}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
