// Answer quality benchmark: loads each quality set's knowledge into a chatbot of its language on an
// in-process server, asks every question in a conversation of its own, and judges each reply as the
// tests do (test/fixtures/answer-quality-judge.ts). A `clarify` reply that offers the expected item
// has it chosen (`suggestion_id`), and the answer that gives is judged too. Prints, per language,
// per kind and overall: questions answered right first, right within the answer or the
// suggestions; unrelated questions not answered (fallback or suggestions), and answered.
//
//   npx tsx bench/quality.ts [--set=hard|basic|all] [--half=fit|held-out|all] [--lang=de] [--verbose] [--json]
//                            [--provider=ollama|openai --base-url=URL --embedding-model=M [--chat-model=M] [--api-key=K]]
//
// --set      which sets: the basic ones (test/fixtures/answer-quality.ts), the hard ones
//            (test/fixtures/answer-quality-hard.ts) or both (the default)
// --half     the hard sets' halves: `fit` (questions and unrelated questions at even indexes, what
//            the calibration is fitted on: bench/calibrate.ts), `held-out` (odd indexes, what is
//            reported), or all (the default). The basic sets are always whole.
// --lang     only this language (en, de, fr, ro)
// --verbose  also every miss: the question, what it expected, answer_type, confidence and the reply
// --json     the numbers as JSON instead of the tables
// --provider with --base-url and --embedding-model: hybrid retrieval with a real model server an
//            operator has (an Ollama on this machine, OpenAI with --api-key or OPENAI_API_KEY): each
//            chatbot's knowledge is embedded before its questions are asked. --chat-model adds LLM
//            answers (mode llm) from the same server. Its address may be private (it is yours).
//
// A set whose data is wrong (an expected item that does not exist, a document fragment that is not
// in its document, a question asked twice) is refused before anything runs.
import { QUALITY_SETS, QUESTION_KINDS, type QualitySet } from '../test/fixtures/answer-quality.js';
import { HARD_QUALITY_SETS } from '../test/fixtures/answer-quality-hard.js';
import {
  answers,
  askQualitySet,
  checkQualitySet,
  documentsOf,
  loadQualitySet,
  type Half,
  type JudgedQuestion,
  type QualityExpectation,
  type QualityReply,
} from '../test/fixtures/answer-quality-judge.js';
import { benchServer } from './harness.js';

type SetName = 'basic' | 'hard';

interface Options {
  sets: SetName[];
  half: Half;
  language: string | null;
  verbose: boolean;
  json: boolean;
  /** A real model server for hybrid retrieval (and LLM answers with a chat model). */
  provider: { type: 'openai' | 'ollama'; base_url: string; embedding_model: string; chat_model: string | null; api_key: string | null } | null;
}

interface Reply extends QualityReply {
  sources: Array<{ document_id: string; title?: string | null }>;
  suggestions: Array<{ knowledge_id: string; question: string }>;
}

interface Outcome extends JudgedQuestion {
  set: SetName;
  language: string;
  /** What the question expects, described for the list of misses. */
  expected: string;
  reply: Reply;
}

interface Tally {
  right: number;
  total: number;
  accuracy: number;
}

const USAGE =
  'usage: npx tsx bench/quality.ts [--set=hard|basic|all] [--half=fit|held-out|all] [--lang=de] [--verbose] [--json] ' +
  '[--provider=ollama|openai --base-url=URL --embedding-model=M [--chat-model=M] [--api-key=K]]';

