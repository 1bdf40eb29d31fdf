// A knowledge index built in memory from Q&A pairs and documents, through the same analysis the
// knowledge worker runs, for unit tests of matching and ranking (no store, no server).
import { KnowledgeIndex } from '../../plugins/knowledge/search-index/knowledge-index.js';
import { runParseTask } from '../../plugins/knowledge/parsing/tasks.js';
import type { AnalysedChunk } from '../../plugins/knowledge/parsing/tasks.js';
import type { StoredChunk } from '../../plugins/knowledge/collections.js';

export interface IndexInput {
  qa?: Array<{ id: string; question: string; alternatives?: string[]; answer?: string }>;
  documents?: Array<{ id: string; title?: string; content: string }>;
}

export async function knowledgeIndexOf(language: string, input: IndexInput): Promise<KnowledgeIndex> {
  const records: StoredChunk[] = [];
  const add = (itemId: string, chunk: AnalysedChunk) =>
    records.push({ ...chunk, id: `chk_${String(records.length).padStart(6, '0')}`, version: 1, chatbot_id: 'cb_test', item_id: itemId });
  for (const pair of input.qa ?? []) {
    const alternatives = pair.alternatives ?? [];
    const answer = pair.answer ?? `answer ${pair.id}`;
    const reply = await runParseTask({ kind: 'qa', question: pair.question, alternatives, answer, language });
    if (!reply.ok) throw new Error(reply.error.message);
    const { chunk } = reply.value as { chunk: AnalysedChunk };
    add(pair.id, { ...chunk, qa: { question: pair.question, alternatives, answer } });
  }
  for (const document of input.documents ?? []) {
    const reply = await runParseTask({ kind: 'document', format: 'markdown', content: document.content, title: document.title ?? null, language });
    if (!reply.ok) throw new Error(reply.error.message);
    for (const chunk of (reply.value as { chunks: AnalysedChunk[] }).chunks) add(document.id, chunk);
  }
  return KnowledgeIndex.build(language, (async function* () {
    yield records;
  })());
}
