// Text analysis shared by indexing and queries, so both sides turn words into the same terms:
// Unicode normalisation, lower case, stop words of the language removed, Snowball stemming, then
// diacritics folded (after stemming: the German and Romanian stemmers need their diacritics).
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import * as stopwords from 'stopword';
import { foldForSearch } from './fold.js';

interface LanguageSupport {
  stem: (word: string) => string;
  /** The stopword package's list, keyed by ISO 639-3. */
  stopwords: string[];
}

/**
 * Modal and auxiliary verb forms the stopword package's French and Romanian lists leave out
 * although they list the others ("puis" but not "peux", "pot" but not "poți"): a question and
 * its rephrasing that differ only by them ("Trebuie …?" / "Ce fac …?") should not differ in their
 * terms. Romanian "a" and "o" (particle and article, in nearly every sentence) are missing too.
 * Not English "does", missing too: a short phrasing without it ("How long does shipping take?" →
 * "long ship") is fully covered by any message about delivery times, a pizza's included.
 */
const MISSING_STOP_WORDS: Record<string, string[]> = {
  fr: ['peux', 'peut', 'pouvons', 'pouvez', 'peuvent', 'puis', 'dois', 'doit', 'devons', 'devez', 'faut'],
  ro: ['a', 'o', 'e', 'era', 'poți', 'putem', 'puteți', 'trebuie', 'vreau', 'vrei', 'vrea'],
};

const LANGUAGES: Record<string, LanguageSupport> = {
  en: { stem: english, stopwords: stopwords.eng },
  de: { stem: german, stopwords: stopwords.deu },
  fr: { stem: french, stopwords: [...stopwords.fra, ...MISSING_STOP_WORDS.fr!] },
  ro: { stem: romanian, stopwords: [...stopwords.ron, ...MISSING_STOP_WORDS.ro!] },
  es: { stem: spanish, stopwords: stopwords.spa },
  it: { stem: italian, stopwords: stopwords.ita },
  pt: { stem: portuguese, stopwords: stopwords.por },
  nl: { stem: dutch, stopwords: stopwords.nld },
  sv: { stem: swedish, stopwords: stopwords.swe },
  da: { stem: danish, stopwords: stopwords.dan },
  fi: { stem: finnish, stopwords: stopwords.fin },
  no: { stem: norwegian, stopwords: stopwords.nob },
  nb: { stem: norwegian, stopwords: stopwords.nob },
  ru: { stem: russian, stopwords: stopwords.rus },
  tr: { stem: turkish, stopwords: stopwords.tur },
};

/** Languages with stemming and stop words; any other language is tokenised and folded only. */
export const STEMMED_LANGUAGES = Object.keys(LANGUAGES);

const WORD = /[\p{L}\p{N}]+/gu;
/** Longer "words" are hashes, ids or base64 noise, not language. */
const MAX_WORD_LENGTH = 40;
/**
 * Words whose term an analyzer remembers. Stemming and folding a word costs a few microseconds,
 * most of the analysis, and text repeats its words (10,000 short Q&A pairs: 1.0 s to analyse
 * without this, 0.2 s with it). Emptied when full: a few MB per language at most.
 */
const MAX_REMEMBERED_WORDS = 20_000;

export interface Analyzer {
  readonly language: string;
  /** The terms of a text, in order, repeats kept (term frequencies count them). */
  terms(text: string): string[];
}

const analyzers = new Map<string, Analyzer>();

export function analyzerFor(language: string): Analyzer {
  const cached = analyzers.get(language);
  if (cached) return cached;
  const support = Object.hasOwn(LANGUAGES, language) ? LANGUAGES[language] : undefined;
  // Stop words are matched in lower case both with and without their diacritics, so "aceasta"
  // typed without them is dropped like "această"; and with s and t under a comma as under a
  // cedilla, the two ways Romanian is typed (the stopword package's list has only the cedilla:
  // "şi", "nişte", so the "și", "niște" of correctly typed Romanian were kept as terms).
  const stop = new Set<string>();
  for (const word of support?.stopwords ?? []) {
    const lower = word.toLowerCase();
    stop.add(lower);
    stop.add(lower.replace(/ş/g, 'ș').replace(/ţ/g, 'ț'));
    stop.add(lower.replace(/ș/g, 'ş').replace(/ț/g, 'ţ'));
    stop.add(foldForSearch(word));
  }
  const stem = support?.stem ?? ((word: string) => word);
  const remembered = new Map<string, string>();
  const termOf = (word: string): string => {
    let term = remembered.get(word);
    if (term === undefined) {
      term = foldForSearch(stem(word));
      if (remembered.size >= MAX_REMEMBERED_WORDS) remembered.clear();
      remembered.set(word, term);
    }
    return term;
  };
  const analyzer: Analyzer = {
    language,
    terms(text) {
      const terms: string[] = [];
      for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
        if (word.length > MAX_WORD_LENGTH || stop.has(word)) continue;
        const term = termOf(word);
        if (term) terms.push(term);
      }
      return terms;
    },
  };
  analyzers.set(language, analyzer);
  return analyzer;
}
