// store-independent: it opens no store (the SQLite pass runs it once).
// The in-memory knowledge index (plugins/knowledge/search-index/): Q&A matching and its calibrated
// confidence, passage ranking, and how a question's words reach the knowledge's (typos, compounds,
// synonyms, stems that disagree). Built through the worker's own analysis, without a store.
import t from 'tap';
import { editDistance } from '../../plugins/knowledge/search-index/edit-distance.js';
import { KnowledgeIndex } from '../../plugins/knowledge/search-index/knowledge-index.js';
import { runParseTask, type AnalysedChunk } from '../../plugins/knowledge/parsing/tasks.js';
import type { StoredChunk } from '../../plugins/knowledge/collections.js';
import { knowledgeIndexOf } from '../helpers/knowledge-index.js';

t.test('edit distance: Levenshtein with transpositions, bounded', async (t) => {
  t.equal(editDistance('delivery', 'delivery', 2), 0);
  t.equal(editDistance('delivry', 'delivery', 2), 1, 'a missing letter');
  t.equal(editDistance('paypla', 'paypal', 2), 1, 'two letters swapped');
  t.equal(editDistance('kitten', 'sitting', 3), 3);
  t.equal(editDistance('kitten', 'sitting', 1), 2, 'gives up past the limit (limit + 1)');
  t.equal(editDistance('a', 'abcd', 1), 2, 'lengths too far apart');
});

t.test('Q&A matching: shares of the message and of the phrasing, weighted by IDF', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'How long does delivery take?', alternatives: ['When will my order arrive?'] },
      { id: 'doc_2', question: 'How much does delivery cost?' },
      { id: 'doc_3', question: 'Can I pay with PayPal?' },
    ],
  });
  t.equal(index.qaPairs, 3);
  t.match(index.matchQa('How long does delivery take?'), { pair: { document_id: 'doc_1' }, score: 1 }, 'the question itself: 1');
  t.match(index.matchQa('when will my order arrive'), { pair: { document_id: 'doc_1' }, phrasing: 'When will my order arrive?', score: 1 }, 'an alternative');
  const cost = index.matchQa('delivery cost')!;
  t.equal(cost.pair.document_id, 'doc_2', '"cost" is rarer than "delivery", so it decides');
  t.ok(cost.runnerUp > 0 && cost.runnerUp < cost.score, `the other delivery question is the runner-up (${cost.runnerUp})`);
  const delivery = index.matchQa('delivery')!;
  t.ok(delivery.score < 0.6, `a word both questions share says little (${delivery.score})`);
  t.equal(index.matchQa('the and of'), null, 'stop words only');
  t.equal(index.matchQa('astronomy'), null, 'no shared term');
  const typo = index.matchQa('can i pay with paypla')!;
  t.equal(typo.pair.document_id, 'doc_3', 'a typo of a known word');
  t.ok(typo.score < 1 && typo.score >= 0.5, `at a discount (${typo.score})`);
  const unrelated = index.matchQa('What is the delivery time of a pizza in Rome?');
  t.ok(!unrelated || unrelated.score < 0.5, `words the knowledge never uses keep an unrelated question low (${unrelated?.score})`);
  t.equal((await knowledgeIndexOf('en', {})).matchQa('anything'), null, 'no pairs');
  const tie = await knowledgeIndexOf('en', { qa: [{ id: 'doc_b', question: 'opening hours' }, { id: 'doc_a', question: 'opening hours' }] });
  t.equal(tie.matchQa('opening hours')!.pair.document_id, 'doc_a', 'ties go to the lower id, so answers are stable');
});

t.test('Q&A matching: the answer counts, less than the question', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'Can I pay with PayPal?', answer: 'Yes, we accept PayPal, Visa and Mastercard.' },
      { id: 'doc_2', question: 'Do you ship internationally?', answer: 'We ship to the EU, the UK and Switzerland.' },
    ],
  });
  const visa = index.matchQa('Do you take Visa?')!;
  t.equal(visa.pair.document_id, 'doc_1', 'found by a word of the answer only');
  t.ok(visa.score < 0.6, `at a discount (${visa.score})`);
  const switzerland = index.matchQa('Do you deliver to Switzerland?')!;
  t.equal(switzerland.pair.document_id, 'doc_2', 'a synonym in the question (deliver/ship) and a word of the answer');
  t.ok(switzerland.score >= 0.5, `confident (${switzerland.score})`);
});

