// store-independent: the intent is a pure function of the message's text.
// The built-in "talk to a person" intent: requests in each language it knows are caught, and
// messages that merely mention people, ask about the bot or refuse a person are not.
import t from 'tap';
import { isHandoffRequest } from '../../plugins/conversations/answer/handoff-request.js';
import { RTL_WIDGET_UI } from '../../web/widget/src/ui-strings-rtl.js';
import { WIDGET_UI } from '../../web/widget/src/ui-strings.js';
import { HARD_QUALITY_SETS } from '../fixtures/answer-quality-hard.js';
import { QUALITY_SETS } from '../fixtures/answer-quality.js';

const REQUESTS: Record<string, string[]> = {
  en: [
    'I want to talk to a person',
    'Can I speak to a human?',
    'human please',
    'Agent!',
    'operator',
    'Please connect me with a real person',
    'I need a live agent now',
    'Could I talk to someone from customer service?',
    'I want a human, not a bot',
    'Are you able to connect me to an agent?',
    'TALK TO A REPRESENTATIVE',
  ],
  de: [
    'Ich möchte mit einem Mitarbeiter sprechen',
    'Mitarbeiter bitte',
    'Kann ich mit einem Menschen reden?',
    'Bitte verbinden Sie mich mit dem Kundenservice',
    'Ich will einen echten Menschen',
    'Ich wuerde gern mit jemandem sprechen',
  ],
  fr: [
    'Je voudrais parler à un conseiller',
    'Un humain svp',
    'Puis-je parler à quelqu’un ?',
    'Je veux un opérateur',
    'Mettez-moi en relation avec le service client',
    'Je veux parler à un conseiller, pas à un robot',
  ],
  ro: [
    'Vreau să vorbesc cu un om',
    'Aș dori să vorbesc cu un operator',
    'Puteți să mă conectați cu un consultant?',
    'operator va rog',
    'Pot să vorbesc cu cineva?',
  ],
  ar: ['أريد التحدث إلى موظف', 'موظف من فضلك', 'هل يمكنني التحدث مع خدمة العملاء؟', 'حولني إلى ممثل'],
  he: ['אני רוצה לדבר עם נציג', 'נציג בבקשה', 'אפשר לדבר עם מישהו?', 'תעבירו אותי לשירות לקוחות'],
  fa: ['می‌خواهم با یک اپراتور صحبت کنم', 'کارشناس لطفاً', 'میشه با کسی صحبت کنم؟', 'نه، می‌خواهم با اپراتور صحبت کنم', 'لطفاً بدون معطلی با یک کارشناس صحبت کنم'],
  ur: [
    'کیا میں کسی نمائندے سے بات کر سکتا ہوں؟',
    'مجھے ایجنٹ سے بات کرنی ہے',
    'نمائندہ براہ کرم',
    // A negation before the person is about something else: the verb, and its negation, come last.
    'نہیں، میں نمائندے سے بات کرنا چاہتا ہوں',
    'اس سے مدد نہیں ملی، مجھے ایجنٹ سے بات کرنی ہے',
  ],
};

const NOT_REQUESTS: Record<string, string[]> = {
  en: [
    'What are your opening hours?',
    'Are you a human?',
    'Is this a real person?',
    'I need someone to fix my roof',
    'How many people work at your company?',
    'I don’t want to talk to a human',
    'The agent who sold me this was rude and the product broke after two days, what is your refund policy for broken items bought in store last month, and do I need the receipt or is the card statement enough for you?',
    '',
    '!!!',
  ],
  de: ['Wie viele Menschen arbeiten bei Ihnen?', 'Bist du ein Mensch?', 'Ich brauche keinen Mitarbeiter, nur die Preise', 'Was kostet der Versand?'],
  fr: ['Êtes-vous un humain ?', 'Je ne veux pas parler à un conseiller', 'Combien coûte la livraison ?', 'Le prix par personne ?'],
  ro: ['Ești un om?', 'Nu vreau să vorbesc cu un operator', 'Cât costă livrarea?', 'Câți oameni lucrează la voi?'],
  ar: ['هل أنت إنسان؟', 'لا أريد التحدث إلى موظف', 'كيف أتصل بخدمة العملاء؟', 'ما هي مدة التوصيل؟', 'متى وصل الطرد الذي أرسله شخص؟'],
  he: ['האם אתה נציג?', 'לא צריך נציג', 'איך מדברים עם נציג?', 'כמה עולה המשלוח?'],
  fa: ['چطور با پشتیبانی تماس بگیرم؟', 'اپراتور نمی‌خواهم', 'هزینه ارسال چقدر است؟'],
  // The negation comes last, as the verb does.
  ur: ['مجھے نمائندہ نہیں چاہیے', 'کب تک ڈیلیوری ہو گی؟', 'کیا آپ انسان ہیں؟', 'اس بات کی کوئی ضمانت ہے؟', 'ڈیلیوری میں کوئی مسئلہ ہو تو بات بتائیں'],
};

t.test('requests for a person, in each language', async (t) => {
  for (const [language, messages] of Object.entries(REQUESTS)) {
    for (const message of messages) t.ok(isHandoffRequest(message), `${language}: "${message}" asks for a person`);
  }
});

t.test('messages that are no request', async (t) => {
  for (const [language, messages] of Object.entries(NOT_REQUESTS)) {
    for (const message of messages) t.notOk(isHandoffRequest(message), `${language}: "${message}" is no request`);
  }
});

t.test('no question of the answer-quality sets is taken for a request (they want the knowledge base’s answer)', async (t) => {
  const questions = [...QUALITY_SETS, ...HARD_QUALITY_SETS].flatMap((set) => set.questions.map(({ ask }) => `${set.language}: ${ask}`));
  t.ok(questions.length > 200, `${questions.length} questions`);
  const taken = questions.filter((question) => isHandoffRequest(question.slice(4)));
  t.same(taken, [], 'none handed off');
});

t.test('the widget’s "Talk to a person" button sends a request the intent catches, in every widget language', async (t) => {
  // The languages the script carries and those it loads on demand.
  const all: Record<string, (typeof WIDGET_UI)[string]> = { ...WIDGET_UI, ...RTL_WIDGET_UI };
  const languages = Object.keys(all);
  t.ok(languages.length >= 8, `${languages.length} widget languages`);
  for (const language of languages) {
    const sent = all[language]!.talkToPersonMessage;
    t.ok(isHandoffRequest(sent), `${language}: "${sent}"`);
  }
});

t.test('hostile input stays cheap and false', async (t) => {
  t.notOk(isHandoffRequest('agent '.repeat(50_000)), 'a huge message is no request');
  t.notOk(isHandoffRequest('\u0000\uFFFF\uD800'), 'broken text is no request');
});
