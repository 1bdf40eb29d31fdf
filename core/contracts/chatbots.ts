// What other areas may know of a chatbot, provided by the chatbots plugin
// (`server.plugins.chatbots.directory`): areas depend on this, not on the plugin's files.
import type { BusinessHours } from '../business-hours.js';
import type { TenantScope } from '../store/types.js';

export interface BehaviourRule {
  name?: string;
  match: { keywords?: string[]; pattern?: string };
  action: { type: 'reply' | 'lead_request' | 'handoff'; reply?: string };
}

export const LEAD_FIELDS = ['name', 'email', 'phone', 'company'] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

export interface AnswerSettings {
  mode: 'retrieval' | 'llm';
  provider: string | null;
  model: string | null;
  temperature: number;
  max_tokens: number;
  /** A Q&A match at or above this answers. */
  min_confidence: number;
  /** A Q&A match at or above this (and below min_confidence) is offered as "did you mean". */
  suggest_confidence: number;
  /** In LLM mode, a passage needs this confidence to be handed to the language model (quoting one takes min_confidence). */
  min_passage_score: number;
  show_sources: boolean;
  /**
   * Learning from use (opt-in): a thumbs-up on a reply that gave a Q&A pair's answer adds the
   * visitor's question to that pair's alternative phrasings (the knowledge plugin's learning.ts).
   */
  learn_from_feedback: boolean;
  /** `hybrid`: questions are also matched by meaning, with `embedding_provider`'s embedding model. */
  retrieval: 'lexical' | 'hybrid';
  /** One of the account's model providers (`mp_…`) with an embedding model; required for `hybrid`. */
  embedding_provider: string | null;
}

export interface HandoffSettings {
  /**
   * A visitor who asks for a person, in words ("I want to talk to a person", "Mitarbeiter bitte")
   * or with the widget's "Talk to a person" button, is handed off without a rule.
   */
  on_visitor_request: boolean;
  /** Whether a handoff needs a member available in the dashboard; without one the visitor is asked for an e-mail. */
  require_available_member: boolean;
  /** When a person may answer: a handoff outside them asks the visitor for an e-mail instead. */
  business_hours: BusinessHours;
  /** Round robin: a handoff goes to the available member assigned least recently, among those with fewer open handoffs than the limit. */
  auto_assign: { enabled: boolean; max_open_per_agent: number };
}

export interface BehaviourSettings {
  instructions: string;
  fallback_message: string;
  rules: BehaviourRule[];
  inactivity_timeout_minutes: number;
  lead_capture: { enabled: boolean; ask_after_messages: number; fields: LeadField[] };
  handoff: HandoffSettings;
  answer: AnswerSettings;
}

export interface ChatbotSummary {
  id: string;
  status: 'active' | 'paused' | 'archived';
  language: string;
}

/** Everything the answer engine needs to speak as the chatbot. */
export interface ChatbotProfile extends ChatbotSummary {
  name: string;
  personality: 'friendly' | 'professional' | 'casual' | 'formal' | 'playful' | 'concise';
  welcome_message: string | null;
  settings: BehaviourSettings;
}

export interface ChatbotDirectory {
  find(tenant: TenantScope, chatbotId: string): Promise<ChatbotSummary | null>;
  /** The chatbot with its settings complete (defaults filled in for fields added since it was saved). */
  profile(tenant: TenantScope, chatbotId: string): Promise<ChatbotProfile | null>;
}