t.test('a typo that is the word plus a last letter counts as one edit, not two', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'Do you ship abroad?' },
      { id: 'doc_2', question: 'How do I track my parcel?' },
    ],
  });
  // "shipz" less its last letter is "ship" (distance 0 through the shortened word); "shjp" is one substitution away.
  const extraLetter = index.matchQa('shipz abroad')!;
  const substitution = index.matchQa('shjp abroad')!;
  t.equal(extraLetter.pair.document_id, 'doc_1');
  t.equal(substitution.pair.document_id, 'doc_1');
  t.equal(extraLetter.score, substitution.score, `both at the one-edit discount (${extraLetter.score})`);
  t.ok(extraLetter.score < index.matchQa('ship abroad')!.score, 'still below the word itself');
});

t.test('German compounds match their parts both ways', async (t) => {
  const index = await knowledgeIndexOf('de', {
    qa: [
      { id: 'doc_1', question: 'Wie hoch sind die Versandkosten?', answer: 'Der Versand kostet 4,90 EUR.' },
      { id: 'doc_2', question: 'Wie lange dauert der Versand?', answer: 'Zwei bis drei Werktage.' },
      { id: 'doc_3', question: 'Kosten für die Rücksendung', answer: 'Die Rücksendung ist kostenlos.' },
    ],
  });
  t.equal(index.matchQa('Was sind die Kosten für den Versand?')?.pair.document_id, 'doc_1', 'split words find the compound');
  t.equal(index.matchQa('Rücksendekosten?')?.pair.document_id, 'doc_3', 'a compound finds its split words');
  t.equal(index.matchQa('Rücksendeversand')?.pair.document_id, 'doc_3', 'an unknown compound of known words, asked as its parts');
  t.ok(index.matchQa('Was sind die Kosten für den Versand?')!.score >= 0.5, 'confidently');
});

t.test('diacritics, stems that disagree, synonyms', async (t) => {
  const fr = await knowledgeIndexOf('fr', { qa: [{ id: 'doc_1', question: 'Quels moyens de paiement acceptez-vous ?', answer: 'Nous acceptons PayPal.' }] });
  t.equal(fr.matchQa('vous acceptez paypal')?.pair.document_id, 'doc_1');
  t.equal(fr.matchQa('moyens de paiement acceptes')?.pair.document_id, 'doc_1', 'accents left out');
  const ro = await knowledgeIndexOf('ro', { qa: [{ id: 'doc_1', question: 'Cât costă livrarea în străinătate?', answer: 'Livrarea costă 20 de lei.' }] });
  t.ok(ro.matchQa('cat costa livrarea in strainatate')!.score >= 0.9, 'Romanian without diacritics is the same question');
  const en = await knowledgeIndexOf('en', { qa: [{ id: 'doc_1', question: 'How much is shipping?', answer: 'Shipping is free.' }] });
  t.equal(en.matchQa('delivery price')?.pair.document_id, 'doc_1', 'synonyms of the language table');
});

t.test('typos: a transposition of the whole word beats an edit of the word less its last letter', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'What are your shop opening hours?' },
      { id: 'doc_2', question: 'How long does shipping take?' },
      { id: 'doc_3', question: 'Do you ship abroad?' },
    ],
  });
  // "shp" is one edit from "ship" (the more frequent term) and from "shop"; "shpo" is one transposition from "shop", two edits from "ship".
  t.equal(index.matchQa('shpo hours')?.pair.document_id, 'doc_1');
  t.equal(index.matchQa('shpo')?.pair.document_id, 'doc_1', 'the transposition alone decides');
});

