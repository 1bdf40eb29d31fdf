// A ranked chunk as the API and the answer engine show it: the passage, its score, and a snippet
// around the question's words.
import { foldForSearch, type Passage } from '../../core/index.js';
import type { IndexedChunk, RankedPassage } from './search-index/knowledge-index.js';

const SNIPPET_LENGTH = 240;

export type { Passage } from '../../core/index.js';

export function toPassage({ chunk, score, confidence }: RankedPassage, query: string): Passage {
  return {
    chunk_id: chunk.id,
    document_id: chunk.item_id,
    kind: chunk.kind,
    title: chunk.title,
    heading_path: chunk.heading_path,
    url: chunk.url,
    text: chunk.text,
    snippet: snippetOf(chunk, query),
    score: Math.round(score * 10_000) / 10_000,
    confidence: Math.round(confidence * 10_000) / 10_000,
  };
}

/** The part of the chunk around the first query word it contains. */
function snippetOf(chunk: IndexedChunk, query: string): string {
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
