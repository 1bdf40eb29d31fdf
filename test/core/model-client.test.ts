// The model client reads a model server's reply as outside data: bounded in bytes, vectors bounded
// in width, and text decoded across chunk boundaries. Real HTTP against the local fake server.
import t from 'tap';
import { guardedAgents } from '../../core/http/guarded-agents.js';
import { MAX_DIMENSIONS, ModelClient, ModelError, REPLY_LIMITS, type ModelEndpoint, type ModelProtocol } from '../../core/models/model-client.js';
import { startFakeLlm } from '../helpers/fake-llm.js';

// A long timeout: a reply that is not cut off by its size would end by this (provider_timeout) instead.
const client = new ModelClient({ agents: guardedAgents({ allowedCidrs: [], egressCidrs: [], refuseNonPublic: false }), timeoutMs: 20_000 });
const chat = (model: string) => ({ model, messages: [{ role: 'user' as const, content: 'Hello' }], temperature: 0, maxTokens: 64 });

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModelError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

for (const type of ['openai', 'ollama'] as ModelProtocol[]) {
  t.test(`${type}: a reply that never ends is cut off at its byte limit`, async (t) => {
    const fake = await startFakeLlm(t);
    const endpoint: ModelEndpoint = { type, base_url: fake.url, api_key: null };
    const cases: Array<[string, () => Promise<unknown>, number]> = [
      ['chat', () => client.chat(endpoint, chat('flood')), REPLY_LIMITS.chatBytes],
      ['streamed chat', () => client.chat(endpoint, chat('flood'), () => {}), REPLY_LIMITS.chatBytes],
      ['embeddings', () => client.embed(endpoint, 'flood', ['one text']), REPLY_LIMITS.embedBytes],
    ];
    for (const [index, [what, call]] of cases.entries()) {
      const error = await failure(call());
      // One at a time, so the server's count of each flood is in the order of the cases.
      while (fake.flooded.length <= index) await new Promise((resolve) => setTimeout(resolve, 10));
      t.equal(error.code, 'provider_bad_response', `${what}: provider_bad_response`);
      t.match(error.message, /larger than \d+ MB/, `${what}: the message says why`);
      t.equal(error.status, null, `${what}: no HTTP status is made up`);
    }
    // The server saw the connection closed soon after the limit: the client stopped reading, it did
    // not wait for its timeout. (Sockets buffer a few hundred kilobytes beyond what was read.)
    for (const [index, written] of fake.flooded.entries()) {
      const [what, , limit] = cases[index]!;
      t.ok(written > limit, `${what}: more than the limit was offered (${written} bytes)`);
      t.ok(written < limit + 8 * 1024 * 1024, `${what}: the connection closed within 8 MB of the limit (${written} bytes)`);
    }
  });

  t.test(`${type}: a character split between two chunks of a stream arrives whole`, async (t) => {
    const fake = await startFakeLlm(t);
    const pieces: string[] = [];
    const result = await client.chat({ type, base_url: fake.url, api_key: null }, chat('umlaut'), (piece) => pieces.push(piece));
    t.equal(result.text, 'Grüße');
    t.same(pieces, ['Grüße'], 'the piece passed on holds no replacement character');
  });

  t.test(`${type}: vectors wider than MAX_DIMENSIONS are refused`, async (t) => {
    const fake = await startFakeLlm(t);
    const error = await failure(client.embed({ type, base_url: fake.url, api_key: null }, 'wide', ['one text']));
    t.equal(error.code, 'provider_bad_response');
    t.match(error.message, new RegExp(`at most ${MAX_DIMENSIONS} numbers`));
    const fine = await client.embed({ type, base_url: fake.url, api_key: null }, 'embed', ['one text', 'two texts']);
    t.equal(fine.length, 2, 'an ordinary reply still reads');
  });
}
