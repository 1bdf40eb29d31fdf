// Learning from use. A thumbs-up on a reply that gave a Q&A pair's answer makes the question the
// visitor asked an alternative phrasing of that pair, when the chatbot lets it
// (`settings.answer.learn_from_feedback`, off by default). The conversations plugin publishes
// `message.rated` with the rating in one commit; this reacts to it durably (core/reactions.ts:
// retried by any instance until done), so a crash loses nothing, and idempotently (the knowledge
// area adds a phrasing the pair already has once), so running twice, or on two instances, adds it once.
// Visitors rate (the widget too), so what is learned is held to what the pair answers as a whole:
// see learnableQuestion.
import {
  analyzerFor,
  codePointLength,
  type ChatbotDirectory,
  type ChatbotProfile,
  type ConversationFacts,
  type EventEnvelope,
  type KnowledgeCuration,
  type KnowledgeRetriever,
  type RatedPair,
  type BuiltInPluginApi,
  type TenantScope,
} from '../../core/index.js';
import { visitorPhrasing, type Phrasing } from './phrasing.js';

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

/** What learning from use reads and changes: each area through its interface. */
export interface LearningSources {
  directory: ChatbotDirectory;
  facts: ConversationFacts;
  retriever: KnowledgeRetriever;
  curation: KnowledgeCuration;
}

export class LearningFromUse {
  constructor(
    private readonly api: Pick<BuiltInPluginApi, 'logger'>,
    private readonly sources: LearningSources,
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
    const { facts } = this.sources;
    const chatbot = await this.learningChatbot(tenant, event.chatbot_id);
    if (!chatbot) return;
    // Read again: rated otherwise since (a job run late), or deleted, it teaches nothing.
    const current = await facts.message(tenant, reply.id);
    if (current?.feedback !== 'up') return;
    const question = await facts.questionBefore(tenant, reply);
    if (!question) return;
    const phrasing = await this.learnableQuestion(tenant, chatbot, source.document_id, question.content);
    const pair = { question: source.title ?? null, snippet: source.snippet ?? '' };
    await this.teach(tenant, { chatbot, itemId: source.document_id, question, phrasing, pair }, 'a thumbs-up on a Q&A answer');
  }

  /**
   * The reaction to `message.created`: a visitor who chose a suggested Q&A pair confirmed that the
   * question they first asked means that pair; it is learned when the chatbot lets it. Best effort
   * (an in-process subscriber, not a stored job): a durable reaction would write a job for every
   * message of every conversation to catch the few that choose.
   */
  async learnFromChoice(event: EventEnvelope, tenant: TenantScope): Promise<void> {
    const message = event.data as { id: string; conversation_id: string; role: string; suggestion_id?: string | null };
    if (message.role !== 'user' || !message.suggestion_id || !event.chatbot_id) return;
    const { facts } = this.sources;
    const chatbot = await this.learningChatbot(tenant, event.chatbot_id);
    if (!chatbot) return;
    // The clarify reply the choice answers, and the question that reply was for.
    const offer = await facts.messageBefore(tenant, message);
    const suggestion = offer?.suggestions.find((offered) => offered.knowledge_id === message.suggestion_id);
    if (!offer || offer.answer_type !== 'clarify' || !suggestion) return;
    const question = await facts.questionBefore(tenant, offer);
    if (!question) return;
    const phrasing = this.shortQuestion(question.content, chatbot.language);
    // A passage chosen is not a pair: there is nothing to add a phrasing to (curation says `gone`).
    const pair = { question: suggestion.question, snippet: null };
    await this.teach(tenant, { chatbot, itemId: suggestion.knowledge_id, question, phrasing, pair }, 'a suggestion chosen');
  }

  /** The chatbot when it learns from use; null when it does not, is gone, or is archived (its knowledge is read-only: a job run late). */
  private async learningChatbot(tenant: TenantScope, chatbotId: string | null | undefined): Promise<ChatbotProfile | null> {
    const chatbot = chatbotId ? await this.sources.directory.profile(tenant, chatbotId) : null;
    return chatbot?.settings.answer.learn_from_feedback && chatbot.status !== 'archived' ? chatbot : null;
  }

  /** Adds the phrasing to the pair `itemId` when it qualified, and logs what happened either way. */
  private async teach(
    tenant: TenantScope,
    lesson: { chatbot: ChatbotProfile; itemId: string; question: { id: string }; phrasing: Phrasing; pair: RatedPair },
    why: string,
  ): Promise<void> {
    const { chatbot, itemId, question, phrasing, pair } = lesson;
    const log = { chatbot_id: chatbot.id, item_id: itemId, message_id: question.id };
    if (!phrasing.ok) {
      this.api.logger.info({ ...log, reason: phrasing.reason }, 'learning from use: the question is not learned');
      return;
    }
    const outcome = await this.sources.curation.addPhrasing(tenant, { chatbotId: chatbot.id, itemId, phrasing: phrasing.text, pair });
    this.api.logger.info({ ...log, outcome }, `learning from use: ${why}`);
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
    const phrasing = this.shortQuestion(content, chatbot.language);
    if (!phrasing.ok) return phrasing;
    const { text } = phrasing;
    const match = await this.sources.retriever.matchQa(tenant, { chatbotId: chatbot.id, language: chatbot.language, message: text });
    if (match?.pair.document_id !== itemId || match.score < chatbot.settings.answer.min_confidence) {
      return { ok: false, reason: 'the pair does not answer it as a whole at min_confidence' };
    }
    return phrasing;
  }

  /** The visitor's message as a phrasing when it is one short question (see MAX_LEARNED_TERMS), or why not. */
  private shortQuestion(content: string, language: string): Phrasing {
    const phrasing = visitorPhrasing(content);
    if (!phrasing.ok) return phrasing;
    const { text } = phrasing;
    if (codePointLength(text) > MAX_LEARNED_CHARACTERS) {
      return { ok: false, reason: `it is longer than ${MAX_LEARNED_CHARACTERS} characters` };
    }
    if (new Set(analyzerFor(language).terms(text)).size > MAX_LEARNED_TERMS) {
      return { ok: false, reason: `it has more than ${MAX_LEARNED_TERMS} distinct terms` };
    }
    // Split as the answer engine splits a long message to read each sentence on its own.
    if (this.sources.curation.sentencesOf(text).length > 1) return { ok: false, reason: 'it is more than one sentence' };
    return phrasing;
  }
}
