// The fixed phrases of a chatbot (no language model involved), in the conversation's language and
// the chatbot's personality. Languages without a table speak English.
import type { ChatbotProfile, LeadField } from '../../../core/index.js';

type Tone = 'warm' | 'formal' | 'concise';

interface PhraseTable {
  knowledgeIntro: Record<Tone, string>;
  /** A `clarify` reply: the suggestions follow it as buttons. */
  clarify: Record<Tone, string>;
  handoff: Record<Tone, string>;
  /** A handoff when nobody can answer (outside business hours, or no member available): ask for an e-mail. */
  handoffOffline: Record<Tone, string>;
  leadRequest: Record<Tone, (fields: string) => string>;
  leadThanks: Record<Tone, string>;
  fallback: string;
  fields: Record<LeadField, string>;
  and: string;
}

const TABLES: Record<string, PhraseTable> = {
  en: {
    knowledgeIntro: { warm: 'Here’s what I found:', formal: 'According to our information:', concise: '' },
    clarify: {
      warm: 'I’m not sure I understood. Did you mean one of these?',
      formal: 'I could not find an exact answer. Did you mean one of the following?',
      concise: 'Did you mean:',
    },
    handoff: {
      warm: 'I’m bringing in a member of our team. They’ll reply here shortly.',
      formal: 'I am transferring you to a member of our team, who will reply here shortly.',
      concise: 'Transferring you to a person.',
    },
    handoffOffline: {
      warm: 'Our team isn’t available right now, but we don’t want to leave you waiting. Leave your e-mail address and we’ll get back to you.',
      formal: 'Our team is not available at the moment. Please leave your e-mail address and we will reply as soon as possible.',
      concise: 'Nobody is available right now. Leave your e-mail address and we will reply.',
    },
    leadRequest: {
      warm: (f) => `Could you leave your ${f} so our team can get back to you?`,
      formal: (f) => `May I have your ${f}, so that our team can follow up with you?`,
      concise: (f) => `Your ${f}, please?`,
    },
    leadThanks: { warm: 'Thank you! We’ll be in touch.', formal: 'Thank you. Our team will contact you.', concise: 'Thanks, noted.' },
    // The settings' default fallback message, word for word.
    fallback: "I'm sorry, I don't have an answer to that yet.",
    fields: { name: 'name', email: 'e-mail address', phone: 'phone number', company: 'company' },
    and: 'and',
  },
  de: {
    knowledgeIntro: { warm: 'Das habe ich gefunden:', formal: 'Laut unseren Informationen:', concise: '' },
    clarify: {
      warm: 'Ich bin nicht sicher, ob ich Sie richtig verstehe. Meinten Sie eine dieser Fragen?',
      formal: 'Ich habe keine genaue Antwort gefunden. Meinten Sie eine der folgenden Fragen?',
      concise: 'Meinten Sie:',
    },
    handoff: {
      warm: 'Ich hole jemanden aus unserem Team dazu. Sie bekommen hier gleich eine Antwort.',
      formal: 'Ich verbinde Sie mit einem Mitarbeiter unseres Teams, der Ihnen hier in Kürze antwortet.',
      concise: 'Ich verbinde Sie mit einem Mitarbeiter.',
    },
    handoffOffline: {
      warm: 'Unser Team ist gerade nicht erreichbar, aber wir lassen Sie nicht warten. Hinterlassen Sie Ihre E-Mail-Adresse, dann melden wir uns bei Ihnen.',
      formal: 'Unser Team ist im Moment nicht erreichbar. Bitte hinterlassen Sie Ihre E-Mail-Adresse, wir antworten Ihnen so bald wie möglich.',
      concise: 'Gerade ist niemand erreichbar. Hinterlassen Sie Ihre E-Mail-Adresse, wir antworten Ihnen.',
    },
    leadRequest: {
      warm: (f) => `Möchten Sie uns Ihre ${f} hinterlassen, damit sich unser Team bei Ihnen meldet?`,
      formal: (f) => `Dürfte ich Sie um Ihre ${f} bitten, damit sich unser Team bei Ihnen melden kann?`,
      concise: (f) => `Ihre ${f}, bitte?`,
    },
    leadThanks: { warm: 'Danke! Wir melden uns bei Ihnen.', formal: 'Vielen Dank. Unser Team wird Sie kontaktieren.', concise: 'Danke, notiert.' },
    fallback: 'Das kann ich leider noch nicht beantworten.',
    fields: { name: 'Namen', email: 'E-Mail-Adresse', phone: 'Telefonnummer', company: 'Firma' },
    and: 'und',
  },
  fr: {
    knowledgeIntro: { warm: 'Voici ce que j’ai trouvé :', formal: 'D’après nos informations :', concise: '' },
    clarify: {
      warm: 'Je ne suis pas sûr d’avoir bien compris. Vouliez-vous dire l’une de ces questions ?',
      formal: 'Je n’ai pas trouvé de réponse exacte. Vouliez-vous dire l’une des questions suivantes ?',
      concise: 'Vouliez-vous dire :',
    },
    handoff: {
      warm: 'Je fais appel à un membre de notre équipe. Il vous répondra ici très vite.',
      formal: 'Je vous mets en relation avec un membre de notre équipe, qui vous répondra ici sous peu.',
      concise: 'Transfert vers un conseiller.',
    },
    handoffOffline: {
      warm: 'Notre équipe n’est pas disponible pour le moment, mais nous ne voulons pas vous faire attendre. Laissez votre adresse e-mail et nous vous répondrons.',
      formal: 'Notre équipe n’est pas disponible pour le moment. Veuillez laisser votre adresse e-mail, nous vous répondrons dès que possible.',
      concise: 'Personne n’est disponible pour le moment. Laissez votre adresse e-mail, nous vous répondrons.',
    },
    leadRequest: {
      warm: (f) => `Pourriez-vous nous laisser votre ${f} pour que notre équipe vous recontacte ?`,
      formal: (f) => `Puis-je vous demander votre ${f}, afin que notre équipe puisse vous recontacter ?`,
      concise: (f) => `Votre ${f}, s’il vous plaît ?`,
    },
    leadThanks: { warm: 'Merci ! Nous revenons vers vous.', formal: 'Merci. Notre équipe vous contactera.', concise: 'Merci, c’est noté.' },
    fallback: 'Désolé, je n’ai pas encore de réponse à cette question.',
    fields: { name: 'nom', email: 'adresse e-mail', phone: 'numéro de téléphone', company: 'entreprise' },
    and: 'et',
  },
  ro: {
    knowledgeIntro: { warm: 'Iată ce am găsit:', formal: 'Conform informațiilor noastre:', concise: '' },
    clarify: {
      warm: 'Nu sunt sigur că am înțeles. V-ați referit la una dintre acestea?',
      formal: 'Nu am găsit un răspuns exact. V-ați referit la una dintre următoarele întrebări?',
      concise: 'V-ați referit la:',
    },
    handoff: {
      warm: 'Chem un coleg din echipa noastră. Vă va răspunde aici în curând.',
      formal: 'Vă transfer către un membru al echipei noastre, care vă va răspunde aici în curând.',
      concise: 'Vă transfer către un coleg.',
    },
    handoffOffline: {
      warm: 'Echipa noastră nu este disponibilă acum, dar nu vrem să vă lăsăm să așteptați. Lăsați-ne adresa de e-mail și vă vom răspunde.',
      formal: 'Echipa noastră nu este disponibilă în acest moment. Vă rugăm să ne lăsați adresa de e-mail și vă vom răspunde cât mai curând.',
      concise: 'Nu este nimeni disponibil acum. Lăsați adresa de e-mail și vă vom răspunde.',
    },
    leadRequest: {
      warm: (f) => `Ne lăsați ${f}, ca echipa noastră să vă poată contacta?`,
      formal: (f) => `Vă rog să ne comunicați ${f}, pentru ca echipa noastră să vă poată contacta.`,
      concise: (f) => `${f[0]!.toUpperCase()}${f.slice(1)}, vă rog?`,
    },
    leadThanks: { warm: 'Mulțumim! Vă vom contacta.', formal: 'Vă mulțumim. Echipa noastră vă va contacta.', concise: 'Mulțumesc, am notat.' },
    fallback: 'Îmi pare rău, încă nu am un răspuns la această întrebare.',
    fields: { name: 'numele', email: 'adresa de e-mail', phone: 'numărul de telefon', company: 'compania' },
    and: 'și',
  },
};

