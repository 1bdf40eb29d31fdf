// The real-text corpus of the realtext benchmark, built at bench time from what `npm ci` installs
// (nothing large is committed): the packages of package-lock.json found in node_modules at their
// locked version (platform-specific optional packages left out), so the same lock file gives the
// same corpus.
//
// Sources:
//   - Markdown documentation of every package: READMEs and docs/ folders (not changelogs, licences
//     or other boilerplate); one copy per package name (the shallowest install), files under 500
//     bytes skipped, exact duplicates dropped. A file over 12,000 characters is split at its
//     top-level headings (then deeper ones, then paragraphs) into documents that keep the file's
//     title, and small neighbouring parts are merged again.
//   - The JSDoc of `@types/node` (Node's API reference), of TypeScript's `lib.*.d.ts` (the
//     JavaScript built-ins and the DOM) and of the packages whose `.d.ts` files carry the most
//     documentation: each declaration becomes a Markdown section (qualified name as heading, the
//     doc comment as text, the signature as code), with its documented members below it as
//     paragraphs opened by their name in bold (as API pages list members; as headings they made a
//     chunk each: 27,000 chunks instead of 18,000), and consecutive sections of one module are
//     packed into documents of about 6,000 characters.
//
// Every document keeps the package, the path in the package and the headings it holds, so a
// question's expected answer, written as package + path + heading, is found again after any
// regeneration.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type CorpusSource = 'markdown' | 'node-types' | 'typescript-lib' | 'package-types';

export interface CorpusSection {
  /** As written (inline Markdown removed); a declaration's qualified name (a member's is a bold line, not a heading). */
  heading: string;
  level: number;
  /** `api`: a declaration from a .d.ts; `markdown`: a heading of a Markdown file. */
  kind: 'api' | 'markdown';
  /** The section's own text (down to the next heading), without its heading. */
  body: string;
  /** A declaration with a call signature (a function or method). */
  callable?: boolean;
}

export interface CorpusDocument {
  /** Stable: package, path in the package, part number. */
  key: string;
  package: string;
  /** The file it comes from (the first one, for declarations packed from several files). */
  path: string;
  /** Every file it holds sections of. */
  files: string[];
  source: CorpusSource;
  title: string;
  content: string;
  sections: CorpusSection[];
}

/** An FAQ entry of the documentation (a heading that is a question), imported as a Q&A pair. */
export interface CorpusQa {
  key: string;
  question: string;
  answer: string;
  /** The document holding the section it was taken from. */
  document: string;
}

export interface Corpus {
  documents: CorpusDocument[];
  qa: CorpusQa[];
  stats: {
    packages: number;
    /** Locked packages not found at their locked version (left out). */
    missing: number;
    markdownFiles: number;
    declarationFiles: number;
    duplicatesDropped: number;
    bytesBySource: Record<CorpusSource, number>;
    documentsBySource: Record<CorpusSource, number>;
  };
}

/** Documents are cut below this many characters of Markdown… */
const CAP = 12_000;
/** …and small parts (and declarations) packed up to this size. */
const TARGET = 6_000;
const MIN_FILE_BYTES = 500;
/** Packages whose .d.ts JSDoc is large enough to be taken as documentation (besides @types/node). */
const MIN_PACKAGE_DOC_CHARS = 40_000;

const SKIPPED_MARKDOWN = /^(changelog|changes|history|release[-_ ]?notes|releases|news|upgrading|migrat|license|licence|notice|third[-_ ]?party|code[-_ ]of[-_ ]conduct|security|funding|authors|contributors|maintainers|governance|support|pull_request_template|issue_template|bug_report|feature_request)/i;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'test', 'tests', '__tests__', 'fixtures', 'spec', 'benchmark', 'benchmarks', 'coverage']);