t.test('typos: a mistyped long word is its known stem with the ending the stemmer left on it', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'How does the coffee subscription work?' },
      { id: 'doc_2', question: 'Do you sell gift cards?' },
    ],
  });
  // "subscritpion" is analysed as itself; its first eight letters are one transposition from "subscrip".
  t.equal(index.matchQa('subscritpion')?.pair.document_id, 'doc_1');
  t.ok(index.matchQa('subscritpion')!.score < index.matchQa('subscription')!.score, 'less than the word itself');
  t.equal(index.matchQa('subscritpionsnow'), null, 'an ending longer than four letters is another word');
});

t.test('typos: a doubled letter typed once, even in a word whose stem is too short for an edit', async (t) => {
  const index = await knowledgeIndexOf('de', {
    qa: [
      { id: 'doc_1', question: 'Wie messe ich die Schrittlänge?' },
      { id: 'doc_2', question: 'Was kostet der Versand?' },
    ],
  });
  // "mesen" is analysed "mes": three letters, no edit allowed; "messe" is "mess".
  t.equal(index.matchQa('mesen?')?.pair.document_id, 'doc_1');
  t.equal(index.matchQa('Schrittlänge mesen')?.pair.document_id, 'doc_1');
});

t.test('German typed without umlauts (ae, oe, ue) is the word with them', async (t) => {
  const index = await knowledgeIndexOf('de', {
    qa: [
      { id: 'doc_1', question: 'Wann kommt die Rückzahlung?' },
      { id: 'doc_2', question: 'Welche Größe passt mir?' },
    ],
  });
  const typed = index.matchQa('Rueckzahlung')!;
  t.equal(typed.pair.document_id, 'doc_1');
  t.equal(typed.score, index.matchQa('Rückzahlung')!.score, `as strong as with the umlaut (${typed.score}), not a one-edit typo`);
  t.equal(index.matchQa('Groesse')!.score, index.matchQa('Größe')!.score, '"oe" for "ö" (and "ss" for "ß", folded already)');
});

t.test('words of one family meet: the noun and the verb, the participle', async (t) => {
  // Each question shares no other word with the knowledge, and its root is too short for the
  // prefix rule of typo correction (five letters): "wart", "offn", "livr".
  const de = await knowledgeIndexOf('de', {
    qa: [
      { id: 'doc_1', question: 'Wann ist der Laden geöffnet?' },
      { id: 'doc_2', question: 'Wie oft braucht das Rad eine Wartung?' },
    ],
  });
  t.equal(de.matchQa('Öffnung?')?.pair.document_id, 'doc_1', '"Öffnung" and "geöffnet"');
  t.equal(de.matchQa('warten?')?.pair.document_id, 'doc_2', '"warten" and "Wartung"');
  t.equal(de.matchQa('Öffnungszeiten?')?.pair.document_id, 'doc_1', 'a compound whose first part is a derived form');
  t.equal(de.matchQa('Oeffnungszeiten?')?.pair.document_id, 'doc_1', 'and typed without its umlaut');
  const fr = await knowledgeIndexOf('fr', { qa: [{ id: 'doc_1', question: 'Quel est le délai de livraison ?' }, { id: 'doc_2', question: 'Puis-je payer par carte ?' }] });
  t.equal(fr.matchQa('vous livrez quand')?.pair.document_id, 'doc_1', '"livrez" and "livraison"');
  const ro = await knowledgeIndexOf('ro', { qa: [{ id: 'doc_1', question: 'Livrați în străinătate?' }, { id: 'doc_2', question: 'Pot plăti cu cardul?' }] });
  t.equal(ro.matchQa('livrare')?.pair.document_id, 'doc_1', '"livrare" and "livrați"');
  t.ok(ro.matchQa('livrare')!.score < ro.matchQa('livrați')!.score, 'less than the same form');
  const en = await knowledgeIndexOf('en', { qa: [{ id: 'doc_1', question: 'Can I pay by card?' }] });
  t.equal(en.matchQa('paint'), null, 'a root shorter than four letters leads nowhere ("pai", "paint")');
});

