// Fits the knowledge index's per-language confidence anchors (plugins/knowledge/search-index/calibration.ts)
// on the *fit* half of the hard quality sets (even indexes; bench/quality.ts --half=held-out reports
// on the other half). For each question it reads the Q&A match and passages once, through the
// same retriever the engine uses (with this build's anchors set aside, so that it returns raw
// scores), then replays the engine's decision for every pair of anchors on a
// grid: answer (the raw score calibrated to min_confidence 0.5), clarify (to suggest_confidence 0.3).
//
//   npx tsx bench/calibrate.ts [--lang=de] [--max-unrelated-answered=0]
//
// Per language it keeps the answer anchor that answers the most questions right first while
// answering no more unrelated questions than allowed, then the clarify anchor that puts the most
// expected items within the answer or the suggestions, and of those the highest (fewest unrelated
// questions offered suggestions). Prints the fitted anchors and what they give on the fit half.
import type { Passage, QaMatch, TenantScope } from '../core/index.js';
import { calibrate, IDENTITY, LANGUAGE_BANDS, type LanguageBands } from '../plugins/knowledge/search-index/calibration.js';
import { candidatesOf, SHARE_OF_BEST, suggestionsFrom } from '../plugins/conversations/answer/suggestions.js';
import { HARD_QUALITY_SETS } from '../test/fixtures/answer-quality-hard.js';
import { expectedItemId, inHalf, loadQualitySet } from '../test/fixtures/answer-quality-judge.js';
import { benchServer } from './harness.js';

const MIN_CONFIDENCE = 0.5;
const SUGGEST_CONFIDENCE = 0.3;

interface Reading {
  expected: string | null; // null: an unrelated question
  qa: QaMatch | null;
  passages: Passage[];
  /** The question names something the knowledge never mentions: the engine does not answer it. */
  namesUnknown: boolean;
}

type Outcome = { kind: 'answer'; itemId: string } | { kind: 'clarify'; itemIds: string[] } | { kind: 'fallback' };

/** The match with every score mapped through `map`. */
function rescored(qa: QaMatch | null, map: (score: number) => number): QaMatch | null {
  return qa && { ...qa, score: map(qa.score), runnerUp: map(qa.runnerUp), others: qa.others.map((other) => ({ ...other, score: map(other.score) })) };
}

/** The engine's decision (engine.ts) for one reading under the anchors `bands`. */
function decide(reading: Reading, bands: LanguageBands, language: string, shareOfBest: number): Outcome {
  const calibrated = (raw: number) => calibrate(raw, bands);
  const { qa } = reading;
  const mayAnswer = !reading.namesUnknown;
  if (qa && mayAnswer && calibrated(qa.score) >= MIN_CONFIDENCE) return { kind: 'answer', itemId: qa.pair.document_id };
  const passages = reading.passages.map((passage) => ({ ...passage, confidence: calibrated(passage.confidence) }));
  const document = passages.find((passage) => passage.kind === 'passage' && passage.confidence >= MIN_CONFIDENCE);
  if (document && mayAnswer) return { kind: 'answer', itemId: document.document_id };
  const suggestions = suggestionsFrom(candidatesOf(rescored(qa, calibrated), passages), SUGGEST_CONFIDENCE, language, shareOfBest);
  return suggestions.length > 0 ? { kind: 'clarify', itemIds: suggestions.map((s) => s.knowledge_id) } : { kind: 'fallback' };
}

interface Score {
  first: number;
  within: number;
  unrelatedAnswered: number;
  unrelatedClarified: number;
}

function score(readings: Reading[], bands: LanguageBands, language: string, shareOfBest = SHARE_OF_BEST): Score {
  const result: Score = { first: 0, within: 0, unrelatedAnswered: 0, unrelatedClarified: 0 };
  for (const reading of readings) {
    const outcome = decide(reading, bands, language, shareOfBest);
    if (reading.expected === null) {
      if (outcome.kind === 'answer') result.unrelatedAnswered += 1;
      if (outcome.kind === 'clarify') result.unrelatedClarified += 1;
      continue;
    }
    const first = outcome.kind === 'answer' && outcome.itemId === reading.expected;
    if (first) result.first += 1;
    if (first || (outcome.kind === 'clarify' && outcome.itemIds.includes(reading.expected))) result.within += 1;
  }
  return result;
}

const grid = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);