export function buildCorpus(root: string): Corpus {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; optional?: boolean; link?: boolean }>;
  };
  const installs = Object.entries(lock.packages)
    .filter(([key, entry]) => key.startsWith('node_modules/') && !entry.optional && !entry.link)
    .map(([key, entry]) => ({ key, version: entry.version, name: key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length) }))
    .sort((a, b) => depth(a.key) - depth(b.key) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const stats: Corpus['stats'] = {
    packages: 0,
    missing: 0,
    markdownFiles: 0,
    declarationFiles: 0,
    duplicatesDropped: 0,
    bytesBySource: { markdown: 0, 'node-types': 0, 'typescript-lib': 0, 'package-types': 0 },
    documentsBySource: { markdown: 0, 'node-types': 0, 'typescript-lib': 0, 'package-types': 0 },
  };
  const documents: CorpusDocument[] = [];
  const seenContent = new Set<string>();
  const add = (document: CorpusDocument) => {
    const hash = createHash('sha1').update(document.content.replace(/\s+/g, ' ').trim()).digest('hex');
    if (seenContent.has(hash)) {
      stats.duplicatesDropped++;
      return;
    }
    seenContent.add(hash);
    documents.push(document);
    stats.bytesBySource[document.source] += Buffer.byteLength(document.content);
    stats.documentsBySource[document.source]++;
  };

  const seenNames = new Set<string>();
  const seenFiles = new Set<string>();
  for (const install of installs) {
    if (seenNames.has(install.name)) continue;
    const dir = path.join(root, install.key);
    let version: string | undefined;
    try {
      version = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      version = undefined;
    }
    if (version === undefined || version !== install.version) {
      stats.missing++;
      continue;
    }
    seenNames.add(install.name);
    stats.packages++;

    const files = walk(dir);
    for (const file of files.filter((f) => /\.(md|markdown)$/i.test(f) && !SKIPPED_MARKDOWN.test(path.basename(f)))) {
      const raw = readFileSync(file);
      if (raw.length < MIN_FILE_BYTES) continue;
      const hash = createHash('sha1').update(raw).digest('hex');
      if (seenFiles.has(hash)) {
        stats.duplicatesDropped++;
        continue;
      }
      seenFiles.add(hash);
      stats.markdownFiles++;
      for (const document of markdownDocuments(install.name, path.relative(dir, file).split(path.sep).join('/'), raw.toString('utf8'))) add(document);
    }

    const declarations = files.filter((f) => /\.d\.(ts|mts|cts)$/.test(f));
    if (install.name === '@types/node') {
      // ts5.6/ and compatibility/ hold older variants of the same declarations.
      const chosen = declarations.filter((f) => !/[/\\](ts5\.\d|compatibility)[/\\]/.test(f));
      stats.declarationFiles += chosen.length;
      for (const document of declarationDocuments(install.name, read(dir, chosen), 'node-types')) add(document);
    } else if (install.name === 'typescript') {
      // The language's built-ins and the DOM; webworker and scripthost repeat the DOM.
      const chosen = declarations.filter((f) => /[/\\]lib[/\\]lib\.(es\d|esnext|dom|decorators)[\w.]*\.d\.ts$/.test(f));
      stats.declarationFiles += chosen.length;
      for (const document of declarationDocuments(install.name, read(dir, chosen), 'typescript-lib')) add(document);
    } else if (declarations.length > 0) {
      const perFile = read(dir, declarations);
      if (perFile.reduce((sum, { text }) => sum + documentedChars(text), 0) < MIN_PACKAGE_DOC_CHARS) continue;
      stats.declarationFiles += perFile.length;
      for (const document of declarationDocuments(install.name, perFile, 'package-types')) add(document);
    }
  }
  return { documents, qa: faqPairs(documents), stats };
}

function read(dir: string, files: string[]): Array<{ file: string; text: string }> {
  return files.map((file) => ({ file: path.relative(dir, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));
}

function depth(key: string): number {
  return key.split('node_modules/').length;
}

/** Files of a package, sorted, without nested packages, tests, fixtures or dot-directories. */
function walk(dir: string): string[] {
  const out: string[] = [];
  const visit = (current: string, level: number) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        if (level < 8 && !entry.name.startsWith('.') && !SKIPPED_DIRECTORIES.has(entry.name.toLowerCase())) visit(full, level + 1);
      } else if (entry.isFile() || (entry.isSymbolicLink() && existsSync(full) && statSync(full).isFile())) {
        out.push(full);
      }
    }
  };
  visit(dir, 0);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Markdown

