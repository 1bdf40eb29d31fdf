// Learning from use. A thumbs-up on a reply that gave a Q&A pair's answer makes the question the
// visitor asked an alternative phrasing of that pair, when the chatbot lets it
// (`settings.answer.learn_from_feedback`, off by default). The conversations plugin publishes
// `message.rated` with the rating in one commit; this reacts to it durably (core/reactions.ts:
// retried by any instance until done), so a crash loses nothing, and idempotently (a phrasing the
// pair already has is not added again), so running twice, or on two instances, adds it once.
// Visitors rate (the widget too), so what is learned is held to what the pair answers as a whole:
// see learnableQuestion.
import type { Server } from '@hapi/hapi';
import {
  analyzerFor,
  areaScope,
  codePointLength,
  VersionConflictError,
  withScopes,
  type ChatbotDirectory,
  type ChatbotProfile,
  type ConversationFacts,
  type EventEnvelope,
  type KnowledgeRetriever,
  type Platform,
  type TenantScope,
} from '../../core/index.js';
import { SENTENCE_END } from './index/knowledge-index.js';
import { termsKey, visitorPhrasing, type Phrasing } from './phrasing.js';
import { qaFromMessageRoute } from './qa-from-message.js';
import { MAX_ALTERNATIVES } from './schemas.js';
import type { Item, KnowledgeCollections } from './store.js';
import type { KnowledgeWorker } from './worker.js';

declare module '../../core/index.js' {
  interface KnowledgePluginApi {
    learning: KnowledgeLearning;
  }
}

/** How often adding a phrasing is tried again when the item changed between its read and write. */
const WRITE_ATTEMPTS = 5;
/**
 * The longest question learned, in distinct analysed terms and in characters. A learned phrasing
 * lends the pair to any message made of its words (qa-index.ts: a message wholly inside a phrasing
 * scores about 0.25^0.3 ≈ 0.66 or more, however little of it the message holds), so every word it
 * carries is one the pair may be given for. A question rarely needs more than a dozen words besides
 * its stop words ("Do you also ship parcels abroad to other countries?" has five; 200 characters
 * hold about 30 words); a longer message is a story around the question, whose other words must
 * not become the pair's.
 */
const MAX_LEARNED_TERMS = 12;
const MAX_LEARNED_CHARACTERS = 200;

export type LearnOutcome =
  /** Added to the pair's alternatives; the item is processed again. */
  | 'added'
  /** The pair already has this phrasing (its question or an alternative, after text analysis). */
  | 'known'
  /** The pair has MAX_ALTERNATIVES alternatives: nothing is added, nothing is dropped. */
  | 'full'
  /** The item is gone, or is no longer a Q&A pair. */
  | 'gone'
  /** The pair's question or answer changed since the reply: the thumbs-up was for another pair. */
  | 'changed'
  /** Nothing a match could use (stop words only). */
  | 'no_terms';

/** The pair as the rated reply gave it: its source's title (the question) and snippet (the answer). */
export interface RatedPair {
  question: string | null;
  snippet: string;
}

export class KnowledgeLearning {
  constructor(
    private readonly platform: Platform,
    private readonly knowledge: KnowledgeCollections,
    private readonly worker: KnowledgeWorker,
    private readonly directory: ChatbotDirectory,
    /** Looked up when used: the conversations plugin registers after this one. */
    private readonly facts: () => ConversationFacts,
    private readonly retriever: KnowledgeRetriever,
  ) {}

  /** The reaction to `message.rated`: learns from a thumbs-up on a Q&A answer when the chatbot lets it. */
  async learnFromRating(event: EventEnvelope, tenant: TenantScope): Promise<void> {
    const reply = event.data as {
      id: string;
      conversation_id: string;
      role: string;
      answer_type: string | null;
      feedback: string | null;
      sources?: Array<{ document_id?: string; title?: string | null; snippet?: string }>;
    };
    const source = reply.sources?.[0];
    if (reply.feedback !== 'up' || reply.role !== 'assistant' || reply.answer_type !== 'qa' || !source?.document_id) return;
    const chatbot = event.chatbot_id ? await this.directory.profile(tenant, event.chatbot_id) : null;
    // An archived chatbot's knowledge is read-only (a job run late, after the archiving).
    if (!chatbot?.settings.answer.learn_from_feedback || chatbot.status === 'archived') return;
    // Read again: rated otherwise since (a job run late), or deleted, it teaches nothing.
    const current = await this.facts().message(tenant, reply.id);
    if (current?.feedback !== 'up') return;
    const question = await this.facts().questionBefore(tenant, reply);
    if (!question) return;
    const log = { chatbot_id: chatbot.id, item_id: source.document_id, message_id: question.id };
    const phrasing = await this.learnableQuestion(tenant, chatbot, source.document_id, question.content);
    if (!phrasing.ok) {
      this.platform.logger.info({ ...log, reason: phrasing.reason }, 'learning from use: the question is not learned');
      return;
    }
    const outcome = await this.addPhrasing(tenant, {
      chatbotId: chatbot.id,
      itemId: source.document_id,
      phrasing: phrasing.text,
      pair: { question: source.title ?? null, snippet: source.snippet ?? '' },
    });
    this.platform.logger.info({ ...log, outcome }, 'learning from use: a thumbs-up on a Q&A answer');
  }

