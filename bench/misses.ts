// Where the hard sets' misses are, and whether a lexical rule could reach them. Asks each question
// of a half as bench/quality.ts does (through the API, judged alike), then, for every question not
// answered right first, ranks the knowledge for it (the retriever's Q&A match and passages, in the
// order suggestions take) and compares its words with the expected item's and with the first
// ranked item's, *loosely*: far more generously than the engine's analysis (see looselyShared). Each
// miss falls in one class:
//
//   calibration     the expected item is ranked first, but below the answer anchor of its language:
//                   answered with a suggestion (right within) or not at all. Answering it means
//                   answering at a confidence where the fit half's unrelated questions are answered.
//   no shared word  the expected item is not first, and not one word of the question is in it, even
//                   loosely: only meaning (synonyms, a problem told instead of asked) reaches it.
//   outmatched      the expected item is not first, and the first one shares at least as many of the
//                   question's words (loosely): the words favour it, so no rule on words can prefer
//                   the expected item without preferring the other for questions that mean it.
//   reachable       the expected item is not first though it shares more of the question's words
//                   than the first: a lexical rule could still reach it. Listed one by one.
//
//   npx tsx bench/misses.ts [--half=held-out|fit|all] [--lang=de] [--list=CLASS]
import { analyzerFor, foldForSearch, type TenantScope } from '../core/index.js';
import { candidatesOf } from '../plugins/conversations/answer/suggestions.js';
import { editDistance } from '../plugins/knowledge/search-index/edit-distance.js';
import type { QualitySet } from '../test/fixtures/answer-quality.js';
import { HARD_QUALITY_SETS } from '../test/fixtures/answer-quality-hard.js';
import { askQualitySet, documentsOf, expectedItemId, loadQualitySet, type Half } from '../test/fixtures/answer-quality-judge.js';
import { benchServer } from './harness.js';

const CLASSES = ['calibration', 'no shared word', 'outmatched', 'reachable'] as const;
type MissClass = (typeof CLASSES)[number];
const SEMANTIC_KINDS = new Set(['synonym', 'problem', 'long']);
/** Candidates ranked per question: the retriever's best Q&A pairs and passages. */
const PASSAGES_RANKED = 10;
const WORD = /[\p{L}\p{N}]+/gu;

interface Miss {
  language: string;
  kind: string;
  question: string;
  missClass: MissClass;
  /** Within the answer or the suggestions (right once chosen). */
  within: boolean;
  rank: number | null;
  sharedWithExpected: string[];
  sharedWithFirst: string[];
  first: string | null;
}

/** The content words of a text (those the analysis keeps), folded (lower case, no diacritics), unstemmed. */
function contentWords(text: string, language: string): string[] {
  const analyzer = analyzerFor(language);
  const words = Array.from(text.matchAll(WORD), ([word]) => word).filter((word) => analyzer.terms(word).length > 0);
  return [...new Set(words.map((word) => foldForSearch(word)))];
}

/**
 * Two words are loosely the same when they are equal, share a stem (a common beginning of 4+
 * letters that is most of the shorter word), one holds the other (4+ letters: compounds,
 * "Rad" aside), or they are one edit apart (4+ letters; two from 8): what any lexical rule of
 * stemming, compounds or typos could at most make of them.
 */
function looselySame(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 4 && (a.includes(b) || b.includes(a))) return true;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  if (common >= 4 && common >= shorter * 0.6) return true;
  const limit = shorter >= 8 ? 2 : shorter >= 4 ? 1 : 0;
  return limit > 0 && editDistance(a, b, limit) <= limit;
}

/** The question's words that some word of `text` is loosely the same as. */
function looselyShared(question: string[], text: string[]): string[] {
  return question.filter((word) => text.some((other) => looselySame(word, other)));
}

function itemText(set: QualitySet, loaded: { qaIds: string[]; documentIds: string[] }, itemId: string): string {
  const pair = loaded.qaIds.indexOf(itemId);
  if (pair >= 0) return `${set.qa[pair]!.question} ${set.qa[pair]!.answer}`;
  const document = documentsOf(set)[loaded.documentIds.indexOf(itemId)];
  return document ? `${document.title} ${document.content}` : '';
}