interface Block {
  level: number;
  heading: string;
  /** Lines including the heading line. */
  lines: string[];
}

/** Heading text without inline Markdown, for display and matching. */
export function plainHeading(text: string): string {
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#?\w+;/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The form headings are compared in: plain, lower case, punctuation and spaces collapsed. */
export function headingKey(text: string): string {
  return plainHeading(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Normalises a file: CRLF, HTML comments, setext headings into "#" headings (what the server reads). */
function normaliseMarkdown(text: string): string[] {
  // YAML front matter (docs sites) is metadata, not text.
  const lines = text
    .replace(/\r\n?/g, '\n')
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .split('\n');
  const out: string[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker.slice(0, 3) : null;
      out.push(line);
      continue;
    }
    const next = lines[i + 1];
    if (fence === null && next !== undefined && line.trim() !== '' && !/^\s*([-*+]\s|#|>|\|)/.test(line) && /^\s{0,3}(=+|-{2,})\s*$/.test(next)) {
      out.push(`${next.trim().startsWith('=') ? '#' : '##'} ${line.trim()}`);
      i++;
      continue;
    }
    out.push(line);
  }
  return out;
}

/** Splits lines into blocks at "#" headings outside code fences; block 0 is what precedes the first. */
function blocksOf(lines: string[]): Block[] {
  const blocks: Block[] = [{ level: 0, heading: '', lines: [] }];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) fence = fence === null ? marker.slice(0, 3) : null;
    const heading = fence === null && !marker ? /^(#{1,6})\s+(.*)$/.exec(line) : null;
    if (heading) blocks.push({ level: heading[1]!.length, heading: plainHeading(heading[2]!), lines: [line] });
    else blocks[blocks.length - 1]!.lines.push(line);
  }
  return blocks.filter((block, i) => i > 0 || block.lines.some((line) => line.trim() !== ''));
}

const size = (blocks: Block[]) => blocks.reduce((sum, block) => sum + block.lines.reduce((s, line) => s + line.length + 1, 0), 0);

/** Cuts blocks into parts under CAP: at the shallowest heading level present, then deeper, then paragraphs. */
function cut(blocks: Block[]): Block[][] {
  if (size(blocks) <= CAP) return [blocks];
  const levels = blocks.slice(1).map((block) => block.level).filter((level) => level > 0);
  const first = blocks[0]!;
  // The first heading opening the part (its title) does not split it.
  const level = Math.min(...(levels.length > 0 ? levels : [7]));
  if (level <= 6) {
    const parts: Block[][] = [];
    for (const block of blocks) {
      if (parts.length === 0 || (block !== first && block.level > 0 && block.level <= level)) parts.push([block]);
      else parts[parts.length - 1]!.push(block);
    }
    if (parts.length > 1) return parts.flatMap(cut);
  }
  // One block without headings to cut at: paragraphs (outside fences), CAP at most each.
  const lines = blocks.flatMap((block) => block.lines);
  const pieces: Block[][] = [];
  let current: string[] = [];
  let length = 0;
  let fence = false;
  for (const line of lines) {
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    // At a blank line outside code once the piece is long; at any line when it is full.
    if ((!fence && line.trim() === '' && length > CAP * 0.7) || length + line.length > CAP) {
      pieces.push([{ ...first, lines: current }]);
      current = [];
      length = 0;
    }
    current.push(line);
    length += line.length + 1;
  }
  if (current.length > 0) pieces.push([{ ...first, lines: current }]);
  return pieces.map((piece, i) => (i === 0 ? piece : [{ ...piece[0]!, level: 0, heading: '' }]));
}

export function markdownDocuments(pkg: string, file: string, text: string): CorpusDocument[] {
  const blocks = blocksOf(normaliseMarkdown(text));
  if (blocks.length === 0) return [];
  const h1 = blocks.find((block) => block.level === 1)?.heading;
  const fileTitle = file.replace(/\.(md|markdown)$/i, '');
  const base = h1 && h1.toLowerCase().includes(pkg.replace(/^@[^/]+\//, '').toLowerCase()) ? h1 : `${pkg}: ${h1 || fileTitle}`;
  const title = /readme/i.test(fileTitle) || h1 ? base : `${base} (${fileTitle})`;

  // Small neighbouring parts are merged back, up to the target size.
  const parts: Block[][] = [];
  for (const part of cut(blocks)) {
    const last = parts[parts.length - 1];
    if (last && size(last) < TARGET / 2 && size(last) + size(part) <= CAP) last.push(...part);
    else parts.push(part);
  }
  // A part keeps the headings above it (as heading lines), so its passages keep their path.
  const stack: Block[] = [];
  return parts
    .map((part, i) => {
      const firstLevel = part[0]!.level;
      const above = firstLevel > 0 ? stack.filter((block) => block.level < firstLevel).map((block) => `${'#'.repeat(block.level)} ${block.heading}`) : [];
      for (const block of part) {
        if (block.level === 0) continue;
        while (stack.length > 0 && stack[stack.length - 1]!.level >= block.level) stack.pop();
        stack.push(block);
      }
      const content = [...above, ...part.flatMap((block) => block.lines)].join('\n').trim();
      const opening = part.find((block) => block.level > 0 && block.level !== 1)?.heading;
      return {
        key: `${pkg}/${file}#${i + 1}`,
        package: pkg,
        path: file,
        files: [file],
        source: 'markdown' as const,
        title: clip(i === 0 || !opening ? title : `${title} — ${opening}`, 300),
        content,
        sections: part
          .filter((block) => block.level > 0)
          .map((block) => ({ heading: block.heading, level: block.level, kind: 'markdown' as const, body: block.lines.slice(1).join('\n').trim() })),
      };
    })
    .filter((document) => document.content.length >= 200);
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

// ---------------------------------------------------------------------------------------------
// Declarations (.d.ts)

interface Entry {
  /** Qualified name: module (or namespace) and declaration. */
  name: string;
  short: string;
  docs: string[];
  signatures: string[];
  members: Map<string, { docs: string[]; signatures: string[] }>;
}

/** Characters of JSDoc text in a declaration file (to tell documented packages). */
function documentedChars(text: string): number {
  let total = 0;
  for (const match of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const doc = cleanDoc(match[0]);
    if (doc.length >= 80) total += doc.length;
  }
  return total;
}

/** A JSDoc comment as text: tags as words, links as their text, MDN reference lines dropped. */
export function cleanDoc(comment: string): string {
  const lines = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').replace(/\s+$/, ''));
  const out: string[] = [];
  for (let line of lines) {
    line = line
      .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g, (_, target: string, text: string) => text.trim() || target)
      .replace(/\{@\w+\s+([^}]*)\}/g, '$1')
      .replace(/\[MDN Reference\]\([^)]*\)/g, '')
      .replace(/^@internal\b.*$/, '');
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) {
      const [, name, rest] = tag as unknown as [string, string, string];
      switch (name) {
        case 'param':
        case 'arg':
        case 'argument': {
          const param = /^(?:\{[^}]*\}\s*)?\[?([\w$.]+)(?:=[^\]]*)?\]?\s*(?:-\s*)?(.*)$/.exec(rest);
          line = param ? `- Parameter ${param[1]}: ${param[2]}` : `- Parameter ${rest}`;
          break;
        }
        case 'returns':
        case 'return':
          line = `Returns ${rest.replace(/^\{[^}]*\}\s*/, '')}`;
          break;
        case 'throws':
        case 'throw':
          line = `Throws ${rest}`;
          break;
        case 'default':
        case 'defaultValue':
          line = `Default: ${rest}`;
          break;
        case 'deprecated':
          line = `Deprecated${rest ? `: ${rest}` : '.'}`;
          break;
        case 'example':
          line = `Example${rest ? `: ${rest}` : ':'}`;
          break;
        case 'see':
          line = `See ${rest}`;
          break;
        case 'since':
          line = `Since ${rest}`;
          break;
        case 'template':
        case 'typeParam':
          line = `- Type parameter ${rest}`;
          break;
        default:
          line = rest;
      }
    }
    out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** The last JSDoc comment before a node, cleaned; '' when there is none. */
function docOf(node: ts.Node, text: string): string {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  for (let i = ranges.length - 1; i >= 0; i--) {
    const comment = text.slice(ranges[i]!.pos, ranges[i]!.end);
    if (comment.startsWith('/**')) return cleanDoc(comment);
  }
  return '';
}

/** A declaration's signature on one line: bodies of classes and interfaces left out. */
function signatureOf(node: ts.Node, source: ts.SourceFile): string {
  let text = node.getText(source);
  if (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node) || ts.isModuleDeclaration(node) || ts.isEnumDeclaration(node)) {
    const brace = text.indexOf('{');
    if (brace >= 0) text = text.slice(0, brace);
  }
  return clip(text.replace(/\s+/g, ' ').trim(), 400);
}

