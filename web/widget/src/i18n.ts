// The widget's own words (buttons, states, the lead form) in the languages it ships, and the
// choice of language for them and for the chatbot's strings.
import type { WidgetConfig, WidgetStrings } from './types.js';

const en = {
  send: 'Send',
  close: 'Close',
  messages: 'Messages',
  you: 'You',
  agent: 'Team',
  typing: 'Typing…',
  agentJoined: 'An agent has joined the conversation.',
  ended: 'This conversation has ended.',
  newConversation: 'Start a new conversation',
  unavailable: 'The chat is unavailable right now. Please try again later.',
  networkError: 'The chat could not be reached. Check your connection and try again.',
  rateLimited: 'Too many messages. Please try again in {seconds} seconds.',
  rateLimitedSoon: 'Too many messages. Please try again in a moment.',
  error: 'Something went wrong. Please try again.',
  leadTitle: 'Leave your details',
  leaveDetails: 'Leave your details',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  optional: 'optional',
  submit: 'Send details',
  skip: 'Not now',
  thanks: 'Thanks! We will be in touch.',
  requiredField: 'This field is required.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidPhone: 'Enter a valid phone number.',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  sources: 'Sources',
};

export type UiStrings = typeof en;

const de: UiStrings = {
  send: 'Senden',
  close: 'Schließen',
  messages: 'Nachrichten',
  you: 'Sie',
  agent: 'Team',
  typing: 'Schreibt …',
  agentJoined: 'Jemand aus unserem Team ist dem Chat beigetreten.',
  ended: 'Dieses Gespräch wurde beendet.',
  newConversation: 'Neues Gespräch beginnen',
  unavailable: 'Der Chat ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
  networkError: 'Der Chat ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  rateLimited: 'Zu viele Nachrichten. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
  rateLimitedSoon: 'Zu viele Nachrichten. Bitte versuchen Sie es gleich noch einmal.',
  error: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  leadTitle: 'Hinterlassen Sie Ihre Kontaktdaten',
  leaveDetails: 'Kontaktdaten hinterlassen',
  name: 'Name',
  email: 'E-Mail',
  phone: 'Telefon',
  company: 'Firma',
  optional: 'optional',
  submit: 'Absenden',
  skip: 'Nicht jetzt',
  thanks: 'Danke! Wir melden uns bei Ihnen.',
  requiredField: 'Dieses Feld ist erforderlich.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  invalidPhone: 'Bitte geben Sie eine gültige Telefonnummer ein.',
  helpful: 'Hilfreich',
  notHelpful: 'Nicht hilfreich',
  sources: 'Quellen',
};

const fr: UiStrings = {
  send: 'Envoyer',
  close: 'Fermer',
  messages: 'Messages',
  you: 'Vous',
  agent: 'Équipe',
  typing: 'En train d’écrire…',
  agentJoined: 'Un membre de notre équipe a rejoint la conversation.',
  ended: 'Cette conversation est terminée.',
  newConversation: 'Démarrer une nouvelle conversation',
  unavailable: 'Le chat est indisponible pour le moment. Veuillez réessayer plus tard.',
  networkError: 'Impossible de joindre le chat. Vérifiez votre connexion et réessayez.',
  rateLimited: 'Trop de messages. Réessayez dans {seconds} secondes.',
  rateLimitedSoon: 'Trop de messages. Réessayez dans un instant.',
  error: 'Une erreur s’est produite. Veuillez réessayer.',
  leadTitle: 'Laissez vos coordonnées',
  leaveDetails: 'Laisser mes coordonnées',
  name: 'Nom',
  email: 'E-mail',
  phone: 'Téléphone',
  company: 'Entreprise',
  optional: 'facultatif',
  submit: 'Envoyer',
  skip: 'Plus tard',
  thanks: 'Merci ! Nous vous recontacterons.',
  requiredField: 'Ce champ est obligatoire.',
  invalidEmail: 'Saisissez une adresse e-mail valide.',
  invalidPhone: 'Saisissez un numéro de téléphone valide.',
  helpful: 'Utile',
  notHelpful: 'Pas utile',
  sources: 'Sources',
};

const ro: UiStrings = {
  send: 'Trimite',
  close: 'Închide',
  messages: 'Mesaje',
  you: 'Dvs.',
  agent: 'Echipa',
  typing: 'Scrie…',
  agentJoined: 'Un membru al echipei noastre s-a alăturat conversației.',
  ended: 'Această conversație s-a încheiat.',
  newConversation: 'Începe o conversație nouă',
  unavailable: 'Chatul nu este disponibil momentan. Vă rugăm să încercați mai târziu.',
  networkError: 'Chatul nu poate fi contactat. Verificați conexiunea și încercați din nou.',
  rateLimited: 'Prea multe mesaje. Încercați din nou peste {seconds} secunde.',
  rateLimitedSoon: 'Prea multe mesaje. Încercați din nou în câteva momente.',
  error: 'A apărut o eroare. Vă rugăm să încercați din nou.',
  leadTitle: 'Lăsați-ne datele de contact',
  leaveDetails: 'Lăsați datele de contact',
  name: 'Nume',
  email: 'E-mail',
  phone: 'Telefon',
  company: 'Companie',
  optional: 'opțional',
  submit: 'Trimite',
  skip: 'Mai târziu',
  thanks: 'Mulțumim! Vă vom contacta.',
  requiredField: 'Acest câmp este obligatoriu.',
  invalidEmail: 'Introduceți o adresă de e-mail validă.',
  invalidPhone: 'Introduceți un număr de telefon valid.',
  helpful: 'Util',
  notHelpful: 'Nu a fost util',
  sources: 'Surse',
};

const UI: Record<string, UiStrings> = { en, de, fr, ro };

/** The browser's languages as primary subtags, most preferred first ("de-AT" → "de"). */
export function browserLanguages(): string[] {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return tags.filter(Boolean).map((tag) => tag.toLowerCase().split('-')[0]!);
}

export interface Localised {
  /** The chatbot's strings for this visitor: their language's translation over the chatbot's own. */
  strings: WidgetStrings;
  /** The translation used, if any (sent as the conversation's language). */
  language: string | null;
  ui: UiStrings;
}

export function localise(config: WidgetConfig, languages: string[]): Localised {
  const translations = config.translations ?? {};
  // The first of the visitor's languages the chatbot speaks: its own, or one it has a translation for.
  const spoken = languages.find((code) => code === config.language || translations[code]);
  const language = spoken && spoken !== config.language ? spoken : null;
  const translated = language ? translations[language] : {};
  const strings = { ...config.strings };
  for (const [key, value] of Object.entries(translated ?? {}) as Array<[keyof WidgetStrings, never]>) {
    if (value !== null && value !== undefined) strings[key] = value;
  }
  // The widget's words follow the visitor's language where it has them, else the chatbot's.
  const uiLanguage = languages.find((code) => UI[code]) ?? (UI[config.language] ? config.language : 'en');
  return { strings, language, ui: UI[uiLanguage]! };
}

export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
