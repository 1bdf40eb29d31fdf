// The answer engine: one reply to one visitor message. In order: the chatbot's rules, then Q&A
// matching, then passages from the knowledge base (quoted, or handed to a language model in LLM
// mode), then, when nothing is sure enough to answer, up to three suggestions to choose from
// (`clarify`), and the fallback message when nothing is even plausible. A suggestion chosen is
// answered directly. The knowledge index scores on one scale for every language (its
// calibration.ts), which the thresholds are set on.
// Every reply says how it was made (answer_type), how sure it is (confidence 0..1) and what it
// rests on (sources).
import type { Logger } from 'pino';
import { ModelError, StoreUnavailableError, type ChatbotProfile, type KnowledgeRetriever, type Passage, type QaPair, type SemanticQuery, type TenantScope } from '../../../core/index.js';
import type { AnswerType, Source, StoredSuggestion } from '../collections.js';
import { extractAnswer } from './extract.js';
import { isHandoffRequest } from './handoff-request.js';
import { citedPassages, groundedPrompt, isNoAnswer, mayBecomeNoAnswer, type ChatTurn, type LlmClient } from './llm.js';
import { PHRASE_LANGUAGES, phrasesFor } from './phrases.js';
import { matchRule } from './rules.js';
import { candidatesOf, suggestionsFrom } from './suggestions.js';

/** Passages read per message; those with a confidence of at least `min_passage_score` may go to a language model. */
const PASSAGES = 5;
/** Sources kept with a reply. */
const MAX_SOURCES = 3;

export interface AnswerRequest {
  tenant: TenantScope;
  chatbot: ChatbotProfile;
  /** The conversation's language: what the reply is written in. */
  language: string;
  message: string;
  /** Earlier turns of the conversation, oldest first (for the language model). */
  history: ChatTurn[];
  /** When set, a language model's reply is streamed through it piece by piece. */
  onDelta?: (text: string) => void;
  /**
   * The visitor chose a suggestion of the last reply: it is answered directly. `question` is what
   * they first asked (a passage is quoted around it), or the suggestion's own text.
   */
  chosen?: { suggestion: StoredSuggestion; question: string };
}

export interface Answer {
  content: string;
  answer_type: AnswerType;
  confidence: number;
  sources: Source[];
  /** A `clarify` reply's suggestions, best first; empty otherwise. */
  suggestions: StoredSuggestion[];
  /** What a rule asks of the conversation besides the reply. */
  action: 'handoff' | 'lead_request' | null;
  /**
   * Why the fallback was given when a language model failed, or why a model was not used (hybrid
   * retrieval's provider failed, the month's tokens are used up): recorded as `chatbot.error`.
   */
  failure: { code: string; message: string; provider: string } | null;
  /** The language model's tokens for this reply; null when no model wrote it (or the provider did not say). */
  usage: { tokens_in: number; tokens_out: number } | null;
  /** True when the reply already went through `onDelta`. */
  streamed: boolean;
}

export interface AnswerEngine {
  answer(request: AnswerRequest): Promise<Answer>;
}

