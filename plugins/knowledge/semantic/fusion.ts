// Hybrid retrieval: the lexical ranking and the semantic one fused into one, on the scale the
// answer bands read (answer, clarify, fallback). Both scores are confidences on that scale (the
// lexical calibrated per language, the semantic read against the question's typical similarity:
// vectors.ts), so an item's fused confidence is the better of its two: a paraphrase sharing no word
// with the knowledge is found by meaning, an exact product code by its words, and neither pulls
// the other down. (Reciprocal rank fusion ranks well but says nothing of how sure it is, which the
// bands need.)
import type { Passage, QaCandidate, QaMatch } from '../../../core/index.js';
import type { KnowledgeIndex } from '../search-index/knowledge-index.js';
import { toPassage } from '../search.js';

/** Pairs a match lists besides the best (as the lexical match does). */
const OTHERS = 4;

/** The semantic candidates (semanticConfidences keeps the best few) with a confidence, best first. */
function topSemantic(confidences: Map<string, number>): Array<[string, number]> {
  return [...confidences.entries()].filter(([, confidence]) => confidence > 0).sort((a, b) => b[1] - a[1]);
}

export function fuseQa(lexical: QaMatch | null, confidences: Map<string, number>, index: KnowledgeIndex): QaMatch | null {
  const candidates = new Map<string, QaCandidate>();
  const offer = (candidate: QaCandidate) => {
    const known = candidates.get(candidate.pair.document_id);
    if (!known || candidate.score > known.score) candidates.set(candidate.pair.document_id, candidate);
  };
  if (lexical) for (const candidate of [lexical, ...lexical.others]) offer({ pair: candidate.pair, phrasing: candidate.phrasing, score: candidate.score });
  for (const [chunkId, confidence] of topSemantic(confidences)) {
    const chunk = index.chunkById(chunkId);
    const pair = chunk?.kind === 'qa' ? index.qaPair(chunk.item_id) : null;
    if (pair) offer({ pair, phrasing: pair.question, score: confidence });
  }
  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best) return null;
  return { ...best, runnerUp: ranked[1]?.score ?? 0, others: ranked.slice(1, 1 + OTHERS) };
}

export function fusePassages(lexical: Passage[], confidences: Map<string, number>, index: KnowledgeIndex, query: string, limit: number): Passage[] {
  const passages = new Map(lexical.map((passage) => [passage.chunk_id, passage]));
  for (const [chunkId, confidence] of topSemantic(confidences)) {
    const known = passages.get(chunkId);
    if (known) {
      if (confidence > known.confidence) passages.set(chunkId, { ...known, confidence, score: Math.max(known.score, confidence) });
      continue;
    }
    const chunk = index.chunkById(chunkId);
    if (chunk) passages.set(chunkId, toPassage({ chunk, position: 0, score: confidence, confidence, coverage: 0 }, query));
  }
  return [...passages.values()].sort((a, b) => b.confidence - a.confidence || b.score - a.score).slice(0, limit);
}