function nameOf(node: ts.Node): string | null {
  const name = (node as { name?: ts.Node }).name;
  if (!name) {
    if (ts.isConstructorDeclaration(node) || ts.isConstructSignatureDeclaration(node)) return 'constructor';
    if (ts.isCallSignatureDeclaration(node)) return '(call)';
    if (ts.isIndexSignatureDeclaration(node)) return null;
    return null;
  }
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText()}]`;
  return null;
}

function declarationEntries(fileText: string, fileName: string, typescriptLib: boolean): Array<{ module: string; entries: Entry[] }> {
  const source = ts.createSourceFile(fileName, fileText, ts.ScriptTarget.Latest, true);
  const modules = new Map<string, Map<string, Entry>>();
  const entryFor = (module: string, qualifier: string, short: string) => {
    let entries = modules.get(module);
    if (!entries) modules.set(module, (entries = new Map()));
    // TypeScript's libs: ArrayConstructor holds Array's static side.
    const display = typescriptLib ? short.replace(/Constructor$/, '') : short;
    const name = `${qualifier}${display}`;
    let entry = entries.get(name);
    if (!entry) entries.set(name, (entry = { name, short: display, docs: [], signatures: [], members: new Map() }));
    return entry;
  };

  const visit = (statements: ts.NodeArray<ts.Statement>, module: string, qualifier: string) => {
    for (const statement of statements) {
      if (ts.isModuleDeclaration(statement)) {
        const body = statement.body;
        if (ts.isStringLiteral(statement.name)) {
          const name = statement.name.text.replace(/^node:/, '');
          if (body && ts.isModuleBlock(body)) visit(body.statements, name, `${name}.`);
          continue;
        }
        if (statement.name.text === 'global') {
          if (body && ts.isModuleBlock(body)) visit(body.statements, module, '');
          continue;
        }
        // A namespace: its own entry when documented, and its declarations qualified by it.
        let inner: ts.ModuleBody | undefined = body;
        let name = statement.name.text;
        while (inner && ts.isModuleDeclaration(inner)) {
          name += `.${inner.name.getText(source)}`;
          inner = inner.body;
        }
        if (/__promisify__/.test(name)) continue;
        const doc = docOf(statement, fileText);
        if (doc) entryFor(module, qualifier, name).docs.push(doc);
        if (inner && ts.isModuleBlock(inner)) visit(inner.statements, module, `${qualifier}${name}.`);
        continue;
      }
      if (ts.isVariableStatement(statement)) {
        const doc = docOf(statement, fileText);
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name)) continue;
          if (!doc && !modules.get(module)?.has(`${qualifier}${declaration.name.text}`)) continue;
          const entry = entryFor(module, qualifier, declaration.name.text);
          if (doc) entry.docs.push(doc);
          entry.signatures.push(clip(declaration.getText(source).replace(/\s+/g, ' '), 400));
        }
        continue;
      }
      if (
        !ts.isFunctionDeclaration(statement) &&
        !ts.isInterfaceDeclaration(statement) &&
        !ts.isClassDeclaration(statement) &&
        !ts.isTypeAliasDeclaration(statement) &&
        !ts.isEnumDeclaration(statement)
      ) {
        continue;
      }
      const name = nameOf(statement);
      if (!name) continue;
      const entry = entryFor(module, qualifier, name);
      const doc = docOf(statement, fileText);
      if (doc) entry.docs.push(doc);
      entry.signatures.push(signatureOf(statement, source));
      const members: readonly ts.Node[] = ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement) ? statement.members : ts.isEnumDeclaration(statement) ? statement.members : [];
      for (const member of members) {
        const memberName = nameOf(member);
        const memberDoc = docOf(member, fileText);
        if (!memberName || !memberDoc) continue;
        let slot = entry.members.get(memberName);
        if (!slot) entry.members.set(memberName, (slot = { docs: [], signatures: [] }));
        if (!slot.docs.includes(memberDoc)) slot.docs.push(memberDoc);
        slot.signatures.push(clip(member.getText(source).replace(/\s+/g, ' ').trim(), 300));
      }
    }
  };
  visit(source.statements, typescriptLib ? path.basename(fileName).replace(/^lib\.|\.d\.ts$/g, '') : '', '');

  return [...modules].map(([module, entries]) => ({
    module,
    entries: [...entries.values()].filter((entry) => entry.docs.join('').length + [...entry.members.values()].reduce((sum, m) => sum + m.docs.join('').length, 0) >= 40),
  }));
}

/** One entry as Markdown: the declaration as a section, then its documented members as bold-led paragraphs. */
function entrySections(entry: Entry): Array<{ section: CorpusSection; markdown: string }> {
  const code = (signatures: string[]) => (signatures.length > 0 ? `\n\n\`\`\`ts\n${[...new Set(signatures)].slice(0, 4).join('\n')}\n\`\`\`` : '');
  // Overloads repeat their documentation with small changes: three at most.
  const docs = [...new Set(entry.docs)].slice(0, 3).join('\n\n');
  const out = [
    {
      section: { heading: entry.name, level: 2, kind: 'api' as const, body: docs, callable: entry.signatures.some(isCallable) },
      markdown: `## ${entry.name}${docs ? `\n\n${docs}` : ''}${code(entry.signatures)}`,
    },
  ];
  for (const [member, slot] of entry.members) {
    const heading = `${entry.name}.${member}`;
    const body = slot.docs.slice(0, 3).join('\n\n');
    out.push({ section: { heading, level: 3, kind: 'api', body, callable: slot.signatures.some(isCallable) }, markdown: `**${heading}**\n\n${body}${code(slot.signatures)}` });
  }
  return out;
}

