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

/** Words and phrases, folded at load (lower case, no diacritics, apostrophes as spaces). */
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
  /**
   * The verb, and its negation, come last (Persian, Urdu: "I an agent don't want"): a negation
   * after the person undoes the request, not one before it ("No, I want an agent").
   */
  verbLast?: boolean;
  /**
   * The script it is written in. Arabic, Persian and Urdu share theirs, and many words: one's
   * question opening keeps the others from misreading a question. (Latin-script languages do not
   * share this way: German "was" opens English sentences that are no question.)
   */
  script: 'latin' | 'hebrew' | 'arabic';
}

/** Languages the intent knows (those with phrase tables). */
export const HANDOFF_REQUEST_LANGUAGES = ['en', 'de', 'fr', 'ro', 'ar', 'he', 'fa', 'ur'] as const;

const WRITTEN: Record<(typeof HANDOFF_REQUEST_LANGUAGES)[number], Lexicon> = {
  en: {
    script: 'latin',
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
    script: 'latin',
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
    script: 'latin',
    humans: ['humain', 'humaine', 'vraie personne', 'conseiller', 'conseillere', 'agent', 'operateur', 'operatrice', 'interlocuteur', 'interlocutrice'],
    anyone: ['une personne', 'quelqu un', 'un employe', 'une employee', 'service client'],
    talking: ['parler', 'discuter', 'en relation', 'transferer', 'passer'],
    wanting: ['veux', 'voudrais', 'souhaite', 'souhaiterais', 'puis je', 'pourrais je', 'besoin', 'svp', 's il vous plait'],
    negations: ['pas', 'jamais', 'sans'],
    aboutTheBot: ['es tu', 'etes vous', 'est ce que tu es', 'est ce que vous etes'],
    questions: ['comment', 'quand', 'ou', 'quel', 'quelle', 'quels', 'quelles', 'pourquoi', 'a quelle heure'],
  },
  ro: {
    script: 'latin',
    humans: ['om', 'un om', 'operator', 'operatorul', 'agent', 'consultant', 'consultantul', 'reprezentant'],
    anyone: ['persoana', 'o persoana', 'cineva', 'angajat', 'un coleg', 'oameni', 'suport', 'serviciul clienti'],
    talking: ['vorbesc', 'vorbi', 'vorbeasca', 'discut', 'discuta', 'conectati', 'conecta', 'transferati'],
    wanting: ['vreau', 'doresc', 'as vrea', 'as dori', 'pot', 'puteti', 'va rog', 'te rog', 'am nevoie'],
    negations: ['nu', 'fara', 'niciodata'],
    aboutTheBot: ['esti', 'sunteti', 'este un'],
    questions: ['cum', 'cand', 'unde', 'ce', 'care', 'de ce'],
  },
  // The right-to-left languages the widget speaks (its "Talk to a person" button sends a sentence
  // from these): written as people write them, folded below like the messages (hamza and madda
  // marks, short vowels and the zero-width non-joiner are gone after folding).
  ar: {
    script: 'arabic',
    humans: ['موظف', 'الموظف', 'موظفا', 'موظفة', 'انسان', 'شخص حقيقي', 'وكيل', 'ممثل', 'مندوب', 'عامل'],
    anyone: ['شخص', 'احد', 'أحد', 'خدمة العملاء', 'الدعم', 'فريق الدعم'],
    talking: ['أتحدث', 'التحدث', 'اتكلم', 'التكلم', 'أكلم', 'تحدث', 'محادثة', 'حولني', 'وصلني', 'تحويلي'],
    wanting: ['أريد', 'أود', 'ابغى', 'بدي', 'من فضلك', 'لو سمحت', 'ممكن', 'هل يمكنني', 'أحتاج'],
    negations: ['لا', 'ليس', 'لست', 'بدون', 'دون'],
    aboutTheBot: ['هل أنت', 'أنت'],
    questions: ['كيف', 'متى', 'أين', 'ماذا', 'لماذا', 'أي'],
  },
  he: {
    script: 'hebrew',
    humans: ['נציג', 'נציגה', 'לנציג', 'נציג אנושי', 'בן אדם', 'אדם אמיתי', 'נציג שירות', 'מוקדן', 'מוקדנית'],
    anyone: ['מישהו', 'מישהי', 'אדם', 'שירות לקוחות', 'לשירות לקוחות', 'תמיכה', 'צוות'],
    talking: ['לדבר', 'לשוחח', 'להתחבר', 'להעביר', 'תעביר', 'תעבירו', 'תחבר', 'תחברו'],
    wanting: ['רוצה', 'אפשר', 'בבקשה', 'אשמח', 'צריך', 'צריכה', 'הייתי רוצה'],
    negations: ['לא', 'בלי', 'אין'],
    aboutTheBot: ['האם אתה', 'אתה', 'את'],
    questions: ['איך', 'מתי', 'איפה', 'מה', 'למה', 'איזה'],
  },
  fa: {
    script: 'arabic',
    // Not "انسان": Arabic's word too, where "هل أنت إنسان؟" asks about the bot.
    humans: ['اپراتور', 'کارشناس', 'پشتیبان', 'آدم واقعی', 'نماینده', 'مامور'],
    anyone: ['کسی', 'یک نفر', 'شخص', 'پشتیبانی', 'خدمات مشتریان'],
    // Not "وصل": Arabic's "arrived" ("متى وصل الطرد؟").
    talking: ['صحبت', 'حرف', 'گفتگو', 'متصل'],
    wanting: ['می‌خواهم', 'میخواهم', 'می‌خوام', 'میخوام', 'لطفاً', 'ممکن است', 'می‌شه', 'میشه', 'نیاز دارم'],
    negations: ['نه', 'نمی‌خواهم', 'نمیخواهم', 'بدون'],
    aboutTheBot: ['آیا تو', 'آیا شما', 'تو'],
    questions: ['چطور', 'چگونه', 'کی', 'کجا', 'چه', 'چرا', 'کدام'],
    verbLast: true,
  },
  ur: {
    script: 'arabic',
    humans: ['نمائندہ', 'نمائندے', 'ایجنٹ', 'آپریٹر', 'اصل شخص', 'عملے'],
    anyone: ['کسی', 'کوئی', 'شخص', 'سپورٹ', 'کسٹمر سروس'],
    // "بات" alone is also "matter" ("اس بات کی کوئی ضمانت ہے؟"): talking is "بات کر…".
    talking: ['بات کر', 'بات کرنا', 'بات کرنی', 'بات کروں', 'بات کرا', 'گفتگو کر', 'گفتگو کرنا', 'رابطہ کر', 'رابطہ کرا', 'منسلک کر'],
    wanting: ['چاہتا', 'چاہتی', 'چاہوں', 'براہ کرم', 'برائے مہربانی', 'مہربانی', 'مجھے'],
    negations: ['نہیں', 'بغیر', 'مت'],
    aboutTheBot: ['کیا آپ', 'کیا تم'],
    // Not "کیا": it also opens a request ("کیا میں کسی نمائندے سے بات کر سکتا ہوں؟").
    questions: ['کیسے', 'کب', 'کہاں', 'کیوں', 'کون'],
    verbLast: true,
  },
};

