// Answer quality in four languages: questions phrased differently from the knowledge must get the
// right answer (the right source), unrelated ones no answer (the fallback, or suggestions). The
// figures are printed per language and must stay above their floors, so a change that makes
// answers worse fails here. Two measures (test/fixtures/answer-quality-judge.ts): right first (the
// reply answers from the expected item), and right within the answer or the suggestions (or the
// expected item is suggested and answers right once chosen); an unrelated question counts in both
// when it is not answered.
import t from 'tap';
import { QUALITY_SETS } from '../fixtures/answer-quality.js';
import { askQualitySet, loadQualitySet } from '../fixtures/answer-quality-judge.js';
import { buildTestServer } from '../helpers/server.js';

/**
 * Floors per language, on the 14 questions and 4 unrelated questions together: this build's
 * figures (bench/RESULTS.md, "Answers v3") rounded down to the hundredth. `within` replaces the
 * floor of 0.8 that "right" had when a "did you mean" showed its guess with the answer at once (a
 * suggestion shows it one choice later). A floor only goes up, with one exception said where it
 * was taken: English `first` went from 0.72 to 0.61 when the fitted anchors were taken (English
 * answers from a raw 0.55; bench/RESULTS.md "Answers v3, calibrated"), while de `within` rose to
 * 0.88 and ro `within` to 1.
 */
const FLOORS: Record<string, { first: number; within: number }> = {
  en: { first: 0.61, within: 0.88 },
  de: { first: 0.72, within: 0.88 },
  fr: { first: 0.83, within: 0.88 },
  ro: { first: 0.72, within: 1 },
};

t.test('paraphrased questions and unrelated ones, per language', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const call = async (method: string, url: string, payload?: unknown) => {
    const response = await api.request(method, url, { key: acme.live, payload: payload as Record<string, unknown> | undefined });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
    return response.json as Record<string, unknown>;
  };
  const report: string[] = [];

  for (const set of QUALITY_SETS) {
    const bot = (await call('POST', '/api/v1/chatbots', { name: `Shop ${set.language}`, language: set.language })) as { id: string };
    const loaded = await loadQualitySet(call, bot.id, set);
    await api.server.plugins.knowledge.worker.drain();
    const judged = await askQualitySet(call, bot.id, set, loaded);
    const first = judged.filter((question) => question.right).length / judged.length;
    const within = judged.filter((question) => question.within).length / judged.length;
    const misses = judged
      .filter((question) => !question.right)
      .map(({ question, kind, within: found, reply }) => `  ${found ? '~' : '✗'} ${kind === 'unrelated' ? '(unrelated) ' : ''}${question} → ${reply.answer_type} ${reply.confidence}`);
    report.push(`${set.language}: right first ${(first * 100).toFixed(1)}%, within ${(within * 100).toFixed(1)}% of ${judged.length}`, ...misses);
    const floor = FLOORS[set.language]!;
    t.ok(first >= floor.first, `${set.language}: right first ${(first * 100).toFixed(1)}% ≥ ${(floor.first * 100).toFixed(1)}%`);
    t.ok(within >= floor.within, `${set.language}: right within the suggestions ${(within * 100).toFixed(1)}% ≥ ${(floor.within * 100).toFixed(1)}%`);
  }
  t.comment(`answer quality\n${report.join('\n')}`);
});
