// What the knowledge plugin offers other areas (`server.plugins.knowledge`): ranked passages and Q&A
// matches from the chatbot's knowledge (`retriever`: the answer engine depends on this, not on the
// plugin), and the changes learning makes to it (`curation`: learning from use, qa-from-message).
import type Joi from 'joi';
import type { TenantScope } from '../store/types.js';
import type { ChatbotSummary } from './chatbots.js';

/** The longest Q&A question or alternative phrasing, in characters (the Q&A schema's limit). */
export const MAX_QUESTION_LENGTH = 1000;

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
   * knowledge never uses weighs 1.5× the rarest, so it lowers the confidence), a quarter BM25;
   * calibrated per language (plugins/knowledge/search-index/calibration.ts).
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
  /**
   * Confidence, 0..1 (plugins/knowledge/search-index/qa-index.ts), calibrated per language
   * (calibration.ts beside it), as every score of the match.
   */
  score: number;
  /** The best score of another pair. */
  runnerUp: number;
  /**
   * The next pairs by score, best first (at most 4): what a reply may offer when it is not sure.
   * Their scores are the match's own, without the discount a close runner-up puts on the best.
   */
  others: QaCandidate[];
}

export interface QaCandidate {
  pair: QaPair;
  phrasing: string;
  score: number;
}

/** A question embedded by a chatbot's embedding model (KnowledgeRetriever.embedQuery), for hybrid retrieval. */
export interface SemanticQuery {
  /** The model provider whose embedding model made it. */
  providerId: string;
  /** The provider and model: vectors of another model are another space. */
  modelKey: string;
  vector: Float32Array;
}

export type KnowledgeItemMatch = { kind: 'qa'; pair: QaPair } | { kind: 'passage'; passage: Passage };

export interface KnowledgeRetriever {
  /** With `semantic`, lexical and semantic rankings are fused (hybrid retrieval). */
  searchPassages(tenant: TenantScope, input: { chatbotId: string; language: string; query: string; limit: number; semantic?: SemanticQuery }): Promise<Passage[]>;
  /**
   * The Q&A pair that best matches the message, or null when none shares a word with it (with
   * `semantic`: nor comes near it in meaning).
   */
  matchQa(tenant: TenantScope, input: { chatbotId: string; language: string; message: string; semantic?: SemanticQuery }): Promise<QaMatch | null>;
  /**
   * The question embedded by the embedding model of the account's model provider `providerId`.
   * Throws a ModelError (core/models) when the provider is unknown, names no embedding model, or
   * fails: the turn then answers lexically.
   */
  embedQuery(tenant: TenantScope, input: { chatbotId: string; providerId: string; text: string }): Promise<SemanticQuery>;
  /**
   * The words `message` writes as names (a product, a brand, a service) that the chatbot's knowledge
   * never uses, as typed: a question about one is not answered as if it were the general question.
   */
  unknownNames(tenant: TenantScope, input: { chatbotId: string; language: string; message: string }): Promise<string[]>;
  /**
   * One item of the chatbot's ready knowledge, as a reply suggested it: a Q&A pair, or the passage
   * `chunkId` of a document. Null when it is gone (deleted or changed since).
   */
  item(tenant: TenantScope, input: { chatbotId: string; language: string; itemId: string; chunkId: string | null; query: string }): Promise<KnowledgeItemMatch | null>;
  /**
   * A string that changes whenever the chatbot's ready knowledge changes (items added, edited,
   * removed): what is derived from the knowledge (the search index) is cached under it.
   */
  revision(tenant: TenantScope, chatbotId: string): Promise<string>;
}

export type PhrasingOutcome =
  /** Added to the pair's alternatives; the item is processed again. */
  | 'added'
  /** The pair already has this phrasing (its question or an alternative, after text analysis). */
  | 'known'
  /** The pair has the most alternatives it may have: nothing is added, nothing is dropped. */
  | 'full'
  /** The item is gone, or is no longer a Q&A pair. */
  | 'gone'
  /** The pair's question or answer changed since the reply: the thumbs-up was for another pair. */
  | 'changed'
  /** Nothing a match could use (stop words only). */
  | 'no_terms';

/**
 * The pair as a reply gave it: its source's title (the question) and snippet (the answer); a
 * suggestion shows the question only (snippet null).
 */
export interface RatedPair {
  question: string | null;
  snippet: string | null;
}

/** A Q&A pair to add, as `POST …/knowledge` takes one. */
export interface QaPairInput {
  question: string;
  answer: string;
  alternatives: string[];
  title?: string;
  metadata?: Record<string, unknown>;
}

/** What learning changes in the knowledge: each change is processed in the background, as the API's. */
export interface KnowledgeCuration {
  /**
   * Adds `phrasing` to the Q&A item's alternatives unless the pair has it, is full, changed or is
   * gone; idempotent, and safe to run on two instances at once.
   */
  addPhrasing(tenant: TenantScope, input: { chatbotId: string; itemId: string; phrasing: string; pair: RatedPair }): Promise<PhrasingOutcome>;
  /** Adds a Q&A item to the chatbot's knowledge; the item as the API shows it (`KnowledgeItem`). */
  addQaPair(tenant: TenantScope, chatbot: ChatbotSummary, input: QaPairInput): Promise<{ id: string }>;
  /** The sentences Q&A matching reads a message as, one by one. */
  sentencesOf(message: string): string[];
}

/** The request and response shapes of the knowledge API, for a route of another area that answers with an item. */
export interface KnowledgeSchemas {
  /** `{id}`: the chatbot. */
  chatbotParams: Joi.ObjectSchema;
  /** An item as the API shows it (`KnowledgeItem`). */
  item: Joi.ObjectSchema;
  /** The body of `POST …/knowledge/qa-from-message` (`KnowledgeQaFromMessage`). */
  qaFromMessage: Joi.ObjectSchema;
}

/** `server.plugins.knowledge`; the knowledge plugin adds its own members by declaration merging. */
export interface KnowledgePluginApi {
  retriever: KnowledgeRetriever;
  curation: KnowledgeCuration;
  schemas: KnowledgeSchemas;
}
