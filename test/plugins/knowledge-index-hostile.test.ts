// store-independent: it opens no store (the SQLite pass runs it once).
// Messages written to cost the most (plugins/knowledge/search-index/vocabulary.ts): many distinct short
// words (every pair a compound candidate in German) and many unknown long words (each a typo scan
// of the vocabulary), read up to 24 ways. The work is bounded per message; it is counted here,
// not timed.
import t from 'tap';
import type { KnowledgeIndex } from '../../plugins/knowledge/search-index/knowledge-index.js';
import { knowledgeIndexOf } from '../helpers/knowledge-index.js';

/**
 * Per Q&A match or passage search of one message: MAX_MESSAGE_TYPO_CANDIDATES typo candidates,
 * two edit distances each; pairs tried as compounds, at most 24 readings × 64 words × 16
 * neighbours (every pair of 1,000 words would be a million).
 */
const BOUND = { typoCandidates: 10_000, editDistances: 20_000, compoundPairs: 24 * 64 * 16 };

/** mulberry32: seeded, so the words (and the counts below) are the same on every run. */
let seed = 7;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
}
const word = (length: number) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]).join('');

/** `count` distinct random words of `length` letters, in sentences of `perSentence` words. */
function hostileMessage(count: number, length: number, perSentence: number): string {
  const words = new Set<string>();
  while (words.size < count) words.add(word(length));
  const sentences: string[] = [];
  const list = [...words];
  for (let i = 0; i < list.length; i += perSentence) sentences.push(`${list.slice(i, i + perSentence).join(' ')}.`);
  return sentences.join(' ');
}

/** A knowledge base of a few real pairs and ~3,000 random words of 4 to 10 letters: typo scans have candidates. */
async function indexOf(language: 'de' | 'en'): Promise<KnowledgeIndex> {
  const documents = Array.from({ length: 30 }, (_, i) => ({
    id: `doc_${i}`,
    title: word(8),
    content: Array.from({ length: 100 }, () => word(4 + Math.floor(random() * 7))).join(' '),
  }));
  const qa =
    language === 'de'
      ? [{ id: 'qa_versand', question: 'Wie lange dauert der Versand?' }, { id: 'qa_versandkosten', question: 'Wie hoch sind die Versandkosten?' }]
      : [{ id: 'qa_delivery', question: 'How long does delivery take?' }, { id: 'qa_parcel', question: 'Where is my parcel?' }];
  return knowledgeIndexOf(language, { qa, documents });
}

function workOf(index: KnowledgeIndex, read: () => unknown): { typoCandidates: number; editDistances: number; compoundPairs: number } {
  const before = index.counters;
  read();
  const after = index.counters;
  return {
    typoCandidates: after.typoCandidates - before.typoCandidates,
    editDistances: after.editDistances - before.editDistances,
    compoundPairs: after.compoundPairs - before.compoundPairs,
  };
}

const MESSAGES = {
  'short words': hostileMessage(1_000, 4, 40),
  'unknown long words': hostileMessage(500, 9, 25),
};

for (const language of ['de', 'en'] as const) {
  t.test(`${language}: a hostile message costs a bounded amount of work`, async (t) => {
    const index = await indexOf(language);
    t.ok(index.vocabularySize > 2_500, `${index.vocabularySize} known terms`);
    const measured = new Map<string, ReturnType<typeof workOf>>();
    for (const [name, message] of Object.entries(MESSAGES)) {
      for (const [call, read] of [
        ['Q&A match', () => index.matchQa(message)],
        ['passage search', () => index.search(message, 5)],
      ] as const) {
        // The first read of each message: a second one is the index's kept ranking, no work at all.
        const work = workOf(index, read);
        measured.set(`${name}, ${call}`, work);
        const what = `${name}, ${call}: ${JSON.stringify(work)}`;
        t.ok(work.typoCandidates <= BOUND.typoCandidates, `${what}: typo candidates within the message's budget`);
        t.ok(work.editDistances <= BOUND.editDistances, `${what}: edit distances bounded`);
        t.ok(work.compoundPairs <= BOUND.compoundPairs, `${what}: compound pairs bounded`);
        if (language === 'en') t.equal(work.compoundPairs, 0, 'English writes no compounds');
      }
    }
    const long = measured.get('unknown long words, Q&A match')!;
    t.ok(long.typoCandidates > BOUND.typoCandidates / 2, `the budget is what stops the typo scans (${long.typoCandidates} candidates)`);
  });
}

t.test('a real question still answers beside a hostile story', async (t) => {
  const de = await indexOf('de');
  t.equal(de.matchQa(`Wie lange dauert der Versand? ${MESSAGES['short words']}`)?.pair.document_id, 'qa_versand');
  const en = await indexOf('en');
  t.equal(en.matchQa(`Where is my parcel?\n${MESSAGES['unknown long words']}`)?.pair.document_id, 'qa_parcel');
});

t.test("a word's typo scan is done once per message, however many readings hold it", async (t) => {
  const index = await indexOf('en');
  const once = workOf(index, () => index.matchQa('delivry parcel'));
  t.ok(once.typoCandidates > 0, 'the typo is scanned for');
  // Twelve sentences: the message is read whole, by sentence and by pairs of sentences (24 readings).
  const repeated = workOf(index, () => index.matchQa(Array.from({ length: 12 }, () => 'delivry parcel.').join(' ')));
  t.same(repeated, once, 'the same work as one reading');
  t.equal(index.matchQa('delivry parcel')?.pair.document_id, 'qa_parcel');
});
