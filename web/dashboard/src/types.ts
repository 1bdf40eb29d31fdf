// The API's resources as the dashboard reads them (see GET /api/v1/openapi.json and
// docs/API-DECISIONS.md "Members, sessions and the dashboard").

export type Role = 'owner' | 'admin' | 'agent';
export type Mode = 'live' | 'test';

export interface Member {
  id: string;
  email: string;
  name: string | null;
  /** An https image visitors see beside the member's messages. */
  avatar_url?: string | null;
  role: Role;
  status: 'invited' | 'active';
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  invitation?: { url: string; expires_at: string };
}

export interface Session {
  member: Member;
  account: { id: string; name: string; plan: string };
  mode: Mode;
  expires_at: string;
}

export type Personality = 'friendly' | 'professional' | 'casual' | 'formal' | 'playful' | 'concise';
export const PERSONALITIES: Personality[] = ['friendly', 'professional', 'casual', 'formal', 'playful', 'concise'];

export interface Chatbot {
  id: string;
  name: string;
  language: string;
  personality: Personality;
  welcome_message: string | null;
  status: 'active' | 'paused' | 'archived';
  created_at: string;
  updated_at: string;
  api_key?: string;
}

export interface BehaviourRule {
  name?: string;
  match: { keywords?: string[]; pattern?: string };
  action: { type: 'reply' | 'lead_request' | 'handoff'; reply?: string };
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Weekly open ranges ("HH:MM", `to` up to "24:00") in one IANA time zone; a day without a range is closed. */
export interface BusinessHours {
  enabled: boolean;
  time_zone: string;
  weekly: Array<{ day: Weekday; from: string; to: string }>;
}

export interface ChatbotSettings {
  chatbot_id?: string;
  personality: Personality;
  language: string;
  welcome_message: string | null;
  instructions: string;
  fallback_message: string;
  rules: BehaviourRule[];
  inactivity_timeout_minutes: number;
  lead_capture: { enabled: boolean; ask_after_messages: number; fields: string[] };
  handoff: {
    on_visitor_request: boolean;
    require_available_member?: boolean;
    business_hours?: BusinessHours;
    auto_assign?: { enabled: boolean; max_open_per_agent: number };
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
  };
  updated_at?: string;
}

export interface WidgetSettings {
  chatbot_id?: string;
  primary_color: string;
  background_color: string;
  text_color: string;
  position: 'bottom-right' | 'bottom-left';
  offset_x: number;
  offset_y: number;
  avatar_url: string | null;
  title: string | null;
  subtitle: string | null;
  launcher_text: string;
  input_placeholder: string;
  welcome_message: string | null;
  suggested_messages: string[];
  translations: Record<string, unknown>;
  display_rules: { show_on: string[]; hide_on: string[]; delay_seconds: number; devices: Array<'desktop' | 'mobile'>; open_on_load: boolean };
  lead_form: { enabled: boolean; when: 'after_first_reply' | 'before_chat' | 'on_request'; fields: Array<{ name: string; required: boolean }>; title: string | null };
  rating: { mode: 'off' | 'stars' | 'thumbs'; comment: boolean };
  allowed_origins: string[];
  /** Stored entries of allowed_origins the server no longer matches (wildcards over a public suffix). */
  ignored_origins?: string[];
  embed_code?: string;
  updated_at?: string | null;
}

export interface KnowledgeItem {
  id: string;
  type: 'document' | 'url' | 'qa';
  title: string | null;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  error: string | null;
  chunk_count: number;
  char_count: number;
  created_at: string;
  processed_at: string | null;
  url?: string;
  question?: string;
  answer?: string;
  format?: string;
}

export interface KnowledgePassage {
  chunk_id: string;
  document_id: string;
  kind: 'passage' | 'qa';
  title: string | null;
  url: string | null;
  snippet: string;
  score: number;
  confidence: number;
}

export interface Webhook {
  id: string;
  chatbot_id: string | null;
  url: string;
  description: string | null;
  events: string[];
  status: 'enabled' | 'disabled';
  disabled_reason: 'api' | 'gone' | 'failing' | null;
  created_at: string;
  secret?: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: Array<{ at: string; duration_ms: number; status_code: number | null; error: string | null; response_excerpt: string | null }>;
  created_at: string;
}

export interface ApiKey {
  id: string;
  name: string;
  mode: Mode;
  kind: 'account' | 'chatbot';
  chatbot_id: string | null;
  redacted_key: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  secret?: string;
}

export interface Account {
  id: string;
  name: string;
  plan: string;
  status: 'active' | 'disabled';
  limits: { requests_per_minute: number | null; requests_per_day: number | null; chatbots: number | null; webhooks: boolean; access: string };
  created_at: string;
}

export interface Usage {
  mode: Mode;
  plan: string;
  windows: Array<{ window: 'minute' | 'day'; limit: number; used: number; remaining: number; resets_at: string }>;
}

export type ConversationStatus = 'open' | 'handoff' | 'ended';
export type Resolution = 'resolved' | 'unresolved' | 'escalated';

export interface Visitor {
  id?: string;
  name?: string;
  email?: string;
  phone?: string;
  locale?: string;
}

export interface Conversation {
  id: string;
  chatbot_id: string;
  status: ConversationStatus;
  channel: 'api' | 'widget';
  language: string;
  visitor: Visitor;
  metadata: Record<string, unknown>;
  message_count: number;
  resolution: Resolution | null;
  ended_reason: 'api' | 'visitor' | 'inactivity' | null;
  lead_id: string | null;
  /** Handed off when nobody could answer (outside business hours, nobody available): the visitor was asked for an e-mail. */
  handoff_offline?: boolean;
  /** The member a handed-off conversation is assigned to; null while unassigned or with the bot. */
  assignee: { member_id: string; name: string } | null;
  /** The visitor's rating after the end: 1–5 stars, or thumbs (1 up, 0 down). */
  csat: { score: number; scale: 'stars' | 'thumbs'; comment: string | null; rated_at: string } | null;
  started_at: string;
  last_message_at: string | null;
  ended_at: string | null;
}

/** GET …/conversations/{id}/contact: how to reach the visitor, from the conversation's lead. */
export interface ConversationContact {
  lead_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  source: LeadSource;
}

/** By status, and `waiting`: handed off and nobody's yet. */
export type ConversationCounts = Record<ConversationStatus, number> & { waiting: number };

export interface MessageSource {
  document_id: string;
  title: string | null;
  url: string | null;
  snippet: string;
  score: number;
}

export interface Message {
  id: string;
  conversation_id: string;
  chatbot_id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  answer_type: 'rule' | 'qa' | 'knowledge' | 'llm' | 'fallback' | null;
  confidence: number | null;
  sources: MessageSource[];
  response_time_ms: number | null;
  feedback: 'up' | 'down' | null;
  feedback_comment: string | null;
  /** The signed-in member who wrote an agent message; null for the bot, the visitor and API keys. */
  author?: MessageAuthor | null;
  created_at: string;
}

export interface MessageAuthor {
  member_id: string;
  name: string;
  avatar_url: string | null;
}

/** GET/POST …/conversations/{id}/typing. */
export interface ConversationTyping {
  agent: MessageAuthor | null;
  visitor_typing: boolean;
}

/** What GET /api/v1/conversations/stream sends: the event envelope of GET /events. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  created_at: string;
  chatbot_id: string | null;
  data: T;
}

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_SOURCES = ['widget_form', 'conversation', 'api', 'handoff_offline'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface Lead {
  id: string;
  chatbot_id: string;
  conversation_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
  custom: Record<string, unknown>;
  status: LeadStatus;
  source: LeadSource;
  created_at: string;
  updated_at: string;
}

export interface AnalyticsFigures {
  conversations: { total: number; open: number; ended: number };
  messages: { total: number; user: number; assistant: number; agent: number };
  leads: number;
  resolution: { resolved: number; unresolved: number; escalated: number; rate: number | null };
  response_time_ms: { avg: number | null; p50: number | null; p95: number | null };
  feedback: { up: number; down: number };
  /** The visitors' ratings of conversations on 1–5 (a thumbs-up 5, a thumbs-down 1); null without ratings. */
  csat_average: number | null;
  csat_responses: number;
  fallback_rate: number | null;
}