/** Each phrase as a message's words read after folding, so both sides compare the same way. */
const LEXICONS: Lexicon[] = Object.values(WRITTEN).map((lexicon) => ({
  ...lexicon,
  humans: lexicon.humans.map(foldPhrase),
  anyone: lexicon.anyone.map(foldPhrase),
  talking: lexicon.talking.map(foldPhrase),
  wanting: lexicon.wanting.map(foldPhrase),
  negations: lexicon.negations.map(foldPhrase),
  aboutTheBot: lexicon.aboutTheBot.map(foldPhrase),
  questions: lexicon.questions.map(foldPhrase),
}));

function foldPhrase(phrase: string): string {
  return (foldForSearch(phrase).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}

/** "Agent please", "Operator!": a person word and at most this many words besides. */
const SHORT_REQUEST_EXTRA_WORDS = 2;
/** Longer messages are questions with a person in them, not requests for one. */
const MAX_REQUEST_WORDS = 30;

/** Whether the visitor's message asks to talk to a person, in any language the intent knows. */
export function isHandoffRequest(message: string): boolean {
  const words = foldForSearch(message).match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0 || words.length > MAX_REQUEST_WORDS) return false;
  const text = ` ${words.join(' ')} `;
  // A question opening of Arabic, Persian or Urdu is a question to all three (Arabic's "متى" read with Persian's words).
  const arabicQuestion = LEXICONS.some((lexicon) => lexicon.script === 'arabic' && lexicon.questions.some((opening) => text.startsWith(` ${opening} `)));
  return LEXICONS.some((lexicon) => !(arabicQuestion && lexicon.script === 'arabic') && asksForPerson(text, words.length, lexicon));
}

function asksForPerson(text: string, wordCount: number, lexicon: Lexicon): boolean {
  const at = (phrase: string) => text.indexOf(` ${phrase} `);
  const first = (phrases: string[]) => phrases.map((phrase) => ({ phrase, index: at(phrase) })).filter(({ index }) => index >= 0).sort((a, b) => a.index - b.index)[0];
  const human = first(lexicon.humans);
  const anyone = first(lexicon.anyone);
  const person = human && anyone ? (human.index <= anyone.index ? human : anyone) : (human ?? anyone);
  if (!person) return false;
  const undoes = (index: number) => index >= 0 && (lexicon.verbLast ? index > person.index : index < person.index);
  if (lexicon.negations.some((negation) => undoes(at(negation)))) return false;
  if (lexicon.questions.some((opening) => text.startsWith(` ${opening} `))) return false;
  const talks = lexicon.talking.some((phrase) => at(phrase) >= 0);
  if (talks) return true;
  if (!human || lexicon.aboutTheBot.some((opening) => text.startsWith(` ${opening} `))) return false;
  const wants = lexicon.wanting.some((phrase) => at(phrase) >= 0);
  return wants || wordCount <= human.phrase.split(' ').length + SHORT_REQUEST_EXTRA_WORDS;
}
