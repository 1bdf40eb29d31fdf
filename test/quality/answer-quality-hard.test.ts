// The hard answer-quality sets (test/fixtures/answer-quality-hard.ts: close pairs, synonyms,
// typos, missing diacritics, compounds, problems stated, short and long messages, and unrelated
// questions that share words with the knowledge), kept as a regression floor: a change that makes
// answers worse in a language, or answers more unrelated questions, fails here. Both halves are
// asked (the engine's calibration is fitted on one and reported on the other: bench/quality.ts
// --half). The measured figures are printed; bench/quality.ts prints them per kind and every miss.
// It runs in the SQLite pass only (test/quality/ is not in the FerretDB pass): matching happens in
// the in-memory index, the same whichever store the knowledge was read from.
import t from 'tap';
import { HARD_QUALITY_SETS } from '../fixtures/answer-quality-hard.js';
import { answers, askQualitySet, checkQualitySet, loadQualitySet } from '../fixtures/answer-quality-judge.js';
import { buildTestServer } from '../helpers/server.js';

/**
 * Questions right per language, this build's figures (bench/RESULTS.md, "Answers v3") rounded down
 * to the hundredth: `first`, answered right at once; `within`, right at once or the expected item
 * suggested and right once chosen. `within` replaces the floors "right" had when a "did you mean"
 * showed its guess with the answer at once (en 0.42, de 0.37, fr 0.58, ro 0.47; all exceeded). A
 * floor only goes up, with one exception said where it was taken: English `first` went from 0.37
 * to 0.29 when the fitted anchors were taken (English answers from a raw 0.55, so that no unrelated
 * question of the fit half is answered; bench/RESULTS.md "Answers v3, calibrated"), while every
 * `within` floor rose by 0.08 to 0.22 and the unrelated bound went from 6 to 2.
 */
const FLOORS: Record<string, { first: number; within: number }> = {
  en: { first: 0.29, within: 0.78 },
  de: { first: 0.3, within: 0.79 },
  fr: { first: 0.56, within: 0.79 },
  ro: { first: 0.45, within: 0.73 },
};
/** Unrelated questions answered (not the fallback, not suggestions), of 56: this build's figure. */
const MAX_ANSWERED_UNRELATED = 2;

t.test('hard paraphrases and unrelated questions, per language', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('enterprise');
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await api.request(method, url, { key: acme.live, payload: payload as Record<string, unknown> | undefined });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
    return response.json as Record<string, unknown>;
  };
  const report: string[] = [];
  let answeredUnrelated = 0;

  for (const set of HARD_QUALITY_SETS) {
    t.same(checkQualitySet(set, { requireKinds: true }), [], `${set.language}: the set's data holds together`);
    const bot = (await call('POST', '/api/v1/chatbots', { name: `Hard ${set.language}`, language: set.language })) as { id: string };
    const loaded = await loadQualitySet(call, bot.id, set);
    await api.server.plugins.knowledge.worker.drain();
    const judged = await askQualitySet(call, bot.id, set, loaded);
    const questions = judged.filter((question) => question.kind !== 'unrelated');
    const first = questions.filter((question) => question.right).length / questions.length;
    const within = questions.filter((question) => question.within).length / questions.length;
    const answered = judged.filter((question) => question.kind === 'unrelated' && answers(question.reply));
    answeredUnrelated += answered.length;
    report.push(
      `${set.language}: right first ${(first * 100).toFixed(1)}%, within ${(within * 100).toFixed(1)}% of ${questions.length}; ${answered.length} unrelated answered`,
      ...answered.map(({ question, reply }) => `  answered: ${question} → ${reply.answer_type} ${reply.confidence}`),
    );
    const floor = FLOORS[set.language]!;
    t.ok(first >= floor.first, `${set.language}: right first ${(first * 100).toFixed(1)}% ≥ ${(floor.first * 100).toFixed(1)}%`);
    t.ok(within >= floor.within, `${set.language}: right within the suggestions ${(within * 100).toFixed(1)}% ≥ ${(floor.within * 100).toFixed(1)}%`);
  }
  t.ok(answeredUnrelated <= MAX_ANSWERED_UNRELATED, `${answeredUnrelated} unrelated questions answered (≤ ${MAX_ANSWERED_UNRELATED})`);
  t.comment(`hard answer quality\n${report.join('\n')}`);
});
