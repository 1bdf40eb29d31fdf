// The API's resources as the dashboard reads them (see GET /api/v1/openapi.json and
// docs/API-DECISIONS.md "Members, sessions and the dashboard").

export type Role = 'owner' | 'admin' | 'agent';
export type Mode = 'live' | 'test';

export interface Member {
  id: string;
  email: string;
  name: string | null;
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
  allowed_origins: string[];
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

export const WEBHOOK_EVENTS = [
  '*',
  'message.created',
  'message.rated',
  'conversation.started',
  'conversation.handoff',
  'conversation.ended',
  'lead.captured',
  'lead.updated',
  'chatbot.created',
  'chatbot.updated',
  'chatbot.deleted',
  'knowledge.ready',
  'knowledge.failed',
  'chatbot.error',
  'webhook.test',
  'webhook.disabled',
] as const;

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

export interface Conversation {
  id: string;
  chatbot_id: string;
  status: 'open' | 'handoff' | 'ended';
  channel: 'api' | 'widget';
  language: string;
  message_count: number;
  started_at: string;
  last_message_at: string | null;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  answer_type: string | null;
  created_at: string;
}
