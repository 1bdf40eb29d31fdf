// Figures read from the raw records, the one place that decides what each figure counts: the
// roll-up of a closed hour, a rebuild and the live count of the open hour all call collectHours,
// so a rolled-up hour and the same hour counted live cannot disagree.
//
// Every fact is dated by a field written in the same write as the change it describes, and read by
// that time range (core/contracts/conversation-facts.ts), so each fact is in exactly one hour:
// - conversations started: the conversation's id (a ULID starts with its time);
// - conversations ended: its `ended_at`;
// - resolutions: its `resolution_at`, set at the end and again whenever the resolution of the
//   ended conversation changes (a later change is counted in the hour of the change);
// - messages, reply types, response times: the message's id;
// - conversation ratings (CSAT): the conversation's `csat_at` (a conversation is rated once);
// - ratings: the message's `feedback_at` (a rating given or changed later counts in that hour);
// - unanswered questions: the hour of the reply when it was the fallback or rated down within its
//   own hour, else the hour of the thumbs-down; a question is asked in its own hour, so a question
//   asked at 10:59 and answered by the fallback at 11:00 is asked in 10:00 and unanswered in 11:00;
// - clarified questions: the hour of the clarify reply, as for the fallback;
// - leads: the `lead.captured` events (a new lead; a second capture of the same person is
//   `lead.updated`, not a new lead), which are kept `retention.events_days`.
// Records written before `resolution_at` and `feedback_at` existed count at their end or message.
import {
  analyzerFor,
  foldForSearch,
  idRange,
  recordsInPages,
  type Collection,
  type ConversationFacts,
  type EventDoc,
  type Filter,
  type MessageFact,
  type TenantScope,
} from '../../core/index.js';
import { decodeTime } from 'ulid';
import { emptyFigures, HOUR_MS, type Figures } from './figures.js';
import { floorHour } from './hours.js';
import { sketchAdd } from './sketch.js';
import type { QuestionGroup } from './collections.js';

const PAGE = 500;
/** The longest sample question kept with a group. */
const SAMPLE_LENGTH = 300;

export interface FactSources {
  conversations: ConversationFacts;
  events: Collection<EventDoc>;
}

/** hour (epoch ms) → chatbot id → figures. */
export type HourFigures = Map<number, Map<string, Figures>>;
/** hour (epoch ms) → chatbot id → question key → group. */
export type HourQuestions = Map<number, Map<string, Map<string, QuestionGroup>>>;

function figuresOf(hours: HourFigures, hourMs: number, chatbotId: string): Figures {
  let byChatbot = hours.get(hourMs);
  if (!byChatbot) hours.set(hourMs, (byChatbot = new Map()));
  let figures = byChatbot.get(chatbotId);
  if (!figures) byChatbot.set(chatbotId, (figures = emptyFigures()));
  return figures;
}

/** The hour a record counts in by its id: the time the id was made (ids are ULIDs). */
export const hourOfId = (id: string) => floorHour(decodeTime(id.slice(id.indexOf('_') + 1).toUpperCase()));
const hourOf = (iso: string) => floorHour(Date.parse(iso));

function countResolution(bucket: Figures, resolution: string | null): void {
  if (resolution === 'resolved' || resolution === 'unresolved' || resolution === 'escalated') bucket[resolution] += 1;
}

/** A reply rated in a later hour than it was written: its rating counts there, not with the reply. */
const ratedLater = (message: MessageFact) => message.feedback_at !== null && hourOf(message.feedback_at) !== hourOfId(message.id);

function countRating(bucket: Figures, feedback: MessageFact['feedback']): void {
  if (feedback === 'up') bucket.feedback_up += 1;
  if (feedback === 'down') bucket.feedback_down += 1;
}

/**
 * The figures of the whole hours [fromMs, toMs) (hour-aligned), per hour and chatbot; with
 * `questions`, the visitor questions grouped too. Reads only records dated in the range.
 */
