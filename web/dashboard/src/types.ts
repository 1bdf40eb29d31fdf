// The API's resources as the dashboard reads them: the generated types of the OpenAPI document
// (common/api-types.ts), narrowed only where the document leaves a part free-form or optional while
// the server always fills it in (each such place says so). Browser-only values stay here too.
import type { components } from '../../../common/api-types.js';

type Schemas = components['schemas'];

export type Role = Schemas['Member']['role'];
export type Mode = Schemas['DashboardSession']['mode'];

/** A member; one just invited or given a new link carries the link, shown once. */
export type Member = Schemas['Member'] & { invitation?: Schemas['Invitation'] };
export type Session = Schemas['DashboardSession'];

export type Personality = NonNullable<Schemas['ChatbotSettingsInput']['personality']>;
export const PERSONALITIES: Personality[] = ['friendly', 'professional', 'casual', 'formal', 'playful', 'concise'];

/** A chatbot; the one just created carries its API key, shown once. */
export type Chatbot = Schemas['Chatbot'] & { api_key?: string };

/** The document leaves a rule's `match` open (keywords or a pattern); the dashboard writes these two. */
export type BehaviourRule = Omit<Schemas['BehaviourRule'], 'match' | 'action'> & {
  match: { keywords?: string[]; pattern?: string };
  action: { type: 'reply' | 'lead_request' | 'handoff'; reply?: string };
};

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const satisfies ReadonlyArray<Schemas['BusinessHoursRange']['day']>;
export type Weekday = (typeof WEEKDAYS)[number];

/** Weekly open ranges ("HH:MM", `to` up to "24:00") in one IANA time zone; a day without a range is closed. */
export interface BusinessHours {
  enabled: boolean;
  time_zone: string;
  weekly: Array<Schemas['BusinessHoursRange']>;
}

type SettingsInput = Schemas['ChatbotSettingsInput'];

/** The document answers `lead_capture`, `handoff` and `answer` as free-form objects: these are what the settings route accepts and stores. */
export type ChatbotSettings = Omit<Schemas['ChatbotSettings'], 'chatbot_id' | 'updated_at' | 'personality' | 'rules' | 'lead_capture' | 'handoff' | 'answer'> & {
  chatbot_id?: string;
  personality: Personality;
  rules: BehaviourRule[];
  lead_capture: Required<NonNullable<SettingsInput['lead_capture']>>;
  handoff: {
    on_visitor_request: boolean;
    require_available_member?: boolean;
    business_hours?: BusinessHours;
    auto_assign?: Required<Schemas['AutoAssignSettings']>;
  };
  answer: {
    mode: 'retrieval' | 'llm';
    provider: string | null;
    model: string | null;
    temperature: number;
    max_tokens: number;
    min_confidence: number;
    suggest_confidence: number;
    min_passage_score: number;
    show_sources: boolean;
    learn_from_feedback: boolean;
    retrieval: 'lexical' | 'hybrid';
    embedding_provider: string | null;
  };
  updated_at?: string;
};

type WidgetInput = Schemas['WidgetSettingsInput'];

/** The document answers `display_rules`, `lead_form` and `translations` as free-form objects: these are what the widget route accepts and stores. */
export type WidgetSettings = Omit<Schemas['WidgetSettings'], 'chatbot_id' | 'translations' | 'display_rules' | 'lead_form' | 'ignored_origins' | 'embed_code'> & {
  chatbot_id?: string;
  translations: Record<string, unknown>;
  display_rules: Required<NonNullable<WidgetInput['display_rules']>> & { show_on: string[]; hide_on: string[] };
  lead_form: Required<Omit<NonNullable<WidgetInput['lead_form']>, 'title'>> & { title: string | null };
  /** Stored entries of allowed_origins the server no longer matches (wildcards over a public suffix). */
  ignored_origins?: string[];
  embed_code?: string;
};

