// The public widget API's shapes as the script reads them (API.md §6 "Widget details").

export interface WidgetStrings {
  title: string;
  subtitle: string | null;
  launcher_text: string;
  input_placeholder: string;
  welcome_message: string | null;
  suggested_messages: string[];
}

export type LeadFieldName = 'name' | 'email' | 'phone' | 'company';

export interface LeadForm {
  enabled: boolean;
  when: 'before_chat' | 'after_first_reply' | 'on_request';
  fields: Array<{ name: LeadFieldName; required: boolean }>;
  title: string | null;
}

export interface DisplayRules {
  show_on: string[];
  hide_on: string[];
  delay_seconds: number;
  devices: Array<'desktop' | 'mobile'>;
  open_on_load: boolean;
}

export interface Appearance {
  primary_color: string;
  background_color: string;
  text_color: string;
  position: 'bottom-right' | 'bottom-left';
  offset_x: number;
  offset_y: number;
  avatar_url: string | null;
}

export interface RatingSettings {
  mode: 'off' | 'stars' | 'thumbs';
  comment: boolean;
}

export interface WidgetConfig {
  chatbot_id: string;
  name: string;
  language: string;
  status: 'active' | 'paused';
  appearance: Appearance;
  strings: WidgetStrings;
  translations: Record<string, Partial<WidgetStrings>>;
  display_rules: DisplayRules;
  lead_form: LeadForm;
  rating: RatingSettings;
  show_sources: boolean;
}

export interface PublicConversation {
  id: string;
  status: 'open' | 'handoff' | 'ended';
  created_at?: string;
  /** Handed off while nobody could answer: the widget asks for an e-mail address. */
  asks_for_email?: boolean;
}

/** A member as the visitor sees them: the author of an agent message, or the agent typing. */
export interface PublicAgent {
  name: string;
  avatar_url: string | null;
}

export interface PublicMessage {
  id: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  /** The member who wrote an agent message; null (or absent) for the bot's and an API key's. */
  author?: PublicAgent | null;
  created_at: string;
  sources: Array<{ title: string | null; url: string | null }>;
  feedback: 'up' | 'down' | null;
  /** A reply that did not know, while visitors may ask for a person: offer "Talk to a person". */
  offers_handoff?: boolean;
}

export interface Turn {
  message: PublicMessage;
  reply: PublicMessage | null;
  conversation: PublicConversation;
}

export interface ConversationPage {
  conversation: PublicConversation;
  messages: PublicMessage[];
  has_more: boolean;
  /** The agent typing now, or null. */
  agent_typing?: PublicAgent | null;
}

export type LeadValues = Partial<Record<LeadFieldName, string>>;
