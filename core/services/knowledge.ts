// What the knowledge plugin offers other areas (`server.plugins.knowledge.retriever`): ranked
// passages and Q&A matches from the chatbot's knowledge. The answer engine depends on this, not on
// the plugin.
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
  /** 0 to 1, what results are ordered by: BM25 as a share of the best the question could reach, and coverage. */
  score: number;
  /**
   * 0 to 1, what the answer engine compares to `min_confidence`: mostly how much of the question
   * the passage holds (its words weighted by how rare they are in the knowledge; a word the
   * knowledge never uses weighs 1.5× the rarest, so it lowers the confidence), a quarter BM25.
   */
  confidence: number;
}

export interface QaPair {
  document_id: string;
  question: string;
  alternatives: string[];
  answer: string;
}

export interface QaMatch {
  pair: QaPair;
  /** The phrasing that matched best: the question or one of its alternatives. */
  phrasing: string;
  /** Calibrated confidence, 0..1 (see plugins/knowledge/index/qa-index.ts). */
  score: number;
  /** The best score of another pair. */
  runnerUp: number;
}

export interface KnowledgeRetriever {
  searchPassages(tenant: TenantScope, input: { chatbotId: string; language: string; query: string; limit: number }): Promise<Passage[]>;
  /** The Q&A pair that best matches the message, or null when none shares a word with it. */
  matchQa(tenant: TenantScope, input: { chatbotId: string; language: string; message: string }): Promise<QaMatch | null>;
  /**
   * A string that changes whenever the chatbot's ready knowledge changes (items added, edited,
   * removed): what is derived from the knowledge (the search index) is cached under it.
   */
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
}

/** `server.plugins.knowledge`; the knowledge plugin adds its own members by declaration merging. */
export interface KnowledgePluginApi {
  retriever: KnowledgeRetriever;
}