/** `function f(`, `f(a): b`, `new (…)`: a signature one calls (not a property holding a function type). */
function isCallable(signature: string): boolean {
  return /^(export\s+)?(declare\s+)?(function\s+[\w$]+\s*[<(]|(static\s+|readonly\s+|abstract\s+|async\s+)*[\w$]+\??\s*[<(]|new\s*[<(]|constructor\s*\()/.test(signature);
}

function packageLabel(pkg: string, source: CorpusSource): string {
  return source === 'node-types' ? 'Node.js' : source === 'typescript-lib' ? 'JavaScript' : pkg;
}

/**
 * Declaration files as documents. The sections of one group (a module of @types/node, a lib file
 * of TypeScript, a directory of a package's declarations) are packed in order into documents of
 * about TARGET characters; an entry larger than CAP is cut between its members.
 */
export function declarationDocuments(pkg: string, files: Array<{ file: string; text: string }>, source: CorpusSource): CorpusDocument[] {
  const documents: CorpusDocument[] = [];
  const seen = new Set<string>();
  const parts = new Map<string, number>();
  const label = packageLabel(pkg, source);
  const groups = new Map<string, Array<{ file: string; module: string; entry: Entry }>>();
  for (const { file, text } of files) {
    for (const { module, entries } of declarationEntries(text, file, source === 'typescript-lib')) {
      const group = source === 'package-types' ? path.posix.dirname(file) : `${file}\0${module}`;
      let list = groups.get(group);
      if (!list) groups.set(group, (list = []));
      for (const entry of entries) list.push({ file, module, entry });
    }
  }
  for (const [group, list] of groups) {
    let current: Array<{ section: CorpusSection; markdown: string; entry: Entry; file: string; module: string }> = [];
    let length = 0;
    const flush = () => {
      if (current.length === 0) return;
      const names = [...new Set(current.map(({ entry }) => entry.short))];
      const { file, module } = current[0]!;
      const where =
        source === 'typescript-lib' ? `(${module})` : source === 'package-types' ? (group === '.' ? '' : group) : module || file.replace(/\.d\.[mc]?ts$/, '');
      const title = `${label}${where ? ` ${where}` : ''}: ${names.slice(0, 4).join(', ')}${names.length > 4 ? ` and ${names.length - 4} more` : ''}`;
      const number = (parts.get(file) ?? 0) + 1;
      parts.set(file, number);
      documents.push({
        key: `${pkg}/${file}#${number}`,
        package: pkg,
        path: file,
        files: [...new Set(current.map((item) => item.file))],
        source,
        title: clip(title, 300),
        content: current.map(({ markdown }) => markdown).join('\n\n'),
        sections: current.map(({ section }) => section),
      });
      current = [];
      length = 0;
    };
    for (const { file, module, entry } of list) {
      const sections = entrySections(entry);
      // The same declaration shipped twice (.d.ts and .d.mts, a compat copy) is taken once.
      const hash = createHash('sha1').update(sections.map(({ markdown }) => markdown).join('\n')).digest('hex');
      if (seen.has(hash)) continue;
      seen.add(hash);
      const entryLength = sections.reduce((sum, { markdown }) => sum + markdown.length + 2, 0);
      if (length > 0 && length + entryLength > TARGET) flush();
      for (const part of sections) {
        if (length > 0 && length + part.markdown.length > CAP) flush();
        current.push({ ...part, entry, file, module });
        length += part.markdown.length + 2;
      }
    }
    flush();
  }
  return documents.filter((document) => document.content.length >= 200);
}

// ---------------------------------------------------------------------------------------------
// FAQ entries: Markdown headings that are questions, with their section's text as the answer.

const QUESTION_HEADING = /^(how|why|what|when|where|which|can|could|does|do|is|are|should|will|may)\b.{8,}\?$/i;

function faqPairs(documents: CorpusDocument[]): CorpusQa[] {
  const pairs: CorpusQa[] = [];
  const seen = new Set<string>();
  for (const document of documents) {
    if (document.source !== 'markdown') continue;
    for (const section of document.sections) {
      if (!QUESTION_HEADING.test(section.heading)) continue;
      const answer = section.body.replace(/\n{3,}/g, '\n\n').trim();
      const key = headingKey(section.heading);
      if (answer.length < 80 || seen.has(key)) continue;
      seen.add(key);
      pairs.push({ key: `${document.key}/${key}`, question: section.heading, answer: clip(answer, 10_000), document: document.key });
    }
  }
  return pairs;
}

/** The document holding `heading` in `path` of `pkg` (the file's first document when no heading is given). */
export function findDocument(documents: CorpusDocument[], target: { package: string; path: string; heading?: string }): CorpusDocument | undefined {
  const inFile = documents.filter((document) => document.package === target.package && document.files.includes(target.path));
  if (!target.heading) return inFile[0];
  const wanted = headingKey(target.heading);
  return inFile.find((document) => document.sections.some((section) => headingKey(section.heading) === wanted));
}