export function createAnswerEngine(knowledge: KnowledgeRetriever, llm: LlmClient, logger?: Logger): AnswerEngine {
  const engine = {
    async answer(request: AnswerRequest): Promise<Answer> {
      const { chatbot, message } = request;
      const settings = chatbot.settings;
      const phrases = phrasesFor(request.language, chatbot.personality);
      /** Why meaning was not used this turn (hybrid retrieval whose provider failed): reported with any reply. */
      let degraded: Answer['failure'] = null;
      /** A model's tokens this turn: on the reply whatever it turns out to be (a declined answer spent them too). */
      let spent: Answer['usage'] = null;
      const reply = (fields: Partial<Answer> & Pick<Answer, 'content' | 'answer_type' | 'confidence'>): Answer => ({
        sources: [],
        suggestions: [],
        action: null,
        failure: degraded,
        usage: spent,
        streamed: false,
        ...fields,
      });
      const fallback = (confidence: number, failure: Answer['failure'] = degraded) =>
        reply({
          content: isBuiltInFallback(settings.fallback_message) ? phrases.defaultFallback : settings.fallback_message,
          answer_type: 'fallback',
          confidence,
          failure,
        });

      const quote = (passage: Passage, question: string, documents: Passage[]) => {
        const quoted = extractAnswer(passage, question, chatbot.language);
        return reply({
          content: phrases.knowledgeIntro ? `${phrases.knowledgeIntro} ${quoted}` : quoted,
          answer_type: 'knowledge',
          confidence: passage.confidence,
          sources: documents.slice(0, MAX_SOURCES).map(passageSource),
        });
      };
      if (request.chosen) {
        // The visitor chose a suggestion: that item is the answer, nothing is guessed (confidence 1).
        const { suggestion, question } = request.chosen;
        const item = await knowledge.item(request.tenant, {
          chatbotId: chatbot.id,
          language: chatbot.language,
          itemId: suggestion.knowledge_id,
          chunkId: suggestion.chunk_id,
          query: question,
        });
        if (item?.kind === 'qa') return reply({ content: item.pair.answer, answer_type: 'qa', confidence: 1, sources: [qaSource(item.pair, 1)] });
        if (item?.kind === 'passage') return quote(item.passage, question, [item.passage]);
        // Gone since it was offered: the choice is read as any message.
      }

      const rule = matchRule(settings.rules, message);
      if (rule) {
        const { type } = rule.action;
        const content =
          type === 'reply' ? rule.action.reply! : type === 'handoff' ? phrases.handoff : phrases.leadRequest(settings.lead_capture.fields);
        return reply({ content, answer_type: 'rule', confidence: 1, action: type === 'reply' ? null : type });
      }
      // The built-in rule: a visitor asking for a person is handed off (answer_type `rule`, as the
      // owner's rules and the lead thanks: a fixed phrase, not an answer from knowledge).
      if (settings.handoff.on_visitor_request && isHandoffRequest(message)) {
        return reply({ content: phrases.handoff, answer_type: 'rule', confidence: 1, action: 'handoff' });
      }

      // Hybrid retrieval: the question is embedded once for both searches; a provider that fails
      // or is slow leaves this turn lexical, and says so (chatbot.error), never failing the turn.
      let semantic: SemanticQuery | undefined;
      const embeddingProvider = settings.answer.retrieval === 'hybrid' ? settings.answer.embedding_provider : null;
      if (embeddingProvider) {
        try {
          semantic = await knowledge.embedQuery(request.tenant, { chatbotId: chatbot.id, providerId: embeddingProvider, text: message });
        } catch (error) {
          if (!(error instanceof ModelError)) throw error;
          degraded = { code: error.code, message: `Answered by words alone: ${error.message}`, provider: embeddingProvider };
        }
      }

      const qa = await knowledge.matchQa(request.tenant, { chatbotId: chatbot.id, language: chatbot.language, message, semantic });
      const qaConfidence = qa?.score ?? 0;
      // A question naming a product or service the knowledge never mentions ("my iPhone", "with
      // DHL") is about that thing: what the knowledge says of the general question is offered
      // (suggestions), not given as the answer. In LLM mode the model reads the name itself.
      const mayAnswer = (await knowledge.unknownNames(request.tenant, { chatbotId: chatbot.id, language: chatbot.language, message })).length === 0;
      if (qa && mayAnswer && qaConfidence >= settings.answer.min_confidence) {
        return reply({ content: qa.pair.answer, answer_type: 'qa', confidence: qaConfidence, sources: [qaSource(qa.pair, qaConfidence)] });
      }

      const passages = (
        await knowledge.searchPassages(request.tenant, {
          chatbotId: chatbot.id,
          language: chatbot.language,
          query: message,
          limit: PASSAGES,
          semantic,
        })
      );
      const relevant = passages.filter((passage) => passage.confidence >= settings.answer.min_passage_score);
      const bestSeen = Math.max(qaConfidence, ...passages.map((passage) => passage.confidence));

      /** The language model read the passages and said they do not hold the answer: none is quoted either. */
      let modelDeclined = false;
      if (settings.answer.mode === 'llm' && relevant.length > 0) {
        const provider = settings.answer.provider!;
        const stream = request.onDelta && heldWhileMayBeNoAnswer(request.onDelta);
        try {
          const { text: content, usage } = await llm.complete(
            request.tenant,
            {
              provider,
              model: settings.answer.model,
              temperature: settings.answer.temperature,
              maxTokens: settings.answer.max_tokens,
              messages: groundedPrompt({ chatbot, language: request.language, passages: relevant, history: request.history, question: message }),
            },
            stream?.onDelta,
          );
          spent = usage && { tokens_in: usage.input, tokens_out: usage.output };
          if (isNoAnswer(content)) {
            modelDeclined = true;
          } else {
            stream?.flush();
            return reply({
              content,
              answer_type: 'llm',
              confidence: relevant[0]!.confidence,
              sources: citedPassages(content, relevant).slice(0, MAX_SOURCES).map(passageSource),
              streamed: Boolean(request.onDelta),
            });
          }
        } catch (error) {
          if (!(error instanceof ModelError)) throw error;
          // The month's tokens are used up: answered as in retrieval mode, and said so.
          if (error.code === 'token_cap_reached') degraded = { code: error.code, message: error.message, provider };
          // Pieces already streamed stay streamed: the fallback follows them (as before).
          else return fallback(bestSeen, { code: error.code, message: error.message, provider });
        }
      }

      // Quoting a passage is answering: it takes the same confidence as a Q&A answer, and only
      // that (min_passage_score chooses what a language model is handed, not what is quoted). Q&A
      // pairs are not quoted as passages: the Q&A match above weighs their answers as it should
      // (less than their questions) and already said how sure it is.
      const documents = passages.filter((passage) => passage.kind === 'passage' && passage.confidence >= settings.answer.min_confidence);
      const best = documents[0];
      if (best && mayAnswer && !modelDeclined) return quote(best, message, documents);

      // Not sure of any answer, but some items are plausible: offer them instead of giving up.
      const suggestions = suggestionsFrom(candidatesOf(qa, passages), settings.answer.suggest_confidence, chatbot.language);
      if (suggestions.length > 0) {
        return reply({ content: phrases.clarify, answer_type: 'clarify', confidence: suggestions[0]!.score, suggestions: suggestions.map(storedSuggestion) });
      }

      return fallback(bestSeen);
    },
  };

  return {
    // The visitor's message is already stored when the engine runs: whatever breaks in here (a bug,
    // data it cannot read) ends in the fallback and a chatbot.error event, never a 500 that invites
    // a retry and a second copy of the message. A store that is down still fails the request (503).
    async answer(request) {
      try {
        return await engine.answer(request);
      } catch (error) {
        if (error instanceof StoreUnavailableError) throw error;
        logger?.error({ err: error, chatbot_id: request.chatbot.id }, 'the answer engine failed; the fallback was given');
        const { settings } = request.chatbot;
        return {
          content: isBuiltInFallback(settings.fallback_message)
            ? phrasesFor(request.language, request.chatbot.personality).defaultFallback
            : settings.fallback_message,
          answer_type: 'fallback',
          confidence: 0,
          sources: [],
          suggestions: [],
          action: null,
          failure: {
            code: 'answer_failed',
            message: 'The reply could not be worked out (internal error); the fallback was given',
            provider: settings.answer.mode === 'llm' ? (settings.answer.provider ?? 'retrieval') : 'retrieval',
          },
          usage: null,
          streamed: false,
        };
      }
    },
  };
}

