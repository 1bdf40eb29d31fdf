// The knowledge base's collections: items (what users add) and chunks (what search finds).
import type { Collection, CounterStore, CollectionDeclarer, Stored, TenantScope } from '../../core/index.js';
import type { DocumentFormat } from './text/formats.js';

export const ITEM_TYPES = ['document', 'url', 'qa'] as const;
export const ITEM_STATUSES = ['pending', 'processing', 'ready', 'failed'] as const;
export const REFRESH_INTERVALS = { daily: 86_400_000, weekly: 7 * 86_400_000 } as const;

export type ItemType = (typeof ITEM_TYPES)[number];
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export type RefreshInterval = keyof typeof REFRESH_INTERVALS;

export interface ItemDoc {
  chatbot_id: string;
  type: ItemType;
  title: string | null;
  /** The title folded for `q` searches. */
  title_folded: string;
  status: ItemStatus;
  error: string | null;
  /** The language the item is analysed in: its chatbot's when it was added. */
  language: string;
  metadata: Record<string, unknown>;
  // document
  format: DocumentFormat | null;
  /** Text, Markdown or HTML; base64 for PDF and DOCX. */
  content: string | null;
  // url
  url: string | null;
  max_pages: number | null;
  sitemap: boolean;
  refresh_interval: RefreshInterval | null;
  pages: Array<{ url: string; title: string | null }>;
  // qa
  question: string | null;
  answer: string | null;
  alternatives: string[];
  // processing
  chunk_count: number;
  char_count: number;
  /** When the worker should (re)process the item; null when nothing is due. The claims' due field. */
  process_at: string | null;
  /** Failed tries to finish the processing in a row (store or internal errors); see retryAfterFailure. */
  processing_failures?: number;
  processed_at: string | null;
  created_at: string;
  updated_at: string;
}

export type Item = Stored<ItemDoc>;

export interface ChunkDoc {
  chatbot_id: string;
  item_id: string;
  position: number;
  kind: 'passage' | 'qa';
  title: string | null;
  heading_path: string[];
  url: string | null;
  text: string;
  /** Distinct analysed terms and how often each occurs. */
  terms: string[];
  term_counts: Record<string, number>;
  /** Number of analysed terms, repeats counted: the document length of BM25. */
  length: number;
  /** A Q&A chunk's pair, for Q&A matching (null for passages). */
  qa: { question: string; alternatives: string[]; answer: string } | null;
}

export type StoredChunk = Stored<ChunkDoc>;

export interface KnowledgeCollections {
  items: Collection<ItemDoc>;
  chunks: Collection<ChunkDoc>;
}

export function declareKnowledge(store: CollectionDeclarer): KnowledgeCollections {
  return {
    items: store.collection<ItemDoc>({
      name: 'knowledge_items',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id'] }, { fields: ['chatbot_id', 'type'] }, { fields: ['chatbot_id', 'status'] }],
      claims: { dueField: 'process_at' },
    }),
    chunks: store.collection<ChunkDoc>({
      name: 'knowledge_chunks',
      scope: 'tenant',
      indexes: [{ fields: ['item_id'] }, { fields: ['chatbot_id'] }, { fields: ['chatbot_id', 'kind'] }],
      // No `search`: the in-memory index (./index/) reads the terms of every chunk and nothing
      // queries the store's term search, whose upkeep (an FTS5 row per chunk in SQLite, a multikey
      // index in MongoDB) was most of the cost of writing a chunk. Declaring it again rebuilds it.
    }),
  };
}

/** The API form of an item. Document content is left out of lists; `include_content` adds it. */
export function presentItem(item: Item, options: { content?: boolean } = {}) {
  const base = {
    id: item.id,
    chatbot_id: item.chatbot_id,
    type: item.type,
    title: item.title,
    status: item.status,
    error: item.error,
    language: item.language,
    metadata: item.metadata,
    chunk_count: item.chunk_count,
    char_count: item.char_count,
    processed_at: item.processed_at,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
  switch (item.type) {
    case 'document':
      return { ...base, format: item.format, ...(options.content ? { content: item.content } : {}) };
    case 'url':
      return {
        ...base,
        url: item.url,
        max_pages: item.max_pages,
        sitemap: item.sitemap,
        refresh_interval: item.refresh_interval,
        next_refresh_at: item.refresh_interval ? item.process_at : null,
        pages: item.pages,
      };
    case 'qa':
      return { ...base, question: item.question, answer: item.answer, alternatives: item.alternatives };
  }
}

/**
 * The counter that moves whenever any of a chatbot's chunks change (store counters are atomic on
 * every store and read in one step). It never expires.
 */
export function knowledgeRevisionCounter(chatbotId: string): { name: string; expiresAt: Date } {
  return { name: `knowledge:revision:${chatbotId}`, expiresAt: new Date('9999-12-31T00:00:00.000Z') };
}

/** Marks a change of the chatbot's chunks, for callers caching them (the search index, Q&A matching). */
export async function bumpKnowledgeRevision(counters: CounterStore, tenant: TenantScope, chatbotId: string): Promise<void> {
  const counter = knowledgeRevisionCounter(chatbotId);
  await counters.increment(tenant, counter.name, counter.expiresAt);
}
