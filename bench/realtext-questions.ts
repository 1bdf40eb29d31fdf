// The realtext benchmark's questions, each with the document(s) that answer it:
//   - hand-written: bench/realtext-questions.json, questions written by reading the corpus, each
//     expecting a document named by package + path + heading (so it survives regeneration);
//   - templated: derived deterministically from the corpus, never the heading itself: task
//     headings ("Creating a child logger") become questions in varied wording ("How can I create
//     a child logger in pino?"), API headings and declarations are asked about by name ("What
//     arguments does fs.createReadStream take in Node.js?"), and the first sentence of a
//     declaration's documentation is turned into the question it answers ("Splits an array into
//     smaller arrays…" → "How do I split an array into smaller arrays of a specified length with
//     es-toolkit?").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findDocument, headingKey, plainHeading, type CorpusDocument, type CorpusSection } from './realtext-corpus.js';

export interface BenchQuestion {
  text: string;
  /** Keys of the documents that answer it (the first source is right when it is one of them). */
  expected: string[];
  set: 'hand-written' | 'templated';
  /** How it was made: `task`, `api`, `description` (templated) or `hand`. */
  kind: string;
}

interface HandWritten {
  question: string;
  expect: Array<{ package: string; path: string; heading?: string }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The hand-written questions whose expected documents are in `documents`; `missing` lists the others. */
export function handWrittenQuestions(documents: CorpusDocument[]): { questions: BenchQuestion[]; missing: string[] } {
  const list = JSON.parse(readFileSync(path.join(here, 'realtext-questions.json'), 'utf8')) as HandWritten[];
  const questions: BenchQuestion[] = [];
  const missing: string[] = [];
  for (const entry of list) {
    const expected = entry.expect.map((target) => findDocument(documents, target)?.key).filter((key): key is string => key !== undefined);
    if (expected.length === 0) missing.push(entry.question);
    else questions.push({ text: entry.question, expected, set: 'hand-written', kind: 'hand' });
  }
  return { questions, missing };
}

/** Where each hand-written question's expected documents are (for `realtext.ts --check-questions`). */
export function handWrittenTargets(documents: CorpusDocument[]): Array<{ question: string; found: boolean[] }> {
  const list = JSON.parse(readFileSync(path.join(here, 'realtext-questions.json'), 'utf8')) as HandWritten[];
  return list.map((entry) => ({ question: entry.question, found: entry.expect.map((target) => findDocument(documents, target) !== undefined) }));
}

const hash = (text: string) => createHash('sha1').update(text).digest().readUInt32BE(0);

/** How the questions name a package: its name without the scope; Node's and the language's by name. */
function packageName(document: CorpusDocument): string {
  if (document.source === 'node-types') return 'Node.js';
  if (document.source === 'typescript-lib') return 'JavaScript';
  return document.package.replace(/^@[^/]+\//, '');
}

const GENERIC_HEADINGS = new Set(
  (
    'install installation installing usage use using api example examples contributing contribute tests testing features options ' +
    'introduction getting started table of contents contents motivation credits acknowledgements acknowledgments related sponsors ' +
    'support benchmarks benchmark faq requirements caveats notes changelog license licence overview quick start quickstart ' +
    'background description documentation docs development building build running the tests how it works why what'
  ).split(' '),
);

/** Gerunds of task headings and their verb; others are derived by rule when the rule is safe. */
const GERUNDS: Record<string, string> = {
  using: 'use', creating: 'create', writing: 'write', making: 'make', configuring: 'configure', handling: 'handle', changing: 'change',
  removing: 'remove', running: 'run', getting: 'get', setting: 'set', adding: 'add', reading: 'read', passing: 'pass', parsing: 'parse',
  defining: 'define', customizing: 'customize', customising: 'customise', migrating: 'migrate', disabling: 'disable', enabling: 'enable',
  extending: 'extend', loading: 'load', logging: 'log', mocking: 'mock', publishing: 'publish', registering: 'register', resolving: 'resolve',
  serving: 'serve', sharing: 'share', stopping: 'stop', testing: 'test', upgrading: 'upgrade', validating: 'validate', working: 'work',
  building: 'build', calling: 'call', caching: 'cache', canceling: 'cancel', cancelling: 'cancel', comparing: 'compare', converting: 'convert',
  debugging: 'debug', declaring: 'declare', deleting: 'delete', filtering: 'filter', formatting: 'format', generating: 'generate',
  importing: 'import', exporting: 'export', installing: 'install', limiting: 'limit', listening: 'listen', managing: 'manage', matching: 'match',
  overriding: 'override', piping: 'pipe', redacting: 'redact', retrying: 'retry', sending: 'send', specifying: 'specify', streaming: 'stream',
  transforming: 'transform', updating: 'update', waiting: 'wait', wrapping: 'wrap', bundling: 'bundle', checking: 'check', closing: 'close',
  connecting: 'connect', controlling: 'control', detecting: 'detect', excluding: 'exclude', including: 'include', ignoring: 'ignore',
  integrating: 'integrate', measuring: 'measure', merging: 'merge', navigating: 'navigate', opening: 'open', parallelizing: 'parallelize',
  preventing: 'prevent', reporting: 'report', rotating: 'rotate', scheduling: 'schedule', selecting: 'select', signing: 'sign',
  skipping: 'skip', sorting: 'sort', splitting: 'split', starting: 'start', storing: 'store', tracking: 'track', uploading: 'upload',
  downloading: 'download', verifying: 'verify', watching: 'watch', choosing: 'choose', providing: 'provide', serializing: 'serialize',
  consuming: 'consume', interacting: 'interact', automating: 'automate', capturing: 'capture', emulating: 'emulate', intercepting: 'intercept',
  modifying: 'modify', injecting: 'inject', authenticating: 'authenticate', encoding: 'encode', decoding: 'decode', compiling: 'compile',
};

/** Third-person verbs that open a declaration's description, and the verb of the question. */
const PLURAL_NOUNS = new Set(
  (
    'options values keys items elements properties parameters settings events types methods functions flags bytes headers names details ' +
    'milliseconds seconds results errors objects arguments args fields instances numbers strings entries contents defaults rules attributes ' +
    'records characters lines files paths hooks tokens nodes users clients servers requests responses streams buffers chunks tests contexts ' +
    'pages frames workers packages modules sockets cookies credentials permissions metrics bits units ranges positions indices indexes'
  ).split(' '),
);
/** What follows the verb of a description that is a task ("Returns the…", "Creates a…"). */
const OBJECT_OPENERS = new Set('a an the this these all true false whether if each every one it its any some new multiple information data'.split(' '));

function questionVerb(word: string): string | null {
  const lower = word.toLowerCase();
  if (PLURAL_NOUNS.has(lower)) return null;
  const special: Record<string, string> = { returns: 'get', gets: 'get', retrieves: 'get', does: 'do', has: 'have', is: '' };
  if (lower in special) return special[lower] || null;
  if (!/^[a-z]{4,}s$/.test(lower) || /(ss|us|is)$/.test(lower)) return null;
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (/(ch|sh|x|zz|ss)es$/.test(lower)) return lower.slice(0, -2);
  return lower.slice(0, -1);
}

const TASK_TEMPLATES = [
  (task: string, pkg: string) => `How do I ${task} with ${pkg}?`,
  (task: string, pkg: string) => `How can I ${task} in ${pkg}?`,
  (task: string, pkg: string) => `What's the way to ${task} using ${pkg}?`,
  (task: string, pkg: string) => `Is it possible to ${task} in ${pkg}, and how?`,
  (task: string, pkg: string) => `${pkg}: how would I ${task}?`,
  (task: string, pkg: string) => `I need to ${task} in ${pkg}. Where do I start?`,
];
const CALL_TEMPLATES = [
  (api: string, pkg: string) => `What does ${api} do in ${pkg}?`,
  (api: string, pkg: string) => `How do I use ${api} from ${pkg}?`,
  (api: string, pkg: string) => `What arguments does ${api} take in ${pkg}?`,
  (api: string, pkg: string) => `${pkg}: what is ${api} for?`,
  (api: string, pkg: string) => `Can you explain ${api} (${pkg})?`,
  (api: string, pkg: string) => `When should I call ${api} in ${pkg}?`,
];
const VALUE_TEMPLATES = [
  (api: string, pkg: string) => `What is ${api} in ${pkg}?`,
  (api: string, pkg: string) => `${pkg}: what is ${api} for?`,
  (api: string, pkg: string) => `Can you explain ${api} (${pkg})?`,
  (api: string, pkg: string) => `What does ${api} mean in ${pkg}?`,
  (api: string, pkg: string) => `How is ${api} used in ${pkg}?`,
];
const DESCRIPTION_TEMPLATES = [
  (task: string, pkg: string) => `How do I ${task} in ${pkg}?`,
  (task: string, pkg: string) => `Which ${pkg} API lets me ${task}?`,
  (task: string, pkg: string) => `Is there a way to ${task} with ${pkg}?`,
  (task: string, pkg: string) => `${pkg}: what should I call to ${task}?`,
];

interface Candidate {
  document: CorpusDocument;
  section: CorpusSection;
  kind: 'task' | 'api' | 'description';
  text: string;
}

/** The first sentence of a text, without Markdown and code. */
function firstSentence(body: string): string {
  const prose = body.split(/\n\s*\n/).find((paragraph) => !/^\s*(```|- Parameter|Returns|Since|Example|\*\*NOTE\*\*|Deprecated)/.test(paragraph)) ?? '';
  // The prose before a tag line ("- Parameter x: …", "Returns …") inside the same paragraph.
  const lines: string[] = [];
  for (const line of prose.split('\n')) {
    if (/^\s*(- Parameter|- Type parameter|Returns|Since|Example|Default:|Throws|See )/.test(line)) break;
    lines.push(line);
  }
  const text = plainHeading(lines.join(' ')).replace(/\b(i\.e|e\.g|etc|vs)\./g, '$1');
  return /^(.*?[a-z0-9)\]`'"][.!])(\s|$)/.exec(text)?.[1] ?? '';
}

const IMPERATIVE_OBJECTS = new Set('a an the your my this multiple custom other all existing new'.split(' '));

/** Task headings ("Creating a child logger", "How to cancel a request") as a task ("create a child logger"). */
function taskOf(heading: string): string | null {
  let text = plainHeading(heading).replace(/[.:!]+$/, '').trim();
  if (/[?()[\]{}=<>|/\\`]/.test(text)) return null;
  text = text.replace(/^how to\s+/i, '');
  const words = text.split(' ');
  if (words.length < 3 || words.length > 10) return null;
  const first = words[0]!.toLowerCase();
  // A gerund ("Creating a…"), or a verb followed by its object ("Use a custom…"; "Install and
  // Usage" is no task).
  const verb = GERUNDS[first] ?? (Object.values(GERUNDS).includes(first) && IMPERATIVE_OBJECTS.has(words[1]!.toLowerCase()) ? first : null);
  if (!verb) return null;
  // "Testing and building" → "test and build".
  const rest = words
    .slice(1)
    .map((word, i, all) => (i > 0 && /^(and|or|&)$/i.test(all[i - 1]!) && GERUNDS[word.toLowerCase()] ? GERUNDS[word.toLowerCase()]! : word))
    .join(' ');
  // Keep the case of names (Buffer, TypeScript), lower the first word only.
  return `${verb} ${rest}`;
}

/** An API heading ("pino.child(bindings) => logger", "`new Agent([options])`") as its name. */
function apiOf(section: CorpusSection): string | null {
  if (section.kind === 'api') return /^[\w$.]+$/.test(section.heading) && section.heading.length <= 60 ? section.heading : null;
  const text = plainHeading(section.heading).replace(/^new\s+/, '');
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$#]*)*)\s*\(/.exec(text) ?? /^([a-z_$][\w$]*\.[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)$/.exec(text);
  return match && !/\.(js|ts|mjs|cjs|json|md|node|gyp)$/i.test(match[1]!) ? match[1]! : null;
}

/**
 * About `count` templated questions: a third tasks, a third APIs, a third descriptions (fewer where
 * the corpus has fewer), one per document at most and one per twelve documents of a package (four at least), chosen by a hash so the
 * same corpus gives the same questions.
 */
export function templatedQuestions(documents: CorpusDocument[], count: number): BenchQuestion[] {
  // Headings and descriptions found in more than one document are ambiguous: left out.
  const headingCounts = new Map<string, number>();
  for (const document of documents) {
    for (const key of new Set(document.sections.map((section) => headingKey(section.heading)))) headingCounts.set(key, (headingCounts.get(key) ?? 0) + 1);
  }
  const candidates: Candidate[] = [];
  const descriptions = new Map<string, number>();
  for (const document of documents) {
    const pkg = packageName(document);
    for (const section of document.sections) {
      const key = headingKey(section.heading);
      if (section.body.length < 150 || headingCounts.get(key) !== 1 || GENERIC_HEADINGS.has(key)) continue;
      const choice = hash(`${document.key}:${section.heading}`);
      const task = section.kind === 'markdown' ? taskOf(section.heading) : null;
      if (task) {
        candidates.push({ document, section, kind: 'task', text: TASK_TEMPLATES[choice % TASK_TEMPLATES.length]!(task, pkg) });
        continue;
      }
      const api = apiOf(section);
      if (api) {
        const callable = section.kind === 'api' ? section.callable : /\(/.test(section.heading);
        const templates = callable ? CALL_TEMPLATES : VALUE_TEMPLATES;
        candidates.push({ document, section, kind: 'api', text: templates[choice % templates.length]!(api, pkg) });
      }
      if (section.kind === 'api') {
        const sentence = firstSentence(section.body);
        const words = sentence.replace(/[.!]$/, '').split(' ');
        if (words.length < 5 || words.length > 22) continue;
        // "Asynchronously reads the file" → "asynchronously read the file".
        const adverb = /ly$/i.test(words[0]!) ? `${words.shift()!.toLowerCase()} ` : '';
        const verb = questionVerb(words[0]!);
        if (!verb || !OBJECT_OPENERS.has(words[1]?.toLowerCase() ?? '')) continue;
        // "Creates and returns" → "create and return".
        const rest = words.slice(1).map((word, i, all) => (i > 0 && all[i - 1] === 'and' && questionVerb(word) ? questionVerb(word)! : word));
        const task = `${adverb}${verb} ${rest.join(' ')}`.replace(/\bthe specified\b/g, 'a');
        const normal = headingKey(sentence);
        descriptions.set(normal, (descriptions.get(normal) ?? 0) + 1);
        candidates.push({ document, section, kind: 'description', text: DESCRIPTION_TEMPLATES[(choice >>> 3) % DESCRIPTION_TEMPLATES.length]!(task, pkg) });
      }
    }
  }

  const usable = candidates.filter(
    (candidate) => candidate.kind !== 'description' || descriptions.get(headingKey(firstSentence(candidate.section.body))) === 1,
  );
  usable.sort((a, b) => hash(`q:${a.document.key}:${a.section.heading}:${a.kind}`) - hash(`q:${b.document.key}:${b.section.heading}:${b.kind}`) || (a.text < b.text ? -1 : 1));
  const packageSizes = new Map<string, number>();
  for (const document of documents) packageSizes.set(document.package, (packageSizes.get(document.package) ?? 0) + 1);
  const perKind = Math.ceil(count / 3);
  const taken: BenchQuestion[] = [];
  const byDocument = new Set<string>();
  const byPackage = new Map<string, number>();
  const byKind = new Map<string, number>();
  const texts = new Set<string>();
  for (const pass of [perKind, count]) {
    for (const candidate of usable) {
      if (taken.length >= count) break;
      const { document } = candidate;
      if ((byKind.get(candidate.kind) ?? 0) >= pass || byDocument.has(document.key) || texts.has(candidate.text)) continue;
      if ((byPackage.get(document.package) ?? 0) >= Math.max(4, Math.ceil((packageSizes.get(document.package) ?? 0) / 12))) continue;
      byDocument.add(document.key);
      texts.add(candidate.text);
      byPackage.set(document.package, (byPackage.get(document.package) ?? 0) + 1);
      byKind.set(candidate.kind, (byKind.get(candidate.kind) ?? 0) + 1);
      taken.push({ text: candidate.text, expected: [document.key], set: 'templated', kind: candidate.kind });
    }
  }
  return taken;
}
