// Replies made from the knowledge base without a language model: the sentences of the best passage
// that hold the most of the question's terms, in their original order.
import { analyzerFor, type Passage } from '../../../core/index.js';

/** Replies stay readable in a chat bubble. */
const MAX_REPLY_LENGTH = 600;
/** A sentence ends at . ! ? … followed by a space or the end ("4.90 EUR" is one sentence), or at a line break. */
const SENTENCE = /[^\n]+?(?:[.!?…]+["”»“)]*(?=\s|$)|(?=\n)|$)/gu;

export function extractAnswer(passage: Passage, question: string, language: string): string {
  // A Q&A chunk is "question\nanswer": the answer is the reply.
  if (passage.kind === 'qa') return passage.text.slice(passage.text.indexOf('\n') + 1).trim();

  const analyzer = analyzerFor(language);
  const wanted = new Set(analyzer.terms(question));
  const sentences = (passage.text.match(SENTENCE) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
  if (sentences.length === 0) return passage.text.slice(0, MAX_REPLY_LENGTH);
  const scores = sentences.map((sentence) => new Set(analyzer.terms(sentence).filter((term) => wanted.has(term))).size);
  let bestIndex = 0;
  scores.forEach((score, index) => {
    if (score > scores[bestIndex]!) bestIndex = index;
  });

  // The best sentence; the next one when it adds matched terms or the best is short on its own;
  // the previous one only when it adds matched terms.
  const chosen = new Set([bestIndex]);
  let length = sentences[bestIndex]!.length;
  const add = (index: number, when: boolean) => {
    const sentence = sentences[index];
    if (sentence === undefined || !when || length + sentence.length > MAX_REPLY_LENGTH) return;
    chosen.add(index);
    length += sentence.length + 1;
  };
  add(bestIndex + 1, scores[bestIndex + 1]! > 0 || length < 80);
  add(bestIndex - 1, scores[bestIndex - 1]! > 0);
  const reply = [...chosen]
    .sort((a, b) => a - b)
    .map((index) => sentences[index])
    .join(' ');
  return reply.length > MAX_REPLY_LENGTH ? `${reply.slice(0, MAX_REPLY_LENGTH - 1).trimEnd()}…` : reply;
}