function parseOptions(argv: string[]): Options {
  const options: Options = { sets: ['basic', 'hard'], half: 'all', language: null, verbose: false, json: false, provider: null };
  const model: Record<string, string> = {};
  for (const argument of argv) {
    const [name, value] = argument.split(/=(.*)/s, 2) as [string, string | undefined];
    if (['--provider', '--base-url', '--embedding-model', '--chat-model', '--api-key'].includes(name) && value) {
      model[name.slice(2)] = value;
      continue;
    }
    if (name === '--set' && (value === 'hard' || value === 'basic')) options.sets = [value];
    else if (name === '--set' && value === 'all') options.sets = ['basic', 'hard'];
    else if (name === '--half' && (value === 'fit' || value === 'held-out' || value === 'all')) options.half = value;
    else if (name === '--lang' && value) options.language = value.toLowerCase();
    else if (argument === '--verbose') options.verbose = true;
    else if (argument === '--json') options.json = true;
    else throw new Error(`Unknown argument ${argument}\n${USAGE}`);
  }
  if (Object.keys(model).length > 0) {
    const type = model.provider;
    if ((type !== 'openai' && type !== 'ollama') || !model['base-url'] || !model['embedding-model']) throw new Error(`--provider needs openai or ollama, --base-url and --embedding-model\n${USAGE}`);
    const apiKey = model['api-key'] ?? (type === 'openai' ? (process.env.OPENAI_API_KEY ?? null) : null);
    options.provider = { type, base_url: model['base-url'], embedding_model: model['embedding-model'], chat_model: model['chat-model'] ?? null, api_key: apiKey };
  }
  return options;
}

function describeExpectation(set: QualitySet, expect: QualityExpectation): string {
  if (typeof expect === 'number') return `Q&A ${expect} “${set.qa[expect]?.question}”`;
  const number = expect.document ?? 0;
  return `document ${number} “${documentsOf(set)[number]?.title}” with “${expect.doc}”`;
}

function tally(outcomes: Outcome[], judged: 'right' | 'within' = 'right'): Tally {
  const right = outcomes.filter((outcome) => outcome[judged]).length;
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

  // The operator's own server may be on this machine or the LAN: every address is allowed here.
  const bench = await benchServer('quality', options.provider ? { model_providers: { allowed_cidrs: ['0.0.0.0/0', '::/0'] }, llm: { timeout_ms: 120_000 } } : {});
  const outcomes: Outcome[] = [];
  try {
    const provider = options.provider && (await bench.call('POST', '/api/v1/model-providers', { name: 'Bench provider', ...options.provider }));
    for (const { name, set } of chosen) {
      const bot = await bench.call('POST', '/api/v1/chatbots', { name: `Quality ${name} ${set.language}`, language: set.language });
      const chatbotId = bot.id as string;
      const loaded = await loadQualitySet(bench.call, chatbotId, set);
      await bench.server.plugins.knowledge.worker.drain();
      if (provider) {
        const answer = { retrieval: 'hybrid', embedding_provider: provider.id, ...(options.provider!.chat_model ? { mode: 'llm', provider: provider.id } : {}) };
        await bench.call('PUT', `/api/v1/chatbots/${chatbotId}/settings`, { language: set.language, answer });
        const semantic = bench.server.plugins.knowledge.semantic;
        const tenant = { accountId: bench.accountId, mode: 'live' as const };
        await semantic.embedAll(tenant, chatbotId, provider.id as string); // with the run the settings started, if still going
        const progress = await semantic.progress(tenant, chatbotId, provider.id as string);
        if (progress.embedded < progress.chunks) throw new Error(`Only ${progress.embedded} of ${progress.chunks} chunks were embedded`);
        process.stderr.write(`${name} ${set.language}: ${progress.embedded} of ${progress.chunks} chunks embedded with ${progress.model_key}\n`);
      }

      const half = name === 'hard' ? options.half : 'all';
      for (const judged of await askQualitySet(bench.call, chatbotId, set, loaded, half)) {
        const expected = judged.expect === null ? 'no answer' : describeExpectation(set, judged.expect);
        outcomes.push({ ...judged, set: name, language: set.language, expected, reply: judged.reply as Reply });
      }
    }
  } finally {
    await bench.close();
  }
  return outcomes;
}