  /**
   * The visitor's message as a phrasing to learn for the pair `itemId`, or why not. Only a short,
   * single-sentence question that the pair answers as a whole qualifies: the reply may have come
   * from one sentence of a longer message, or as a "did you mean", and the stored reply does not
   * say which (it keeps the pair and the score, not what the score was for). So the match is
   * worked out again, on the text to learn: one sentence is read whole by the answer engine, and
   * the pair must still be its best match at `min_confidence`.
   */
  private async learnableQuestion(tenant: TenantScope, chatbot: ChatbotProfile, itemId: string, content: string): Promise<Phrasing> {
    const phrasing = visitorPhrasing(content);
    if (!phrasing.ok) return phrasing;
    const { text } = phrasing;
    if (codePointLength(text) > MAX_LEARNED_CHARACTERS) {
      return { ok: false, reason: `it is longer than ${MAX_LEARNED_CHARACTERS} characters` };
    }
    if (new Set(analyzerFor(chatbot.language).terms(text)).size > MAX_LEARNED_TERMS) {
      return { ok: false, reason: `it has more than ${MAX_LEARNED_TERMS} distinct terms` };
    }
    // Split as the answer engine splits a long message to read each sentence on its own.
    if (text.split(SENTENCE_END).filter((sentence) => sentence.trim()).length > 1) return { ok: false, reason: 'it is more than one sentence' };
    const match = await this.retriever.matchQa(tenant, { chatbotId: chatbot.id, language: chatbot.language, message: text });
    if (match?.pair.document_id !== itemId || match.score < chatbot.settings.answer.min_confidence) {
      return { ok: false, reason: 'the pair does not answer it as a whole at min_confidence' };
    }
    return phrasing;
  }

  /**
   * Adds `phrasing` to the Q&A item's alternatives unless the pair has it, is full, changed or is
   * gone; the item is then processed again, as after a PATCH of its alternatives.
   */
  async addPhrasing(
    tenant: TenantScope,
    input: { chatbotId: string; itemId: string; phrasing: string; pair: RatedPair },
  ): Promise<LearnOutcome> {
    const items = this.knowledge.items.forTenant(tenant);
    for (let attempt = 1; ; attempt++) {
      const item = await items.get(input.itemId);
      if (!item || item.chatbot_id !== input.chatbotId || item.type !== 'qa') return 'gone';
      if (!isSamePair(item, input.pair)) return 'changed';
      const key = termsKey(input.phrasing, item.language);
      if (key === '') return 'no_terms';
      if ([item.question!, ...item.alternatives].some((known) => termsKey(known, item.language) === key)) return 'known';
      if (item.alternatives.length >= MAX_ALTERNATIVES) return 'full';
      const now = this.platform.now().toISOString();
      try {
        const updated = await items.update(
          item.id,
          { alternatives: [...item.alternatives, input.phrasing], status: 'pending', error: null, process_at: now, updated_at: now },
          { ifVersion: item.version },
        );
        if (!updated) return 'gone';
        this.worker.nudge();
        return 'added';
      } catch (error) {
        // Changed meanwhile (the worker, a PATCH, another instance learning): decide again.
        if (!(error instanceof VersionConflictError) || attempt >= WRITE_ATTEMPTS) throw error;
      }
    }
  }
}

/**
 * Whether the item is still the pair the reply gave: the same question, and an answer the reply's
 * snippet (the answer, or its beginning cut with "…") still shows. Changes of the alternatives
 * (this file's own, too) do not count.
 */
function isSamePair(item: Item, pair: RatedPair): boolean {
  if (pair.question !== null && pair.question !== item.question) return false;
  const answer = item.answer ?? '';
  if (pair.snippet === answer) return true;
  return pair.snippet.endsWith('…') && answer.startsWith(pair.snippet.slice(0, -1));
}

/** Wires learning from use into the knowledge plugin: the reaction to ratings, and qa-from-message. */
export function registerLearning(server: Server, knowledge: KnowledgeCollections, worker: KnowledgeWorker): void {
  const platform = server.platform;
  // The conversations plugin registers after this one (its answer engine uses the retriever), so
  // its facts are looked up when used; the dependency makes a build without it fail at start.
  server.dependency('conversations');
  const facts = (): ConversationFacts => server.plugins.conversations.facts;
  const directory = server.plugins.chatbots.directory;
  const learning = new KnowledgeLearning(platform, knowledge, worker, directory, facts, server.plugins.knowledge.retriever);
  server.expose('learning', learning);
  platform.events.subscribeDurably('message.rated', 'knowledge.learn-from-feedback', (event, tenant) => learning.learnFromRating(event, tenant));
  server.route(withScopes([qaFromMessageRoute(platform, knowledge, worker, directory, facts)], areaScope('knowledge')));
}
