// User patterns (chatbot rules): linear-time matching, RE2's syntax refused with a reason, and
// compiled patterns cached with a bound, so compiling and matching thousands of them does not
// grow without end (re2-wasm's heap filled after ~200 reads of 50 patterns: GET /settings 500).
import t from 'tap';
import { cachedPatternCount, compileSafePattern, MAX_PATTERN_PROGRAM_SIZE, MAX_PATTERNS_PROGRAM_SIZE } from '../../core/text/safe-pattern.js';
import { assertError, buildTestServer, TEST_STORE } from '../helpers/server.js';

// 240 s, twice tap's default for a file: 49 s alone in a CI run (2,000 settings round trips), 130 s when another job loaded the machine. A hang still fails it.
t.setTimeout(240_000);

t.test('classic ReDoS patterns return on 100,000 characters', async (t) => {
  const text = `${'a'.repeat(100_000)}!`;
  for (const pattern of ['(a+)+$', '(a|aa)+$', '^(a|a?)+$', '(.*a){20}$', '^(a+)+b', '(\\w+\\s?)+$', '(a*)*b']) {
    t.equal(compileSafePattern(pattern).test(text), false, pattern);
  }
  t.equal(compileSafePattern('(a+)+!$').test(text), true);
});

t.test('case-insensitive Unicode in JavaScript spelling; what RE2 cannot do is refused', async (t) => {
  t.equal(compileSafePattern('CAFÉ').test('un café'), true, 'case folded beyond ASCII');
  t.equal(compileSafePattern('\\u00e9t\\u00E9').test('ÉTÉ'), true, '\\u escapes');
  t.equal(compileSafePattern('^\\p{Lu}').test('Ésope'), true, 'Unicode classes');
  t.equal(compileSafePattern('^.$').test('😀'), true, 'a surrogate pair is one character');
  t.equal(compileSafePattern('\\bhuman\\b').test('a HUMAN please'), true);
  t.equal(compileSafePattern('\\bhuman\\b').test('humane'), false);
  for (const pattern of ['(?<=a)b', '(?<!a)b', '(a)\\1', '(?=a)', '(unclosed', 'a{1001}', `${'a{900}'}b{200}`]) {
    t.throws(() => compileSafePattern(pattern), { name: 'UnsafePatternError' }, pattern);
  }
  t.throws(() => compileSafePattern('[a-z]{1,999}x'), /more than 1000/, `programs over ${MAX_PATTERN_PROGRAM_SIZE} instructions`);
});

t.test('compiled once, then cached; the cache is bounded', async (t) => {
  t.equal(compileSafePattern('^order \\d+$'), compileSafePattern('^order \\d+$'), 'the same compiled pattern');
  for (let i = 0; i < 10_000; i++) {
    const pattern = compileSafePattern(`\\bword${i}\\b|^x{${i % 50}}$`);
    if (!pattern.test(`a word${i} b`)) t.fail(`pattern ${i}`);
  }
  t.ok(cachedPatternCount() <= 2_000, `${cachedPatternCount()} held after 10,000 patterns`);
});

// 2,000 on SQLite; a FerretDB round trip is ~15 times slower, and 300 still pass where the old
// code failed (at round 44).
const ROUNDS = TEST_STORE === 'sqlite' ? 2_000 : 300;

t.test(`settings: ${ROUNDS} PUT + GET round trips with 50 patterns each answer 200`, async (t) => {
  const api = await buildTestServer(t);
  const account = await api.account('enterprise');
  const created = await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Patterns' } });
  const url = `/api/v1/chatbots/${created.json.id}/settings`;
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Rounds share patterns in fives, so the cache is exercised with both hits and new patterns.
    const rules = Array.from({ length: 50 }, (_, i) => ({
      match: { pattern: `\\b(word${Math.floor(round / 5)}|term${i})\\b` },
      action: { type: 'handoff' },
    }));
    const put = await api.request('PUT', url, { key: account.live, payload: { rules } });
    const get = await api.request('GET', url, { key: account.live });
    if (put.statusCode !== 200 || get.statusCode !== 200 || get.json.rules.length !== 50) {
      failures++;
      if (failures < 3) t.fail(`round ${round}: PUT ${put.statusCode}, GET ${get.statusCode} ${get.payload.slice(0, 200)}`);
    }
  }
  t.equal(failures, 0, 'every round trip answered 200');
  const refused = await api.request('PUT', url, { key: account.live, payload: { rules: [{ match: { pattern: '(a)\\1' }, action: { type: 'handoff' } }] } });
  t.equal(refused.statusCode, 400);
  t.match(refused.payload, /not a valid pattern: RE2 syntax/);
});

t.test('a chatbot’s patterns together are bounded too: every message is matched against all of them', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('starter');
  const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: 'Patterns' } })).json;
  const rule = (pattern: string) => ({ match: { pattern }, action: { type: 'handoff' } });
  // Each of these is allowed alone (about 900 instructions); three of them are not.
  const big = 'a{800}';
  const one = await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { rules: [rule(big)] } });
  t.equal(one.statusCode, 200, 'one large pattern is fine');
  const body = assertError(
    t,
    await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { rules: [rule(big), rule(`b${big}`), rule(`c${big}`)] } }),
    400,
    'validation_failed',
  );
  t.match(body.message, new RegExp(`more than ${MAX_PATTERNS_PROGRAM_SIZE}`));
  const many = Array.from({ length: 50 }, (_, i) => rule(`order ${i} (status|state)`));
  t.equal((await api.request('PUT', `/api/v1/chatbots/${bot.id}/settings`, { key: acme.live, payload: { rules: many } })).statusCode, 200, 'fifty ordinary patterns are fine');
});
