// The public widget API's shapes as the script reads them: the generated types of the OpenAPI
// document (common/api-types.ts), narrowed only where the document leaves a part free-form.
import type { components } from '../../../common/api-types.js';

type Schemas = components['schemas'];

/** The config's strings: the server fills the title with the chatbot's name, so it is never null here. */
export type WidgetStrings = Omit<Schemas['WidgetConfigStrings'], 'title'> & { title: string };

export type LeadFieldName = 'name' | 'email' | 'phone' | 'company';

/** The document names a field by any string; the settings accept these four only. */
export type LeadForm = Omit<Schemas['WidgetConfigLeadForm'], 'fields'> & {
  fields: Array<{ name: LeadFieldName; required: boolean }>;
};

/** The document leaves the translations free-form (string values); an older server sends none. */
export type ProactiveMessage = Omit<Schemas['WidgetConfigProactiveMessage'], 'translations'> & { translations?: Record<string, string> };
export type DisplayRules = Omit<Schemas['WidgetConfigDisplayRules'], 'proactive'> & { proactive: ProactiveMessage[] };
export type Appearance = Schemas['WidgetAppearance'];
export type RatingSettings = Schemas['WidgetRatingSettings'];

/** Translations are a free-form object in the document: per language, the strings it overrides. */
export type WidgetConfig = Omit<Schemas['WidgetConfig'], 'strings' | 'translations' | 'lead_form' | 'display_rules'> & {
  strings: WidgetStrings;
  translations: Record<string, Partial<WidgetStrings>>;
  lead_form: LeadForm;
  display_rules: DisplayRules;
};

export type PublicConversation = Schemas['VisitorConversation'];
/** A member as the visitor sees them: the author of an agent message, or the agent typing. */
export type PublicAgent = Schemas['VisitorAgent'];
export type PublicMessage = Schemas['VisitorMessage'];
export type Turn = Schemas['VisitorTurn'];
/** A clarify reply's offer: a button with the question, sending the item's id. */
export type Suggestion = Schemas['VisitorSuggestion'];
export type ConversationPage = Schemas['WidgetConversation'];

/** What the page says of its signed-in visitor (`ChatbotWidget.identify`). */
export type VisitorIdentity = Schemas['WidgetVisitorIdentity'];

export type LeadValues = Partial<Record<LeadFieldName, string>>;
