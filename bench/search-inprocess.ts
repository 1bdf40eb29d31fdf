// The passage search alone, in process: the realtext corpus (./realtext-corpus.ts) analysed by the
// worker's own code and indexed by KnowledgeIndex.build, then every question searched (limit 5)
// several times: the first round ranks each question, the later ones find the rankings the index
// keeps. A diagnostic for the search engine itself (no HTTP, no store): the HTTP figure
// is the realtext benchmark's "search alone". `npx tsx bench/search-inprocess.ts [--rounds=N]`.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { knowledgeIndexOf } from '../test/helpers/knowledge-index.js';
import { buildCorpus } from './realtext-corpus.js';
import { handWrittenQuestions, templatedQuestions } from './realtext-questions.js';
import { timing } from './realtext.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 5);

const corpus = buildCorpus(root);
const documents = corpus.documents;
const questions = [...handWrittenQuestions(documents).questions, ...templatedQuestions(documents, 200)].map((question) => question.text);
let started = performance.now();
const index = await knowledgeIndexOf('en', {
  documents: documents.map((document) => ({ id: document.key, title: document.title, content: document.content })),
  qa: corpus.qa.map((pair, i) => ({ id: `qa_${i}`, question: pair.question, answer: pair.answer })),
});
console.log(`index: ${index.size} chunks, ${index.qaPairs} Q&A pairs, vocabulary ${index.vocabularySize}, built in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The first round ranks every question; later rounds find the rankings the index keeps.
const roundSamples: number[][] = [];
const firsts: string[] = [];
for (let round = 0; round < rounds; round++) {
  const samples: number[] = [];
  for (const question of questions) {
    started = performance.now();
    const ranked = index.search(question, 5);
    samples.push(performance.now() - started);
    if (round === 0) firsts.push(ranked.map((passage) => `${passage.chunk.id}:${passage.score.toFixed(6)}:${passage.confidence.toFixed(6)}`).join(','));
  }
  roundSamples.push(samples);
}
function report(name: string, samples: number[]): void {
  const { p50, p99, mean, max } = timing(samples);
  console.log(`${name}, ${samples.length} searches: p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, mean ${mean.toFixed(3)} ms, max ${max.toFixed(3)} ms`);
}
report(`first round (${questions.length} questions, each ranked)`, roundSamples[0]!);
if (rounds > 1) report(`rounds 2 to ${rounds} (rankings kept)`, roundSamples.slice(1).flat());
console.log(`counters: ${JSON.stringify(index.counters)}`);
// A fingerprint of the rankings, to check that a faster search ranks exactly as before.
console.log(`rankings fingerprint: ${createHash('sha256').update(firsts.join('\n')).digest('hex').slice(0, 16)}`);