const TONES: Record<ChatbotProfile['personality'], Tone> = {
  friendly: 'warm',
  casual: 'warm',
  playful: 'warm',
  professional: 'formal',
  formal: 'formal',
  concise: 'concise',
};

export interface Phrases {
  knowledgeIntro: string;
  clarify: string;
  handoff: string;
  handoffOffline: string;
  leadRequest(fields: LeadField[]): string;
  leadThanks: string;
  /** The fallback of the built-in default, in this language. */
  defaultFallback: string;
}

export function phrasesFor(language: string, personality: ChatbotProfile['personality']): Phrases {
  const table = TABLES[language] ?? TABLES.en!;
  const tone = TONES[personality];
  const playful = personality === 'playful';
  return {
    knowledgeIntro: table.knowledgeIntro[tone],
    clarify: table.clarify[tone],
    handoff: table.handoff[tone],
    handoffOffline: table.handoffOffline[tone],
    leadRequest: (fields) => table.leadRequest[tone](listOf(fields.map((field) => table.fields[field]), table.and)),
    leadThanks: playful ? `${table.leadThanks[tone]} 🎉` : table.leadThanks[tone],
    defaultFallback: table.fallback,
  };
}

function listOf(items: string[], and: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}

/** Languages with phrase tables of their own. */
export const PHRASE_LANGUAGES = Object.keys(TABLES);
