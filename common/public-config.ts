// The widget's public config (GET /widget/v1/{id}/config) from a chatbot and its widget settings.
// One function for both sides that need it: the server answers it (plugins/widget), and the
// dashboard's live preview builds the same from unsaved settings, so the preview cannot drift.
import type { components } from './api-types.js';

type Appearance = components['schemas']['WidgetAppearance'];
type WidgetStrings = components['schemas']['WidgetConfigStrings'];

export interface ConfigChatbot {
  id: string;
  name: string;
  language: string;
  status: string;
  welcome_message: string | null;
  show_sources: boolean;
  /** What the account's plan lets visitors send; null when it takes no files. */
  attachments: { kinds: Array<'image' | 'pdf'>; max_bytes: number } | null;
}

export interface ConfigSettings<Rules, Form, Translations> extends Appearance {
  rating: components['schemas']['WidgetRatingSettings'];
  sound: boolean;
  privacy: components['schemas']['WidgetPrivacySettings'];
  attachments: boolean;
  title: string | null;
  subtitle: string | null;
  launcher_text: string;
  input_placeholder: string;
  welcome_message: string | null;
  suggested_messages: string[];
  translations: Translations;
  display_rules: Rules;
  lead_form: Form;
}

export function publicWidgetConfig<Rules, Form, Translations>(chatbot: ConfigChatbot, settings: ConfigSettings<Rules, Form, Translations>) {
  return {
    chatbot_id: chatbot.id,
    name: chatbot.name,
    language: chatbot.language,
    // Archived chatbots have no public config at all; paused ones show as unavailable.
    status: chatbot.status === 'paused' ? ('paused' as const) : ('active' as const),
    appearance: {
      primary_color: settings.primary_color,
      background_color: settings.background_color,
      text_color: settings.text_color,
      position: settings.position,
      offset_x: settings.offset_x,
      offset_y: settings.offset_y,
      avatar_url: settings.avatar_url,
      theme: settings.theme,
      launcher_icon: settings.launcher_icon,
      launcher_image_url: settings.launcher_image_url,
    },
    strings: {
      title: settings.title ?? chatbot.name,
      subtitle: settings.subtitle,
      launcher_text: settings.launcher_text,
      input_placeholder: settings.input_placeholder,
      welcome_message: settings.welcome_message ?? chatbot.welcome_message,
      suggested_messages: settings.suggested_messages,
    } satisfies Partial<Record<keyof WidgetStrings, unknown>>,
    translations: settings.translations,
    display_rules: settings.display_rules,
    lead_form: settings.lead_form,
    rating: settings.rating,
    show_sources: chatbot.show_sources,
    sound: settings.sound,
    privacy: settings.privacy,
    attachments: settings.attachments && chatbot.attachments && chatbot.attachments.kinds.length > 0 ? chatbot.attachments : null,
  };
}