export interface AnalyticsPeriod {
  from: string;
  to: string;
  tz: string;
  chatbot_id: string | null;
}

export type AnalyticsOverview = AnalyticsPeriod & AnalyticsFigures;

export interface TimeseriesPoint {
  period: string;
  start: string;
  hours: number;
  value: number | null;
}

export interface AnalyticsTimeseries extends AnalyticsPeriod {
  metric: string;
  interval: string;
  data: TimeseriesPoint[];
}

export interface QuestionGroup {
  question: string;
  count: number;
  unanswered: number;
  sample_conversation_id?: string;
}

export interface AnalyticsTrends extends AnalyticsPeriod {
  previous: { from: string; to: string };
  current_figures: AnalyticsFigures;
  previous_figures: AnalyticsFigures;
  changes: Array<{ figure: string; current: number | null; previous: number | null; change: number | null }>;
  top_questions: QuestionGroup[];
  top_unanswered: QuestionGroup[];
}

export interface SavedReply {
  id: string;
  chatbot_id: string | null;
  shortcut: string;
  title: string;
  body: string;
  use_count: number;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RenderedReply {
  saved_reply_id: string;
  conversation_id: string;
  text: string;
  missing: string[];
}

/** GET/PUT /api/v1/presence: the signed-in member's own presence. */
export interface MemberPresence {
  member_id: string;
  status: 'available' | 'away';
  /** Available and with a heartbeat that has not lapsed: handoffs count on them. */
  available: boolean;
  expires_at: string | null;
  updated_at: string | null;
}
