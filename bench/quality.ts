// Answer quality benchmark: loads each quality set's knowledge into a chatbot of its language on an
// in-process server, asks every question in a conversation of its own, and judges each reply as the
// tests do (test/fixtures/answer-quality-judge.ts). Prints accuracy per language, per kind and
// overall, and the unrelated questions that got an answer instead of the fallback.
//
//   npx tsx bench/quality.ts [--set=hard|basic|all] [--lang=de] [--half=fit|held-out|all] [--verbose] [--json]
//
// --set      which sets: the basic ones (test/fixtures/answer-quality.ts), the hard ones
//            (test/fixtures/answer-quality-hard.ts) or both (the default)
// --lang     only this language (en, de, fr, ro)
// --half     of the hard sets, only the questions and unrelated questions at an even index of their
//            language's lists (fit: the half rules are studied on), at an odd index (held-out: the
//            half the numbers are reported on), or all of them (the default); the basic sets are
//            always asked whole, as the guard against regressions
// --verbose  also every miss: the question, what it expected, answer_type, confidence and the reply
// --json     the numbers as JSON instead of the tables
//
// A set whose data is wrong (an expected item that does not exist, a document fragment that is not
// in its document, a question asked twice) is refused before anything runs.
import { QUALITY_SETS, QUESTION_KINDS, type QualitySet } from '../test/fixtures/answer-quality.js';
import { HARD_QUALITY_SETS } from '../test/fixtures/answer-quality-hard.js';
import {
  checkQualitySet,
  documentsOf,
  judgeAnswer,
  judgeUnrelated,
  loadQualitySet,
  type QualityExpectation,
  type QualityReply,
} from '../test/fixtures/answer-quality-judge.js';
import { benchServer } from './harness.js';

type SetName = 'basic' | 'hard';
type Half = 'fit' | 'held-out' | 'all';

interface Options {
  sets: SetName[];
  language: string | null;
  half: Half;
  verbose: boolean;
  json: boolean;
}

interface Reply extends QualityReply {
  sources: Array<{ document_id: string; title?: string | null }>;
}

interface Outcome {
  set: SetName;
  language: string;
  /** The question's kind; `unrelated` for the unrelated ones, `untagged` for a question without one. */
  kind: string;
  question: string;
  expected: string;
  right: boolean;
  reply: Reply;
}

interface Tally {
  right: number;
  total: number;
  accuracy: number;
}

const USAGE = 'usage: npx tsx bench/quality.ts [--set=hard|basic|all] [--lang=de] [--half=fit|held-out|all] [--verbose] [--json]';

function parseOptions(argv: string[]): Options {
  const options: Options = { sets: ['basic', 'hard'], language: null, half: 'all', verbose: false, json: false };
  for (const argument of argv) {
    const [name, value] = argument.split('=', 2) as [string, string | undefined];
    if (name === '--set' && (value === 'hard' || value === 'basic')) options.sets = [value];
    else if (name === '--set' && value === 'all') options.sets = ['basic', 'hard'];
    else if (name === '--lang' && value) options.language = value.toLowerCase();
    else if (name === '--half' && (value === 'fit' || value === 'held-out' || value === 'all')) options.half = value;
    else if (argument === '--verbose') options.verbose = true;
    else if (argument === '--json') options.json = true;
    else throw new Error(`Unknown argument ${argument}\n${USAGE}`);
  }
  return options;
}

function describeExpectation(set: QualitySet, expect: QualityExpectation): string {
  if (typeof expect === 'number') return `Q&A ${expect} “${set.qa[expect]?.question}”`;
  const number = expect.document ?? 0;
  return `document ${number} “${documentsOf(set)[number]?.title}” with “${expect.doc}”`;
}

function tally(outcomes: Outcome[]): Tally {
  const right = outcomes.filter((outcome) => outcome.right).length;
  return { right, total: outcomes.length, accuracy: outcomes.length === 0 ? 0 : right / outcomes.length };
}

