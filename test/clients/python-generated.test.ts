// store-independent: regenerates the Python client from clients/openapi.json (no server, no store).
// The committed generated layer of the Python client (clients/python/chatbot_platform/_generated)
// is what bin/build/python-client.ts makes from the committed OpenAPI document today: one assertion
// per file, so a drift names the file to regenerate.
import t from 'tap';
import { committedPythonClient, generatedPythonClient } from '../../bin/build/python-client.js';

// The first run on a machine installs the venv from PyPI (half a minute or more): more than tap's
// 120 s per file may be needed then.
t.setTimeout(600_000);

const HINT = 'run `npx tsx bin/build/python-client.ts` and commit the result';

t.test('regenerating the Python client from clients/openapi.json changes nothing committed', async (t) => {
  const generated = generatedPythonClient();
  const committed = committedPythonClient();
  for (const [file, text] of generated) t.ok(committed.get(file) === text, `${file} is committed as generated${committed.has(file) ? '' : ' (missing)'}: ${HINT}`);
  const extra = [...committed.keys()].filter((file) => !generated.has(file));
  t.same(extra, [], `no committed file the generator no longer writes: ${HINT}`);
});
