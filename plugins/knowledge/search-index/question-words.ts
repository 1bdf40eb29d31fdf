// Words of a question that say it is a question, or are politeness, and nothing about its topic:
// "combien", "possible", "bitte". The stop-word lists of the analysis keep some of them; when the
// knowledge does not use such a word, it is left out of the question instead of counting as an
// unknown (and so heavy) word.
import { analyzerFor } from '../../../core/index.js';

const WORDS: Record<string, string> = {
  en: 'how what when where which who whom whose why possible possibly please pls hi hello hey thanks thank cheers anyone somebody someone tell know want wanted would like need could much many way ok okay',
  de: 'wie was wann wo wohin woher warum weshalb wieso welche welcher welches wer wem wen wieviel wieviele viel viele möglich bitte hallo danke gibt geht kann könnte könnten würde würden möchte möchten gerne gern mal eigentlich genau irgendwie jemand sagen wissen',
  fr: 'combien comment quand où pourquoi quel quelle quels quelles qui quoi possible svp stp bonjour salut merci voudrais voudrait veux veut peux peut pouvez puis faut savoir dire',
  ro: 'cât câtă câte câți cum când unde care ce cine posibil bună salut mulțumesc mersi vă rog vreau vrea aș aș putea pot poate puteți trebuie spune știu',
};

const tables = new Map<string, Set<string>>();

/** Whether an analysed term is one of the language's question or politeness words. */
export function isQuestionWord(language: string, term: string): boolean {
  let table = tables.get(language);
  if (!table) {
    table = new Set(analyzerFor(language).terms(WORDS[language] ?? ''));
    tables.set(language, table);
  }
  return table.has(term);
}