t.test('English words run together are their parts', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'doc_1', question: 'Do you sell gift cards?' },
      { id: 'doc_2', question: 'How do I join the beans club?' },
      { id: 'doc_3', question: 'Which cards do you accept?' },
    ],
  });
  t.equal(index.matchQa('giftcard')?.pair.document_id, 'doc_1');
  t.equal(index.matchQa('beansclub')?.pair.document_id, 'doc_2', 'a plural "s" between the parts');
});

t.test('a number the knowledge does not use is a value asked about, not a heavy unknown word', async (t) => {
  const index = await knowledgeIndexOf('de', {
    qa: [
      { id: 'doc_1', question: 'Welche Rahmengröße passt zu meiner Körpergröße?' },
      { id: 'doc_2', question: 'Kann ich innerhalb von 30 Tagen zurückgeben?' },
      { id: 'doc_3', question: 'Kann ich innerhalb von 14 Tagen tauschen?' },
    ],
  });
  t.equal(index.matchQa('Rahmengröße 185')!.score, index.matchQa('Rahmengröße')!.score, '185 left out');
  t.equal(index.matchQa('30 Tage')?.pair.document_id, 'doc_2', 'a number the knowledge uses still counts');
});

t.test('passages: coverage of the question ranks first, titles and headings count more', async (t) => {
  const index = await knowledgeIndexOf('en', {
    documents: [
      { id: 'returns', title: 'Returns', content: '# Returns\n\nUnused items can be returned within 30 days for a full refund.' },
      { id: 'warranty', title: 'Warranty', content: '# Warranty\n\nElectronics come with a two-year warranty. Items damaged by accidents are not covered.' },
      { id: 'stores', title: 'Stores', content: '# Opening hours\n\nOur Berlin store is open Monday to Saturday.' },
    ],
  });
  t.equal(index.search('How long is the warranty on electronics?', 3)[0]?.chunk.item_id, 'warranty');
  t.equal(index.search('berlin opening hours', 3)[0]?.chunk.item_id, 'stores', 'a heading');
  const top = index.search('return unused items', 3);
  t.equal(top[0]?.chunk.item_id, 'returns');
  t.ok(top[0]!.coverage === 1 && top[0]!.score <= 1, 'every word covered');
  t.same(index.search('quantum chromodynamics', 3), [], 'nothing shares a word');
  const partial = index.search('items lost in the mail', 3);
  t.ok(partial.every((hit) => hit.score < 0.5), 'one shared word of four is a weak match');
});

t.test('passages: the pruned top-k (MaxScore) is the exhaustive top-k', async (t) => {
  // Words drawn with a Zipf-like skew, so some are in most chunks and some in few: the case where
  // pruning skips the common words' lists. Asking for every chunk walks every list, unpruned.
  const words = Array.from({ length: 300 }, (_, i) => `w${i.toString(36)}x`);
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const word = () => words[Math.floor(words.length * random() ** 3)]!;
  const sentence = (length: number) => Array.from({ length }, word).join(' ');
  const documents = Array.from({ length: 120 }, (_, i) => ({ id: `doc_${String(i).padStart(3, '0')}`, title: sentence(2), content: `${sentence(30)}.\n\n## ${sentence(2)}\n\n${sentence(40)}.` }));
  const index = await knowledgeIndexOf('xx', { documents });
  let compared = 0;
  for (let q = 0; q < 200; q++) {
    const query = sentence(1 + Math.floor(random() * 7));
    const exhaustive = index.search(query, 100_000).slice(0, 5);
    const pruned = index.search(query, 5);
    t.same(pruned.map((hit) => [hit.chunk.id, hit.score]), exhaustive.map((hit) => [hit.chunk.id, hit.score]), `"${query}"`);
    compared += pruned.length;
  }
  t.ok(compared > 500, `${compared} results compared`);
  // Every exhaustive search walks every list; the pruned ones must have stopped early, some of them.
  const pruned = index.counters.prunedSearches;
  t.ok(pruned >= 100, `${pruned} of the 200 top-5 searches stopped walking before the last word`);
  const skipped = index.counters.skippedLookups;
  t.ok(skipped > 0, `${skipped} chunks found were not looked up: they could not reach the top 5 (and the results are the same)`);
});