/** The default fallback text of any language counts as "not customised": it is said in the conversation's. */
function isBuiltInFallback(text: string): boolean {
  return PHRASE_LANGUAGES.some((language) => phrasesFor(language, 'friendly').defaultFallback === text);
}

function qaSource(pair: QaPair, score: number): Source {
  return { document_id: pair.document_id, title: pair.question, url: null, snippet: snippetOf(pair.answer), score };
}

function storedSuggestion({ knowledge_id, question, chunk_id }: StoredSuggestion): StoredSuggestion {
  return { knowledge_id, question, chunk_id };
}

function passageSource(passage: Passage): Source {
  return { document_id: passage.document_id, title: passage.title, url: passage.url, snippet: passage.snippet, score: passage.confidence };
}

function snippetOf(text: string): string {
  return text.length <= 240 ? text : `${text.slice(0, 239).trimEnd()}…`;
}

/**
 * A stream's pieces passed on, except while what came so far may still be the model's NO_ANSWER
 * marker: those are held until it cannot be (then passed on at once) or the reply ends.
 */
function heldWhileMayBeNoAnswer(onDelta: (text: string) => void): { onDelta: (text: string) => void; flush: () => void } {
  let held = '';
  let passing = false;
  return {
    onDelta(text) {
      if (passing) return onDelta(text);
      held += text;
      if (mayBecomeNoAnswer(held)) return;
      passing = true;
      onDelta(held);
      held = '';
    },
    flush() {
      if (held) onDelta(held);
      held = '';
    },
  };
}