export async function collectHours(
  sources: FactSources,
  tenant: TenantScope,
  range: { fromMs: number; toMs: number; chatbotId?: string | null; questions?: boolean },
): Promise<{ figures: HourFigures; questions: HourQuestions }> {
  const figures: HourFigures = new Map();
  const questions: HourQuestions = new Map();
  const facts = sources.conversations;
  const span = { fromMs: range.fromMs, toMs: range.toMs, chatbotId: range.chatbotId ?? null };

  for await (const conversation of facts.started(tenant, span)) {
    figuresOf(figures, hourOfId(conversation.id), conversation.chatbot_id).conversations_started += 1;
  }
  for await (const conversation of facts.ended(tenant, span)) {
    const bucket = figuresOf(figures, hourOf(conversation.ended_at!), conversation.chatbot_id);
    bucket.conversations_ended += 1;
    const startHour = String(hourOfId(conversation.id));
    bucket.ended_by_start_hour[startHour] = (bucket.ended_by_start_hour[startHour] ?? 0) + 1;
    if (conversation.resolution_at === null) countResolution(bucket, conversation.resolution); // ended by an earlier build
  }
  for await (const conversation of facts.resolutionsSet(tenant, span)) {
    countResolution(figuresOf(figures, hourOf(conversation.resolution_at!), conversation.chatbot_id), conversation.resolution);
  }
  for await (const conversation of facts.csatGiven(tenant, span)) {
    const bucket = figuresOf(figures, hourOf(conversation.csat_at!), conversation.chatbot_id);
    bucket.csat_responses += 1;
    bucket.csat_points += conversation.csat_points!;
  }

  const events = sources.events.forTenant(tenant);
  const eventFilter: Filter = { id: idRange('evt', range.fromMs, range.toMs), type: 'lead.captured' };
  for await (const event of recordsInPages(events, range.chatbotId ? { ...eventFilter, chatbot_id: range.chatbotId } : eventFilter, PAGE)) {
    figuresOf(figures, hourOfId(event.id), event.chatbot_id ?? '').leads += 1;
  }

  const previous = new PreviousMessages(facts, tenant);
  /** Questions that went unanswered, with the hour they count in (of the reply, or of its thumbs-down). */
  const unanswered: DatedQuestion[] = [];
  /** Questions answered with clarify, in the hour of the reply. */
  const clarified: DatedQuestion[] = [];
  const visitorMessages: MessageFact[] = [];
  for await (const message of facts.written(tenant, span)) {
    const bucket = figuresOf(figures, hourOfId(message.id), message.chatbot_id);
    if (message.feedback_at === null) countRating(bucket, message.feedback); // rated by an earlier build
    if (range.questions && message.role === 'assistant' && (message.answer_type === 'fallback' || (message.feedback === 'down' && !ratedLater(message)))) {
      const question = await previous.questionOf(message);
      if (question) unanswered.push({ question, hourMs: hourOfId(message.id) });
    }
    if (range.questions && message.role === 'assistant' && message.answer_type === 'clarify') {
      const question = await previous.questionOf(message);
      if (question) clarified.push({ question, hourMs: hourOfId(message.id) });
    }
    previous.saw(message);
    if (message.role === 'user') {
      bucket.messages_user += 1;
      // A file sent alone (empty content) asks nothing: it is no top question.
      if (range.questions && message.content !== '') visitorMessages.push(message);
      continue;
    }
    if (message.role === 'agent') {
      bucket.messages_agent += 1;
      continue;
    }
    bucket.messages_assistant += 1;
    bucket.tokens_in += message.tokens_in;
    bucket.tokens_out += message.tokens_out;
    if (message.answer_type === 'fallback') bucket.replies_fallback += 1;
    if (message.response_time_ms !== null) {
      bucket.response_time_count += 1;
      bucket.response_time_sum += message.response_time_ms;
      sketchAdd(bucket.response_time_sketch, message.response_time_ms);
    }
  }
  for await (const message of facts.rated(tenant, span)) {
    const hourMs = hourOf(message.feedback_at!);
    countRating(figuresOf(figures, hourMs, message.chatbot_id), message.feedback);
    if (range.questions && message.role === 'assistant' && message.feedback === 'down' && message.answer_type !== 'fallback' && ratedLater(message)) {
      const question = await facts.questionBefore(tenant, message);
      if (question) unanswered.push({ question, hourMs });
    }
  }

  if (range.questions) await groupQuestions(sources, tenant, { visitorMessages, unanswered, clarified }, questions);
  return { figures, questions };
}

