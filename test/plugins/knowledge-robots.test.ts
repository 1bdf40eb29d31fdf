// store-independent: it opens no store (the SQLite pass runs it once).
// robots.txt from crawled sites: the same answers as the regular-expression reading it replaced,
// and bounded work for hostile files (counted in steps through the file's budget, never timed).
import fc from 'fast-check';
import t from 'tap';
import { MAX_ROBOTS_TXT_LENGTH, MAX_RULE_LENGTH, MAX_RULES, parseRobotsTxt, ROBOTS_STEP_BUDGET } from '../../plugins/knowledge/robots.js';

const SEED = 9309;
const AGENT = 'chatbot-platform/0.1 (knowledge fetcher)';

/** The old reading: "*" as ".*" in a JavaScript regular expression (backtracking, so short input only). */
function referenceIsAllowed(rules: Array<{ allow: boolean; value: string }>, path: string): boolean {
  let decision: { allow: boolean; length: number } | null = null;
  for (const { allow, value } of rules) {
    if (!allow && value === '') continue;
    const anchored = value.endsWith('$');
    const body = (anchored ? value.slice(0, -1) : value)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    if (!new RegExp(`^${body}${anchored ? '$' : ''}`).test(path)) continue;
    if (!decision || value.length > decision.length || (value.length === decision.length && allow)) decision = { allow, length: value.length };
  }
  return decision?.allow ?? true;
}

t.test('agrees with the regular-expression reading on small random rules and paths', async (t) => {
  const piece = fc.constantFrom('/', 'a', 'b', 'ab', '*', '$', '.', '?', '=', '%2F');
  const rulePattern = fc.array(piece, { maxLength: 6, size: 'max' }).map((parts) => parts.join(''));
  const rule = fc.record({ allow: fc.boolean(), value: rulePattern });
  const path = fc.array(fc.constantFrom('/', 'a', 'b', '.', '?', '=', '$', '*'), { maxLength: 10, size: 'max' }).map((parts) => `/${parts.join('')}`);
  fc.assert(
    fc.property(fc.array(rule, { maxLength: 8, size: 'max' }), fc.array(path, { minLength: 1, maxLength: 10 }), (rules, paths) => {
      const text = ['User-agent: *', ...rules.map(({ allow, value }) => `${allow ? 'Allow' : 'Disallow'}: ${value}`)].join('\n');
      const robots = parseRobotsTxt(text, AGENT);
      return paths.every((p) => robots.isAllowed(p) === referenceIsAllowed(rules, p));
    }),
    { seed: SEED, numRuns: 2_000 },
  );
  t.pass('2,000 random files');
});

t.test('groups: ours over "*", merged when named twice, a group of ours without rules allows all', async (t) => {
  const text = [
    'User-agent: other',
    'User-agent: chatbot-platform',
    'Disallow: /a',
    '',
    'User-agent: *',
    'Disallow: /',
    '',
    'user-agent: CHATBOT-PLATFORM',
    'disallow: /b   # comment',
  ].join('\r\n');
  const robots = parseRobotsTxt(text, AGENT);
  t.equal(robots.isAllowed('/a/x'), false);
  t.equal(robots.isAllowed('/b'), false, 'the second group naming us is merged');
  t.equal(robots.isAllowed('/c'), true, 'our group, not "*"');
  const empty = parseRobotsTxt('User-agent: chatbot-platform\nDisallow:\n\nUser-agent: *\nDisallow: /\n', AGENT);
  t.equal(empty.isAllowed('/anything'), true, 'our own group allowing all beats "*" (RFC 9309 §2.2.1)');
  const blank = parseRobotsTxt('User-agent:\nDisallow: /\n', AGENT);
  t.equal(blank.isAllowed('/x'), true, 'a User-agent line with no name is not every agent');
  t.equal(parseRobotsTxt('User-agent: *\nDisallow: /p*$\n', AGENT).isAllowed('/pq'), false, '"*$" is "*"');
  t.equal(parseRobotsTxt('User-agent: *\nDisallow: /p$\n', AGENT).isAllowed('/pq'), true, '"$" ends the path');
});

