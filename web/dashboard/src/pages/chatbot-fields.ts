// The profile fields a chatbot is created and edited with (name, language, personality, welcome).
import type { ApiError } from '../api.js';
import { PERSONALITIES, type Personality } from '../types.js';
import { Field, html, Select } from '../ui.js';

export interface ChatbotDraft {
  name: string;
  language: string;
  personality: Personality;
  welcome_message: string;
}

export const PROFILE_PATHS = ['name', 'language', 'personality', 'welcome_message'];

export function profileBody(draft: ChatbotDraft) {
  return {
    name: draft.name,
    language: draft.language.trim().toLowerCase(),
    personality: draft.personality,
    welcome_message: draft.welcome_message.trim() ? draft.welcome_message : null,
  };
}

export function ChatbotProfileFields({ draft, change, error }: { draft: ChatbotDraft; change: (patch: Partial<ChatbotDraft>) => void; error: ApiError | null }) {
  return html`
    <${Field} label="Name" path="name" required value=${draft.name} onInput=${(name: string) => change({ name })} error=${error} hint="Shown to visitors as the widget's title unless you set another." />
    <${Field}
      label="Language"
      path="language"
      required
      value=${draft.language}
      onInput=${(language: string) => change({ language })}
      error=${error}
      hint="A two-letter ISO 639-1 code, such as en, de or fr."
    />
    <${Select}
      label="Personality"
      path="personality"
      value=${draft.personality}
      onChange=${(personality: string) => change({ personality: personality as Personality })}
      options=${PERSONALITIES.map((value) => [value, value[0]!.toUpperCase() + value.slice(1)])}
      error=${error}
    />
    <${Field}
      label="Welcome message"
      path="welcome_message"
      multiline
      value=${draft.welcome_message}
      onInput=${(welcome_message: string) => change({ welcome_message })}
      error=${error}
      hint="The first message visitors see. Leave empty for none."
    />
  `;
}