export type KnowledgeItem = Schemas['KnowledgeItem'];
export type KnowledgeDocumentInput = Schemas['KnowledgeItemInputDocument'];
export type KnowledgePassage = Schemas['KnowledgePassage'];
export type Webhook = Schemas['Webhook'];
export type WebhookWithSecret = Schemas['WebhookWithSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type ApiKey = Schemas['ApiKey'] & { secret?: string };
export type Account = Schemas['Account'];
export type Usage = Schemas['Usage'];

export type Conversation = Schemas['Conversation'];
export type ConversationStatus = Conversation['status'];
export type Resolution = NonNullable<Conversation['resolution']>;

/** The document leaves a conversation's visitor free-form; the API fills in these text fields. */
export type Visitor = Schemas['Visitor'];

export function visitorOf(conversation: Pick<Conversation, 'visitor'>): Visitor {
  return (conversation.visitor ?? {}) as Visitor;
}

/** GET …/conversations/{id}/contact: how to reach the visitor, from the conversation's lead. */
export type ConversationContact = Schemas['ConversationContact'];

/** By status, and `waiting`: handed off and nobody's yet. */
export type ConversationCounts = Schemas['ConversationCounts'] & { waiting: number };

export type MessageSource = Schemas['Source'];
export type Message = Schemas['Message'];
export type MessageAuthor = Schemas['MessageAuthor'];

/** A message in a line of words (a notice, an alert): its text, or for a file sent alone, the file. */
export function messageSummary(message: Pick<Message, 'content' | 'attachment'>): string {
  if (message.content || !message.attachment) return message.content;
  return `sent a file, ${message.attachment.name}`;
}

/** GET/POST …/conversations/{id}/typing. */
export type ConversationTyping = Schemas['ConversationTyping'];

/** What GET /api/v1/conversations/stream sends: the event envelope of GET /events. */
export type EventEnvelope<T = unknown> = Pick<Schemas['Event'], 'id' | 'type' | 'created_at' | 'chatbot_id'> & { data: T };

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const satisfies ReadonlyArray<Schemas['Lead']['status']>;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['widget_form', 'conversation', 'api', 'handoff_offline', 'widget_identity'] as const satisfies ReadonlyArray<Schemas['Lead']['source']>;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export type Lead = Schemas['Lead'];

/** The analytics answers' figures are optional in the document; the server always sends every one. */
type Complete<T> = T extends Array<infer Item> ? Array<Complete<Item>> : T extends object ? { [K in keyof T]-?: Complete<T[K]> } : T;

export type AnalyticsFigures = Complete<Schemas['AnalyticsFigures']>;
export type AnalyticsOverview = Complete<Schemas['AnalyticsOverview']>;
export type AnalyticsTimeseries = Complete<Schemas['AnalyticsTimeseries']>;
export type TimeseriesPoint = AnalyticsTimeseries['data'][number];
export type QuestionGroup = Complete<Omit<Schemas['AnalyticsQuestionGroup'], 'sample_conversation_id'>> & Pick<Schemas['AnalyticsQuestionGroup'], 'sample_conversation_id'>;
/** GET /chatbots/{id}/quality: every field is required in the document. */
export type QualityReport = Schemas['QualityReport'];
export type FellBackQuestion = Schemas['QualityFellBack'];
export type AnalyticsTrends = Complete<Omit<Schemas['AnalyticsTrends'], 'top_questions' | 'top_unanswered'>> & { top_questions: QuestionGroup[]; top_unanswered: QuestionGroup[] };

export type SavedReply = Schemas['SavedReply'];
export type RenderedReply = Schemas['RenderedSavedReply'];

/** GET/PUT /api/v1/presence: the signed-in member's own presence. */
export type MemberPresence = Schemas['MemberPresence'];
export type ModelProvider = Schemas['ModelProvider'];
export type ModelProviderTest = Schemas['ModelProviderTest'];