/**
 * The message before each message of a range read in id order: the conversation's previous one in
 * the range, or (for the first of a conversation in the range) the one stored before it.
 */
export class PreviousMessages {
  private readonly last = new Map<string, MessageFact>();

  constructor(
    private readonly facts: ConversationFacts,
    private readonly tenant: TenantScope,
  ) {}

  /** Call for every message of the range, in order, after looking at it. */
  saw(message: MessageFact): void {
    this.last.set(message.conversation_id, message);
  }

  async before(message: MessageFact): Promise<MessageFact | null> {
    return this.last.get(message.conversation_id) ?? this.facts.messageBefore(this.tenant, message);
  }

  /** The visitor message a reply answered: the message just before it, when that is the visitor's. */
  async questionOf(reply: MessageFact): Promise<MessageFact | null> {
    const before = await this.before(reply);
    return before?.role === 'user' ? before : null;
  }
}

/** The question a visitor message asks, after the text analysis the knowledge base uses. */
export function questionKey(content: string, language: string): string {
  const terms = [...new Set(analyzerFor(language).terms(content))].sort();
  // Nothing but stop words ("what?"): the folded text itself, so such messages still group.
  const text = terms.length > 0 ? terms.join(' ') : foldForSearch(content).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return `${language}:${text}`;
}

interface DatedQuestion {
  question: MessageFact;
  hourMs: number;
}

async function groupQuestions(
  sources: FactSources,
  tenant: TenantScope,
  { visitorMessages, unanswered, clarified }: { visitorMessages: MessageFact[]; unanswered: DatedQuestion[]; clarified: DatedQuestion[] },
  into: HourQuestions,
): Promise<void> {
  const conversationIds = [...visitorMessages, ...[...unanswered, ...clarified].map((entry) => entry.question)].map((m) => m.conversation_id);
  const languages = await conversationLanguages(sources, tenant, [...new Set(conversationIds)]);
  const groupOf = (hour: number, message: MessageFact) => {
    let byChatbot = into.get(hour);
    if (!byChatbot) into.set(hour, (byChatbot = new Map()));
    let groups = byChatbot.get(message.chatbot_id);
    if (!groups) byChatbot.set(message.chatbot_id, (groups = new Map()));
    const key = questionKey(message.content, languages.get(message.conversation_id) ?? 'en');
    let group = groups.get(key);
    if (!group) {
      group = { key, text: sampleText(message.content), conversation_id: message.conversation_id, count: 0, unanswered: 0, clarified: 0 };
      groups.set(key, group);
    }
    return group;
  };
  // Asked in the hour of the question; unanswered in the hour of the reply or of its thumbs-down.
  for (const message of visitorMessages) groupOf(hourOfId(message.id), message).count += 1;
  for (const { question, hourMs } of unanswered) {
    const group = groupOf(hourMs, question);
    // The sample of an unanswered group is a conversation where it went unanswered.
    if (group.unanswered === 0) {
      group.text = sampleText(question.content);
      group.conversation_id = question.conversation_id;
    }
    group.unanswered += 1;
  }
  for (const { question, hourMs } of clarified) {
    const group = groupOf(hourMs, question);
    group.clarified = (group.clarified ?? 0) + 1;
  }
}

/** A question as a group shows it. */
export const sampleText = (content: string) => content.slice(0, SAMPLE_LENGTH);

/** The language of each conversation (as questionKey takes it), looked up 100 at a time. */
export async function conversationLanguages(sources: FactSources, tenant: TenantScope, ids: string[]): Promise<Map<string, string>> {
  const languages = new Map<string, string>();
  for (let start = 0; start < ids.length; start += 100) {
    for (const [id, language] of await sources.conversations.languages(tenant, ids.slice(start, start + 100))) languages.set(id, language);
  }
  return languages;
}

export { HOUR_MS };
