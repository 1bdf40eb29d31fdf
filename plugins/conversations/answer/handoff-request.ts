// The built-in "talk to a person" intent: a visitor asking for a human is handed off without the
// owner writing a rule. Every language's words are checked whatever the conversation's language
// (a German visitor may write "Mitarbeiter" to an English chatbot).
//
// A request names a person and asks to reach them. Words that can only mean a person to talk to
// ("human", "agent", "Mitarbeiter", "conseiller", "operator") need a word of wanting ("I want an
// agent") or hardly anything else ("agent please"); words that mean anybody ("someone", "person")
// need a word of talking ("can I speak to someone"), so "I need someone to fix my roof" is no
// request; so do departments ("customer service"). Reaching is not talking: "how can I contact
// customer support?" wants the contact details the knowledge base has. A negation before the
// person ("I don't want a human", "nicht", "pas", "nu") undoes it ("a human, not a bot" stays a
// request), and so do a how / when / where question and a question about the bot ("are you a
// human?") unless it asks to talk. When the bot cannot answer, the widget offers the button anyway.
// The owner's rules are checked before this: a rule still wins.
import { foldForSearch } from '../../../core/index.js';

/** Words and phrases, folded (lower case, no diacritics, apostrophes as spaces). */
interface Lexicon {
  /** Only ever a person to talk to. */
  humans: string[];
  /** Anybody: a person to talk to only with a word of talking. */
  anyone: string[];
  talking: string[];
  wanting: string[];
  negations: string[];
  /** Openings of a question about the bot itself. */
  aboutTheBot: string[];
  /** Openings of a question about how, when or where (a question for the knowledge base). */
  questions: string[];
}

/** Languages the intent knows (those with phrase tables). */
export const HANDOFF_REQUEST_LANGUAGES = ['en', 'de', 'fr', 'ro'] as const;

const LEXICONS: Record<(typeof HANDOFF_REQUEST_LANGUAGES)[number], Lexicon> = {
  en: {
    humans: ['human', 'humans', 'real person', 'live person', 'agent', 'agents', 'live agent', 'representative', 'operator', 'member of staff', 'support agent'],
    anyone: [
      'person', 'someone', 'somebody', 'anyone', 'anybody', 'staff', 'employee', 'manager', 'your team', 'people', 'customer service',
      'customer support', 'support team', 'support',
    ],
    talking: ['talk', 'speak', 'chat', 'connect', 'transfer', 'put me through'],
    wanting: ['want', 'need', 'would like', 'can i', 'could i', 'let me', 'get me', 'give me', 'please', 'pls', 'plz'],
    negations: ['not', 'dont', 'don t', 'do not', 'no need', 'never', 'without'],
    aboutTheBot: ['are you', 'is this', 'am i'],
    questions: ['how', 'when', 'where', 'what', 'which', 'why'],
  },
  de: {
    humans: [
      'mensch', 'menschen', 'echten menschen', 'mitarbeiter', 'mitarbeiterin', 'mitarbeitern', 'berater', 'beraterin', 'agent', 'operator',
      'ansprechpartner', 'ansprechpartnerin',
    ],
    anyone: ['person', 'jemand', 'jemandem', 'jemanden', 'support', 'kundendienst', 'kundenservice'],
    talking: ['sprechen', 'reden', 'verbinden', 'verbunden', 'chatten', 'weiterleiten'],
    wanting: ['mochte', 'moechte', 'will', 'wurde gern', 'wurde gerne', 'bitte', 'kann ich', 'konnte ich', 'brauche'],
    negations: ['nicht', 'kein', 'keine', 'keinen', 'niemand'],
    aboutTheBot: ['bist du', 'sind sie', 'ist das'],
    questions: ['wie', 'wann', 'wo', 'was', 'welche', 'welcher', 'warum'],
  },
  fr: {
    humans: ['humain', 'humaine', 'vraie personne', 'conseiller', 'conseillere', 'agent', 'operateur', 'operatrice', 'interlocuteur', 'interlocutrice'],
    anyone: ['une personne', 'quelqu un', 'un employe', 'une employee', 'service client'],
    talking: ['parler', 'discuter', 'en relation', 'transferer', 'passer'],
    wanting: ['veux', 'voudrais', 'souhaite', 'souhaiterais', 'puis je', 'pourrais je', 'besoin', 'svp', 's il vous plait'],
    negations: ['pas', 'jamais', 'sans'],
    aboutTheBot: ['es tu', 'etes vous', 'est ce que tu es', 'est ce que vous etes'],
    questions: ['comment', 'quand', 'ou', 'quel', 'quelle', 'quels', 'quelles', 'pourquoi', 'a quelle heure'],
  },
  ro: {
    humans: ['om', 'un om', 'operator', 'operatorul', 'agent', 'consultant', 'consultantul', 'reprezentant'],
    anyone: ['persoana', 'o persoana', 'cineva', 'angajat', 'un coleg', 'oameni', 'suport', 'serviciul clienti'],
    talking: ['vorbesc', 'vorbi', 'vorbeasca', 'discut', 'discuta', 'conectati', 'conecta', 'transferati'],
    wanting: ['vreau', 'doresc', 'as vrea', 'as dori', 'pot', 'puteti', 'va rog', 'te rog', 'am nevoie'],
    negations: ['nu', 'fara', 'niciodata'],
    aboutTheBot: ['esti', 'sunteti', 'este un'],
    questions: ['cum', 'cand', 'unde', 'ce', 'care', 'de ce'],
  },
};

/** "Agent please", "Operator!": a person word and at most this many words besides. */
const SHORT_REQUEST_EXTRA_WORDS = 2;
/** Longer messages are questions with a person in them, not requests for one. */
const MAX_REQUEST_WORDS = 30;

/** Whether the visitor's message asks to talk to a person, in any language the intent knows. */
export function isHandoffRequest(message: string): boolean {
  const words = foldForSearch(message).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || words.length > MAX_REQUEST_WORDS) return false;
  const text = ` ${words.join(' ')} `;
  return Object.values(LEXICONS).some((lexicon) => asksForPerson(text, words.length, lexicon));
}

function asksForPerson(text: string, wordCount: number, lexicon: Lexicon): boolean {
  const at = (phrase: string) => text.indexOf(` ${phrase} `);
  const first = (phrases: string[]) => phrases.map((phrase) => ({ phrase, index: at(phrase) })).filter(({ index }) => index >= 0).sort((a, b) => a.index - b.index)[0];
  const human = first(lexicon.humans);
  const anyone = first(lexicon.anyone);
  const person = human && anyone ? (human.index <= anyone.index ? human : anyone) : (human ?? anyone);
  if (!person) return false;
  if (lexicon.negations.some((negation) => at(negation) >= 0 && at(negation) < person.index)) return false;
  if (lexicon.questions.some((opening) => text.startsWith(` ${opening} `))) return false;
  const talks = lexicon.talking.some((phrase) => at(phrase) >= 0);
  if (talks) return true;
  if (!human || lexicon.aboutTheBot.some((opening) => text.startsWith(` ${opening} `))) return false;
  const wants = lexicon.wanting.some((phrase) => at(phrase) >= 0);
  return wants || wordCount <= human.phrase.split(' ').length + SHORT_REQUEST_EXTRA_WORDS;
}