t.test('hostile files: bounded work, counted in steps', async (t) => {
  t.test('100,000 "*" in one rule', async (t) => {
    const robots = parseRobotsTxt(`User-agent: *\nDisallow: /${'*'.repeat(100_000)}x$\nAllow: /${'*a'.repeat(50_000)}b\n`, AGENT);
    const path = `/${'a'.repeat(10_000)}`;
    t.equal(robots.isAllowed(path), false, 'a Disallow longer than the cap is cut, so it refuses more');
    t.ok(robots.steps <= 2 * (path.length + MAX_RULE_LENGTH) + 2, `one check: ${robots.steps} steps`);
  });

  t.test('500 KiB of wildcard rules: thousands of checks stay within the budget, then refuse', async (t) => {
    const rule = `Disallow: /${'*a'.repeat(500)}*b\n`;
    const body = rule.repeat(Math.ceil(MAX_ROBOTS_TXT_LENGTH / rule.length) + 50);
    const robots = parseRobotsTxt(`User-agent: *\n${body}Allow: /late-rule\n`, AGENT);
    const path = `/${'a'.repeat(2_000)}`;
    t.equal(robots.isAllowed(path), true, 'no rule matches: allowed');
    const first = robots.steps;
    const rules = Math.floor(MAX_ROBOTS_TXT_LENGTH / rule.length);
    t.ok(first <= 2 * rules * (path.length + rule.length), `one check is linear in rules × (path + rule): ${first} steps`);
    let refused = 0;
    for (let i = 0; i < 5_000; i++) if (!robots.isAllowed(path)) refused++;
    t.ok(robots.steps <= ROBOTS_STEP_BUDGET, `${robots.steps} steps in all`);
    t.ok(refused > 4_000, `once the budget is spent every check is refused (${refused} of 5,000)`);
  });

  t.test('only the first 500 KiB are read; rule count and length are capped', async (t) => {
    const padding = `# ${'x'.repeat(1_000)}\n`.repeat(Math.ceil(MAX_ROBOTS_TXT_LENGTH / 1_000));
    t.equal(parseRobotsTxt(`User-agent: *\n${padding}Disallow: /late\n`, AGENT).isAllowed('/late'), true, 'a rule after 500 KiB is not read');
    const cut = parseRobotsTxt(`User-agent: *\n${'#'.repeat(MAX_ROBOTS_TXT_LENGTH - 30)}\nAllow: /\nDisallow: /private-area`, AGENT);
    t.equal(cut.isAllowed('/private-area'), true, 'a line cut at the limit is left out, not read shortened');
    const many = Array.from({ length: MAX_RULES + 10 }, (_, i) => `Disallow: /r${i}$`).join('\n');
    const capped = parseRobotsTxt(`User-agent: *\n${many}`, AGENT);
    t.equal(capped.isAllowed(`/r${MAX_RULES - 1}`), false);
    t.equal(capped.isAllowed(`/r${MAX_RULES + 5}`), true, `rules past ${MAX_RULES} are not read`);
    const longAllow = parseRobotsTxt(`User-agent: *\nDisallow: /\nAllow: /${'a'.repeat(MAX_RULE_LENGTH)}`, AGENT);
    t.equal(longAllow.isAllowed(`/${'a'.repeat(MAX_RULE_LENGTH + 1)}`), false, 'an Allow longer than the cap is dropped');
  });

  t.test('a small budget: checks answer false once it is spent', async (t) => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /private\n', AGENT, { stepBudget: 1_000 });
    let allowed = 0;
    for (let i = 0; i < 1_000; i++) if (robots.isAllowed('/public/page')) allowed++;
    t.ok(allowed > 0 && allowed < 1_000, `${allowed} allowed before the budget ran out`);
    t.equal(robots.isAllowed('/public/page'), false);
    t.equal(robots.steps, 1_000);
  });
});