async function main(): Promise<void> {
  const args = new Map(process.argv.slice(2).map((argument) => argument.split('=', 2) as [string, string]));
  const half = (args.get('--half') ?? 'held-out') as Half;
  const only = args.get('--lang') ?? null;
  const list = args.get('--list') ?? null;
  const bench = await benchServer('misses');
  const tenant: TenantScope = { accountId: bench.accountId, mode: 'live' };
  const { retriever } = bench.server.plugins.knowledge;
  const misses: Miss[] = [];
  let asked = 0;
  try {
    for (const set of HARD_QUALITY_SETS) {
      if (only && set.language !== only) continue;
      const { language } = set;
      const bot = await bench.call('POST', '/api/v1/chatbots', { name: `Misses ${language}`, language });
      const chatbotId = bot.id as string;
      const loaded = await loadQualitySet(bench.call, chatbotId, set);
      await bench.server.plugins.knowledge.worker.drain();
      for (const judged of await askQualitySet(bench.call, chatbotId, set, loaded, half)) {
        if (judged.kind === 'unrelated') continue;
        asked += 1;
        if (judged.right) continue;
        const message = judged.question;
        const qa = await retriever.matchQa(tenant, { chatbotId, language, message });
        const passages = await retriever.searchPassages(tenant, { chatbotId, language, query: message, limit: PASSAGES_RANKED });
        const ranked = [...new Set(candidatesOf(qa, passages).map((candidate) => candidate.knowledge_id))];
        const expected = expectedItemId(loaded, judged.expect!);
        const position = ranked.indexOf(expected);
        const words = contentWords(message, language);
        const sharedWithExpected = looselyShared(words, contentWords(itemText(set, loaded, expected), language));
        const first = ranked[0] ?? null;
        const sharedWithFirst = first && first !== expected ? looselyShared(words, contentWords(itemText(set, loaded, first), language)) : [];
        let missClass: MissClass;
        if (position === 0) missClass = 'calibration';
        else if (sharedWithExpected.length === 0) missClass = 'no shared word';
        else if (sharedWithFirst.length >= sharedWithExpected.length) missClass = 'outmatched';
        else missClass = 'reachable';
        misses.push({
          language,
          kind: judged.kind,
          question: message,
          missClass,
          within: judged.within,
          rank: position < 0 ? null : position + 1,
          sharedWithExpected,
          sharedWithFirst,
          first: first === null ? null : itemText(set, loaded, first).slice(0, 60),
        });
      }
    }
  } finally {
    await bench.close();
  }

  console.log(`${half} half: ${asked} questions, ${misses.length} not answered right first, of which ${misses.filter((m) => m.within).length} right within the suggestions`);
  const row = (label: string, group: Miss[]) =>
    `  ${label.padEnd(16)}${CLASSES.map((c) => String(group.filter((m) => m.missClass === c).length).padStart(16)).join('')}${String(group.length).padStart(8)}`;
  for (const [title, filter] of [
    ['all misses (not right first)', (_: Miss) => true],
    ['misses not within the suggestions either', (m: Miss) => !m.within],
  ] as const) {
    const group = misses.filter(filter);
    console.log(`\n${title}\n  ${'kind'.padEnd(16)}${CLASSES.map((c) => c.padStart(16)).join('')}${'all'.padStart(8)}`);
    const kinds = [...new Set(group.map((m) => m.kind))].sort((a, b) => Number(SEMANTIC_KINDS.has(a)) - Number(SEMANTIC_KINDS.has(b)) || a.localeCompare(b));
    for (const kind of kinds) console.log(row(kind, group.filter((m) => m.kind === kind)));
    console.log(row('all', group));
  }
  const shown = list ? misses.filter((m) => m.missClass === list) : misses.filter((m) => m.missClass === 'reachable');
  console.log(`\n${list ?? 'reachable'}: ${shown.length}`);
  for (const m of shown) {
    console.log(`  ${m.within ? '~' : '✗'} [${m.language} ${m.kind}] ${m.question}`);
    console.log(`      rank ${m.rank ?? '–'}; shares with the expected item: ${m.sharedWithExpected.join(', ') || 'nothing'}; with the first (${m.first ?? '–'}): ${m.sharedWithFirst.join(', ') || 'nothing'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