function summarise(outcomes: Outcome[]) {
  const sets = [...new Set(outcomes.map((outcome) => outcome.set))];
  /** The four figures of a group of outcomes: questions right first and within the suggestions, unrelated ones not answered. */
  const figures = (group: Outcome[]) => {
    const questions = group.filter((outcome) => outcome.kind !== 'unrelated');
    const unrelated = group.filter((outcome) => outcome.kind === 'unrelated');
    const confident = unrelated.filter((outcome) => answers(outcome.reply)).length;
    return {
      first: tally(questions),
      within: tally(questions, 'within'),
      unrelated_not_answered: tally(unrelated),
      unrelated_answered: { right: confident, total: unrelated.length, accuracy: unrelated.length === 0 ? 0 : confident / unrelated.length },
    };
  };
  const bySet = Object.fromEntries(
    sets.map((name) => {
      const ofSet = outcomes.filter((outcome) => outcome.set === name);
      const languages = [...new Set(ofSet.map((outcome) => outcome.language))];
      const kinds = [...QUESTION_KINDS, 'untagged'].filter((kind) => ofSet.some((outcome) => outcome.kind === kind));
      return [
        name,
        {
          languages: Object.fromEntries(languages.map((language) => [language, figures(ofSet.filter((outcome) => outcome.language === language))])),
          kinds: Object.fromEntries(
            kinds.map((kind) => {
              const ofKind = ofSet.filter((outcome) => outcome.kind === kind);
              return [
                kind,
                Object.fromEntries(
                  [...languages, 'all'].map((language) => {
                    const group = language === 'all' ? ofKind : ofKind.filter((outcome) => outcome.language === language);
                    return [language, { first: tally(group), within: tally(group, 'within') }];
                  }),
                ),
              ];
            }),
          ),
          all: figures(ofSet),
        },
      ];
    }),
  );
  const answeredUnrelated = outcomes
    .filter((outcome) => outcome.kind === 'unrelated' && answers(outcome.reply))
    .map((outcome) => ({
      set: outcome.set,
      language: outcome.language,
      question: outcome.question,
      answer_type: outcome.reply.answer_type,
      confidence: outcome.reply.confidence,
      source: outcome.reply.sources[0]?.title ?? null,
    }));
  return { sets: bySet, unrelated_answered: answeredUnrelated };
}

function printReport(outcomes: Outcome[], summary: ReturnType<typeof summarise>, options: Options): void {
  const lines: string[] = [];
  for (const [name, set] of Object.entries(summary.sets)) {
    const languages = Object.keys(set.languages);
    const half = name === 'hard' && options.half !== 'all' ? ` (${options.half} half)` : '';
    lines.push('', `${name} set${half}`, `  language    right first      right within      unrelated: no answer   answered`);
    const row = (label: string, f: ReturnType<typeof summarise>['sets'][string]['all']) =>
      `  ${label.padEnd(8)} ${cell(f.first)}   ${cell(f.within)}     ${cell(f.unrelated_not_answered)}       ${cell(f.unrelated_answered)}`;
    for (const language of languages) lines.push(row(language, set.languages[language]!));
    lines.push(row('all', set.all));
    lines.push('', `  per kind: right first / right within`, `  ${'kind'.padEnd(14)}${[...languages, 'all'].map((l) => l.padStart(22)).join('')}`);
    for (const [kind, byLanguage] of Object.entries(set.kinds)) {
      const columns = [...languages, 'all'].map((l) => {
        const { first, within } = byLanguage[l]!;
        return `${percent(first)} / ${percent(within)} (${first.total})`.padStart(22);
      });
      lines.push(`  ${kind.padEnd(14)}${columns.join('')}`);
    }
  }
  lines.push('', `unrelated questions answered (not the fallback, not suggestions): ${summary.unrelated_answered.length}`);
  for (const item of summary.unrelated_answered) {
    lines.push(`  [${item.set} ${item.language}] ${item.question} → ${item.answer_type} ${item.confidence.toFixed(2)} (${item.source ?? 'no source'})`);
  }
  if (options.verbose) {
    const misses = outcomes.filter((outcome) => !outcome.right && outcome.kind !== 'unrelated');
    lines.push('', `not right first: ${misses.length} (✓ within the suggestions, ✗ not)`);
    for (const miss of misses) {
      const { reply } = miss;
      const offered = reply.suggestions?.map((suggestion) => `“${oneLine(suggestion.question, 40)}”`).join(', ');
      lines.push(
        `  ${miss.within ? '✓' : '✗'} [${miss.set} ${miss.language} ${miss.kind}] ${oneLine(miss.question, 120)}`,
        `      expected ${miss.expected}`,
        `      got ${reply.answer_type} ${reply.confidence.toFixed(2)} from ${reply.sources[0]?.title ? `“${oneLine(reply.sources[0].title, 60)}”` : offered || 'no source'}: ${oneLine(reply.content, 80)}`,
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