t.test('an index keeps recent rankings: the same question again is no work, and the same answer', async (t) => {
  const index = await knowledgeIndexOf('en', {
    qa: [
      { id: 'qa_delivery', question: 'How long does delivery take?' },
      { id: 'qa_parcel', question: 'Where is my parcel?' },
    ],
    documents: [
      { id: 'doc_ship', title: 'Shipping', content: 'We ship every parcel within two days. Delivery to Lisbon takes a week.' },
      { id: 'doc_returns', title: 'Returns', content: 'Returns are free within 30 days of delivery.' },
    ],
  });
  const work = () => index.counters.typoCandidates;
  // A typo makes the ranking measurable work: a scan of the vocabulary for its candidates.
  const before = work();
  const first = index.search('delivry to Lisbon', 5);
  const ranked = work();
  t.ok(ranked > before, 'the first search of the question scans for the typo');
  t.same(index.search('delivry to Lisbon', 5), first, 'asked again: the same ranking');
  t.same(index.search('Delivry to LISBON?', 5), first, 'asked in other case and punctuation (the same terms): the same ranking');
  t.equal(work(), ranked, 'and neither scanned again');
  t.ok(first.length > 1);
  t.equal(index.search('delivry to Lisbon', 1).length, 1, 'another limit is another ranking');

  // Results are the caller's own: changing one changes nothing the index keeps.
  first[0]!.score = -1;
  t.not(index.search('delivry to Lisbon', 5)[0]!.score, -1);
  const match = index.matchQa('delivry time')!;
  const matched = work();
  match.score = -1;
  match.others.forEach((other) => (other.score = -1));
  const again = index.matchQa('delivry time')!;
  t.equal(work(), matched, 'the Q&A match is kept too');
  t.not(again.score, -1);
  t.ok(again.others.every((other) => other.score !== -1));

  // A small index keeps 64 KB of rankings: past them, the least recently asked is ranked again.
  const kept = index.keptRankings.rankings;
  for (let i = 0; i < 1_000; i++) index.search(`parcel question number ${i} asked with a few more words than most`, 50);
  t.ok(index.keptRankings.bytes <= 64 * 1024, `${index.keptRankings.bytes} bytes kept, within the budget`);
  t.ok(index.keptRankings.rankings > kept && index.keptRankings.rankings < 1_000, `${index.keptRankings.rankings} rankings kept of 1,000 asked`);
  const evicted = work();
  index.search('delivry to Lisbon', 5);
  t.ok(work() > evicted, 'the oldest ranking was dropped: the typo is scanned again');
  const rescanned = work();
  index.search('delivry to Lisbon', 5);
  t.equal(work(), rescanned, 'and is kept again');
});

t.test('a build yields to the event loop within a page, by work done', async (t) => {
  // One page of 300 pairs with 12,000-character answers: the build re-analyses each answer, which
  // is far more than one slice of work, so other callbacks must run before it ends.
  const answer = Array.from({ length: 1_500 }, (_, i) => `word${i % 700} text`).join(' ');
  const reply = await runParseTask({ kind: 'qa', question: 'How long does delivery take?', alternatives: [], answer: 'Two days.', language: 'en' });
  if (!reply.ok) throw new Error(reply.error.message);
  const { chunk } = reply.value as { chunk: AnalysedChunk };
  const records: StoredChunk[] = Array.from({ length: 300 }, (_, i) => ({
    ...chunk,
    qa: { question: `How long does delivery ${i} take?`, alternatives: [], answer },
    id: `chk_${String(i).padStart(4, '0')}`,
    version: 1,
    chatbot_id: 'cb_test',
    item_id: `doc_${i}`,
  }));
  let turns = 0;
  let building = true;
  const turn = () => {
    turns++;
    if (building) setImmediate(turn);
  };
  setImmediate(turn);
  const index = await KnowledgeIndex.build('en', (async function* () {
    yield records;
  })());
  building = false;
  t.equal(index.qaPairs, 300);
  t.ok(turns >= 2, `the event loop turned ${turns} times during the build of one page`);
});