const percent = (t: Tally) => (t.total === 0 ? '     –' : `${(t.accuracy * 100).toFixed(1).padStart(5)}%`);
const cell = (t: Tally) => `${`${t.right}/${t.total}`.padStart(7)} ${percent(t)}`;
const oneLine = (text: string, length: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 1)}…`;
};

async function run(options: Options): Promise<Outcome[]> {
  const chosen: Array<{ name: SetName; set: QualitySet }> = [];
  for (const name of options.sets) {
    for (const set of name === 'basic' ? QUALITY_SETS : HARD_QUALITY_SETS) {
      if (options.language === null || set.language === options.language) chosen.push({ name, set });
    }
  }
  if (chosen.length === 0) throw new Error(`No quality set for language ${options.language}`);

  const problems = chosen.flatMap(({ name, set }) => checkQualitySet(set, { requireKinds: name === 'hard' }).map((problem) => `${name} ${problem}`));
  if (problems.length > 0) throw new Error(`The quality sets have errors, nothing was run:\n${problems.map((p) => `  ${p}`).join('\n')}`);

  const bench = await benchServer('quality');
  const outcomes: Outcome[] = [];
  try {
    for (const { name, set } of chosen) {
      const bot = await bench.call('POST', '/api/v1/chatbots', { name: `Quality ${name} ${set.language}`, language: set.language });
      const chatbotId = bot.id as string;
      const loaded = await loadQualitySet(bench.call, chatbotId, set);
      await bench.server.plugins.knowledge.worker.drain();

      // A conversation per question: no earlier turn can colour a reply, and a conversation handed
      // off or ended by one reply cannot refuse the next question.
      const ask = async (content: string): Promise<Reply> => {
        const conversation = await bench.call('POST', `/api/v1/chatbots/${chatbotId}/conversations`, {});
        const message = await bench.call('POST', `/api/v1/chatbots/${chatbotId}/conversations/${conversation.id as string}/messages`, { content });
        return message.reply as Reply;
      };

      const inHalf = (index: number) => name === 'basic' || options.half === 'all' || (index % 2 === 0) === (options.half === 'fit');
      for (const [index, { ask: question, expect, kind }] of set.questions.entries()) {
        if (!inHalf(index)) continue;
        const reply = await ask(question);
        outcomes.push({
          set: name,
          language: set.language,
          kind: kind ?? 'untagged',
          question,
          expected: describeExpectation(set, expect),
          right: judgeAnswer(set, loaded, expect, reply),
          reply,
        });
      }
      for (const [index, question] of set.unrelated.entries()) {
        if (!inHalf(index)) continue;
        const reply = await ask(question);
        outcomes.push({ set: name, language: set.language, kind: 'unrelated', question, expected: 'the fallback', right: judgeUnrelated(reply), reply });
      }
    }
  } finally {
    await bench.close();
  }
  return outcomes;
}

function summarise(outcomes: Outcome[]) {
  const sets = [...new Set(outcomes.map((outcome) => outcome.set))];
  const bySet = Object.fromEntries(
    sets.map((name) => {
      const ofSet = outcomes.filter((outcome) => outcome.set === name);
      const languages = [...new Set(ofSet.map((outcome) => outcome.language))];
      const kinds = [...QUESTION_KINDS, 'untagged'].filter((kind) => ofSet.some((outcome) => outcome.kind === kind));
      const questions = ofSet.filter((outcome) => outcome.kind !== 'unrelated');
      const unrelated = ofSet.filter((outcome) => outcome.kind === 'unrelated');
      return [
        name,
        {
          languages: Object.fromEntries(
            languages.map((language) => [
              language,
              {
                questions: tally(questions.filter((outcome) => outcome.language === language)),
                unrelated: tally(unrelated.filter((outcome) => outcome.language === language)),
                all: tally(ofSet.filter((outcome) => outcome.language === language)),
              },
            ]),
          ),
          kinds: Object.fromEntries(
            kinds.map((kind) => {
              const ofKind = questions.filter((outcome) => outcome.kind === kind);
              return [
                kind,
                { ...Object.fromEntries(languages.map((language) => [language, tally(ofKind.filter((o) => o.language === language))])), all: tally(ofKind) },
              ];
            }),
          ),
          questions: tally(questions),
          unrelated: tally(unrelated),
          all: tally(ofSet),
        },
      ];
    }),
  );
  const answeredUnrelated = outcomes
    .filter((outcome) => outcome.kind === 'unrelated' && !outcome.right)
    .map((outcome) => ({
      set: outcome.set,
      language: outcome.language,
      question: outcome.question,
      answer_type: outcome.reply.answer_type,
      confidence: outcome.reply.confidence,
      source: outcome.reply.sources[0]?.title ?? null,
    }));
  return { sets: bySet, overall: tally(outcomes), unrelated_answered: answeredUnrelated };
}

function printReport(outcomes: Outcome[], summary: ReturnType<typeof summarise>, options: Options): void {
  const lines: string[] = [];
  for (const [name, set] of Object.entries(summary.sets)) {
    const languages = Object.keys(set.languages);
    lines.push('', `${name} set`, `  language   questions right   unrelated → fallback   all`);
    for (const language of languages) {
      const row = set.languages[language]!;
      lines.push(`  ${language.padEnd(8)} ${cell(row.questions)}   ${cell(row.unrelated)}        ${cell(row.all)}`);
    }
    lines.push(`  ${'all'.padEnd(8)} ${cell(set.questions)}   ${cell(set.unrelated)}        ${cell(set.all)}`);
    lines.push('', `  per kind (questions right)`, `  ${'kind'.padEnd(14)}${[...languages, 'all'].map((l) => l.padStart(15)).join('')}`);
    for (const [kind, row] of Object.entries(set.kinds)) {
      const byLanguage = row as Record<string, Tally>;
      lines.push(`  ${kind.padEnd(14)}${[...languages, 'all'].map((l) => cell(byLanguage[l]!).padStart(15)).join('')}`);
    }
  }
  lines.push('', `overall: ${summary.overall.right}/${summary.overall.total} = ${(summary.overall.accuracy * 100).toFixed(1)}%`);
  lines.push('', `unrelated questions answered instead of the fallback: ${summary.unrelated_answered.length}`);
  for (const item of summary.unrelated_answered) {
    lines.push(`  [${item.set} ${item.language}] ${item.question} → ${item.answer_type} ${item.confidence.toFixed(2)} (${item.source ?? 'no source'})`);
  }
  if (options.verbose) {
    const misses = outcomes.filter((outcome) => !outcome.right && outcome.kind !== 'unrelated');
    lines.push('', `misses: ${misses.length}`);
    for (const miss of misses) {
      const { reply } = miss;
      lines.push(
        `  ✗ [${miss.set} ${miss.language} ${miss.kind}] ${oneLine(miss.question, 120)}`,
        `      expected ${miss.expected}`,
        `      got ${reply.answer_type} ${reply.confidence.toFixed(2)} from ${reply.sources[0]?.title ? `“${oneLine(reply.sources[0].title, 60)}”` : 'no source'}: ${oneLine(reply.content, 80)}`,
      );
    }
  }
  console.log(lines.join('\n').trimStart());
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  const outcomes = await run(options);
  const summary = summarise(outcomes);
  if (options.json) {
    console.log(JSON.stringify({ ...summary, seconds: (Date.now() - started) / 1000 }, null, 2));
  } else {
    printReport(outcomes, summary, options);
    console.log(`\n${outcomes.length} questions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
