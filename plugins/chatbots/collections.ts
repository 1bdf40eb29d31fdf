// The chatbots collection and the shape of a stored chatbot.
import type { BehaviourSettings, Collection, CollectionDeclarer, Stored } from '../../core/index.js';

export const CHATBOT_STATUSES = ['active', 'paused', 'archived'] as const;
export type ChatbotStatus = (typeof CHATBOT_STATUSES)[number];

export const PERSONALITIES = ['friendly', 'professional', 'casual', 'formal', 'playful', 'concise'] as const;

export interface ChatbotDoc {
  name: string;
  /** The name folded for `q` searches (foldForSearch). */
  name_folded: string;
  language: string;
  personality: (typeof PERSONALITIES)[number];
  welcome_message: string | null;
  status: ChatbotStatus;
  /** Behaviour settings other than personality, language and welcome message. */
  settings: BehaviourSettings;
  created_at: string;
  updated_at: string;
}

export type Chatbot = Stored<ChatbotDoc>;

export function declareChatbots(store: CollectionDeclarer): Collection<ChatbotDoc> {
  return store.collection<ChatbotDoc>({
    name: 'chatbots',
    scope: 'tenant',
    indexes: [{ fields: ['status'] }, { fields: ['language'] }],
  });
}

export function presentChatbot(chatbot: Chatbot) {
  return {
    id: chatbot.id,
    name: chatbot.name,
    language: chatbot.language,
    personality: chatbot.personality,
    welcome_message: chatbot.welcome_message,
    status: chatbot.status,
    created_at: chatbot.created_at,
    updated_at: chatbot.updated_at,
  };
}