function fit(readings: Reading[], language: string, maxUnrelatedAnswered: number): { bands: LanguageBands; score: Score } {
  let bestAnswer: { answer: number; first: number } | null = null;
  for (const answer of grid(0.2, 0.95, 0.01)) {
    // The clarify anchor does not change what is answered: any below `answer` will do here.
    const result = score(readings, { clarify: answer / 2, answer }, language);
    if (result.unrelatedAnswered > maxUnrelatedAnswered) continue;
    // Ties go to the higher anchor: the same right answers, with more margin against unrelated ones.
    if (!bestAnswer || result.first >= bestAnswer.first) bestAnswer = { answer, first: result.first };
  }
  if (!bestAnswer) throw new Error(`${language}: no answer anchor keeps unrelated questions unanswered`);
  let best: { bands: LanguageBands; score: Score } | null = null;
  for (const clarify of grid(0.05, bestAnswer.answer - 0.01, 0.01)) {
    const bands = { clarify, answer: bestAnswer.answer };
    const result = score(readings, bands, language);
    if (!best || result.within >= best.score.within) best = { bands, score: result };
  }
  return best!;
}

async function main(): Promise<void> {
  const args = new Map(process.argv.slice(2).map((argument) => argument.split('=', 2) as [string, string]));
  const only = args.get('--lang') ?? null;
  const maxUnrelatedAnswered = Number(args.get('--max-unrelated-answered') ?? 0);
  // The retriever calibrates every score with the build's anchors; what is fitted here is the raw
  // score, so this process's index keeps it (identity anchors: the score itself, already rounded).
  for (const language of Object.keys(LANGUAGE_BANDS)) LANGUAGE_BANDS[language] = IDENTITY;
  const bench = await benchServer('calibrate');
  const tenant: TenantScope = { accountId: bench.accountId, mode: 'live' };
  const { retriever } = bench.server.plugins.knowledge;
  try {
    for (const set of HARD_QUALITY_SETS) {
      if (only && set.language !== only) continue;
      const bot = await bench.call('POST', '/api/v1/chatbots', { name: `Calibrate ${set.language}`, language: set.language });
      const chatbotId = bot.id as string;
      const loaded = await loadQualitySet(bench.call, chatbotId, set);
      await bench.server.plugins.knowledge.worker.drain();
      const read = async (message: string, expected: string | null): Promise<Reading> => ({
        expected,
        qa: await retriever.matchQa(tenant, { chatbotId, language: set.language, message }),
        passages: await retriever.searchPassages(tenant, { chatbotId, language: set.language, query: message, limit: 5 }),
        namesUnknown: (await retriever.unknownNames(tenant, { chatbotId, language: set.language, message })).length > 0,
      });
      const readings: Reading[] = [];
      for (const [index, { ask, expect }] of set.questions.entries()) if (inHalf(index, 'fit')) readings.push(await read(ask, expectedItemId(loaded, expect)));
      for (const [index, question] of set.unrelated.entries()) if (inHalf(index, 'fit')) readings.push(await read(question, null));
      const questions = readings.filter((reading) => reading.expected !== null).length;
      const unrelated = readings.length - questions;
      const identity = score(readings, { clarify: SUGGEST_CONFIDENCE, answer: MIN_CONFIDENCE }, set.language);
      const ranks = readings
        .filter((reading) => reading.expected !== null)
        .map((reading) => [...new Set(candidatesOf(reading.qa, reading.passages).map((c) => c.knowledge_id))].indexOf(reading.expected!));
      const within = (n: number) => ranks.filter((rank) => rank >= 0 && rank < n).length;
      console.log(`${set.language}: the expected item ranks first for ${within(1)}/${questions}, in the top 3 for ${within(3)}, top 5 for ${within(5)}, anywhere ${within(99)}`);
      const fitted = fit(readings, set.language, maxUnrelatedAnswered);
      const line = (label: string, s: Score) =>
        `  ${label.padEnd(26)} first ${s.first}/${questions}  within ${s.within}/${questions}  unrelated answered ${s.unrelatedAnswered}/${unrelated}, clarified ${s.unrelatedClarified}/${unrelated}`;
      console.log(`${set.language}: { clarify: ${fitted.bands.clarify}, answer: ${fitted.bands.answer} }`);
      console.log(line('unfitted (0.3, 0.5)', identity));
      console.log(line('fitted', fitted.score));
      const shares = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8].map((share) => `${share}: ${score(readings, fitted.bands, set.language, share).within}`);
      console.log(`  within by the share of the best a suggestion needs (now ${SHARE_OF_BEST}): ${shares.join(', ')}`);
    }
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
