// What the knowledge plugin offers other areas (`server.plugins.knowledge.retriever`): ranked
// passages and the chatbot's Q&A pairs. The answer engine depends on this, not on the plugin.
import type { TenantScope } from '../store/types.js';

export interface Passage {
  chunk_id: string;
  document_id: string;
  kind: 'passage' | 'qa';
  title: string | null;
  heading_path: string[];
  url: string | null;
  text: string;
  snippet: string;
  /** BM25 as a share of the best score this query could reach: 0 to 1. */
  score: number;
}

export interface QaPair {
  document_id: string;
  question: string;
  alternatives: string[];
  answer: string;
}

export interface KnowledgeRetriever {
  searchPassages(tenant: TenantScope, input: { chatbotId: string; language: string; query: string; limit: number }): Promise<Passage[]>;
  /**
   * A string that changes whenever the chatbot's ready knowledge changes (items added, edited,
   * removed): callers cache what they derive from it (Q&A pairs, search indexes) under it.
   */
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
  qaPairs(tenant: TenantScope, chatbotId: string): Promise<QaPair[]>;
}

/** `server.plugins.knowledge`; the knowledge plugin adds its own members by declaration merging. */
export interface KnowledgePluginApi {
  retriever: KnowledgeRetriever;
}
