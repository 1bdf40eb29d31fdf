// Ranking passages for a query: the store finds candidate chunks (any query term), and they are
// scored here with BM25, so results are the same whichever store holds them.
import { analyzerFor } from '../../core/text/analysis.js';
import { foldForSearch } from '../../core/text/fold.js';
import { termCount } from '../../core/text/term-counts.js';
import type { Passage } from '../../core/services/knowledge.js';
import type { Repository } from '../../core/store/types.js';
import type { ChunkDoc, StoredChunk } from './store.js';

const K1 = 1.2;
const B = 0.75;
/** Candidates read per query; BM25 then ranks them. */
const CANDIDATES = 300;
const SNIPPET_LENGTH = 240;

export type { Passage } from '../../core/services/knowledge.js';

export async function searchPassages(
  chunks: Repository<ChunkDoc>,
  input: { chatbotId: string; language: string; query: string; limit: number },
): Promise<Passage[]> {
  const terms = [...new Set(analyzerFor(input.language).terms(input.query))];
  if (terms.length === 0) return [];
  const found = await chunks.searchTerms({ terms, filter: { chatbot_id: input.chatbotId }, limit: CANDIDATES });
  if (found.hits.length === 0) return [];

  const n = found.total;
  const idf = (term: string) => {
    const df = termCount(found.documentFrequency, term);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  };
  const averageLength = found.hits.reduce((sum, hit) => sum + hit.record.length, 0) / found.hits.length || 1;
  const best = terms.reduce((sum, term) => sum + idf(term) * (K1 + 1), 0);
  const scored = found.hits.map(({ record }) => {
    let score = 0;
    for (const term of terms) {
      const tf = termCount(record.term_counts, term);
      if (tf === 0) continue;
      score += (idf(term) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * record.length) / averageLength));
    }
    return { record, score: best > 0 ? score / best : 0 };
  });
  scored.sort((a, b) => b.score - a.score || a.record.id.localeCompare(b.record.id));
  return scored.slice(0, input.limit).map(({ record, score }) => ({
    chunk_id: record.id,
    document_id: record.item_id,
    kind: record.kind,
    title: record.title,
    heading_path: record.heading_path,
    url: record.url,
    text: record.text,
    snippet: snippetOf(record, input.query),
    score: Math.round(score * 10_000) / 10_000,
  }));
}

/** The part of the chunk around the first query word it contains. */
function snippetOf(chunk: StoredChunk, query: string): string {
  const text = chunk.text;
  if (text.length <= SNIPPET_LENGTH) return text;
  const folded = foldForSearch(text);
  const words = foldForSearch(query).match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  const positions = words.map((word) => folded.indexOf(word.slice(0, Math.max(3, word.length - 2)))).filter((i) => i >= 0);
  const at = positions.length > 0 ? Math.min(...positions) : 0;
  const start = Math.max(0, Math.min(at - 60, text.length - SNIPPET_LENGTH));
  const end = start + SNIPPET_LENGTH;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
