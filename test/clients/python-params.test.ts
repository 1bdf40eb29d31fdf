// store-independent: regenerates the Python client's typed keyword arguments from clients/openapi.json.
// clients/python/chatbot_platform/_params.py is what bin/build/python-params.ts makes from the
// committed OpenAPI document today, and it holds a TypedDict for each body and query the client
// types its keyword arguments with.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { PARAMS_FILE, pythonParams } from '../../bin/build/python-params.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

t.test('the committed _params.py is what the generator makes from clients/openapi.json', async (t) => {
  const committed = readFileSync(path.join(root, PARAMS_FILE), 'utf8');
  t.ok(committed === pythonParams(), `${PARAMS_FILE} is committed as generated: run \`npx tsx bin/build/python-params.ts\` and commit the result`);
});

t.test('a body and a query become TypedDicts with required keys, literals, nested objects and keyword-safe names', async (t) => {
  const document = {
    paths: {
      '/api/v1/things': {
        get: {
          operationId: 'listThings',
          parameters: [
            { name: 'from', in: 'query', schema: { type: 'string' } },
            { name: 'kind', in: 'query', required: true, schema: { type: 'string', enum: ['a', 'b'] } },
            { name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } },
          ],
        },
        post: {
          operationId: 'createThing',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  anyOf: [{ required: ['name'] }],
                  properties: {
                    name: { type: 'string', minLength: 1 },
                    size: { type: ['integer', 'null'] },
                    tags: { type: 'array', items: { type: 'string' } },
                    owner: { $ref: '#/components/schemas/Owner' },
                    extra: { type: 'object', additionalProperties: { type: 'array', items: {} } },
                    weird: { allOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'object', properties: { x: { type: 'string' } } }] },
                  },
                },
              },
            },
          },
        },
      },
      '/dashboard/other': { post: { operationId: 'notApi', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } } } } } },
    },
    components: { schemas: { Owner: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, role: { const: 'admin' } } } } },
  };
  const text = pythonParams(document);
  t.match(text, /class ListThingsQuery\(TypedDict, total=False\):[\s\S]*?\n {4}from_: str\n {4}kind: Required\[Literal\["a", "b"\]\]\n/, 'the query: `from` as from_, the required enum');
  t.notMatch(text, /Idempotency/, 'header parameters are not query keys');
  t.match(text, /class Owner\(TypedDict, total=False\):[\s\S]*?id: Required\[str\]\n {4}role: Literal\["admin"\]/, 'a referenced object is its own TypedDict');
  t.match(text, /class CreateThingBody[\s\S]*?name: Required\[str\]\n {4}size: int \| None\n {4}tags: list\[str\]\n {4}owner: Owner\n {4}extra: dict\[str, Any\]  # Any: free-form JSON[^\n]*\n {4}weird: Any  # Any: an allOf of several shapes\n/, 'the body, each key typed or Any with its reason');
  t.ok(text.indexOf('class Owner(') < text.indexOf('class CreateThingBody('), 'a nested TypedDict comes before its user');
  t.notMatch(text, /NotApi/, 'only /api/v1/ operations');
});
