// Splits extracted text into the passages search returns: on headings and paragraphs, about 800 to
// 1,000 characters, the next chunk starting with about 150 characters of the previous one (whole
// sentences), each chunk keeping its title and the path of headings above it.

export const CHUNK_TARGET = 800;
export const CHUNK_MAX = 1000;
export const CHUNK_OVERLAP = 150;

export interface Section {
  headingPath: string[];
  paragraphs: string[];
}

export interface Chunk {
  title: string | null;
  headingPath: string[];
  text: string;
}

/** Heading levels Markdown has: "#" to "######". */
const MAX_HEADING_LEVEL = 6;

// Documents are untrusted and up to 10 MiB of text, so nothing below may backtrack: headings,
// inline Markdown and sentence ends are found by scans that visit each character a bounded number
// of times (a regular expression such as /^(#{1,6})\s+(.+?)\s*#*\s*$/ is cubic on a run of
// spaces: 6 KB of them held the server for 33 s).

/** Reads "#" headings and blank-line paragraphs, and strips the inline Markdown people write. */
export function toSections(text: string): Section[] {
  const sections: Section[] = [];
  const path: string[] = [];
  let current: Section = { headingPath: [], paragraphs: [] };
  let paragraph: string[] = [];
  const endParagraph = () => {
    const joined = stripInlineMarkdown(paragraph.join(' ')).replace(/\s+/g, ' ').trim();
    if (joined) current.paragraphs.push(joined);
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = headingOf(line);
    if (heading) {
      endParagraph();
      if (current.paragraphs.length > 0) sections.push(current);
      path.length = Math.min(path.length, heading.level - 1);
      path[heading.level - 1] = stripInlineMarkdown(heading.text);
      current = { headingPath: path.filter(Boolean), paragraphs: [] };
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(withoutListMarker(line).trim());
    }
  }
  endParagraph();
  if (current.paragraphs.length > 0) sections.push(current);
  return sections;
}

/**
 * "## Costs ##" → level 2, "Costs": one to six "#", white space, the text, and optional closing
 * "#"s. Null when the line is not a heading (or its text would cross a line separator such as
 * U+2028, which "." in the old expression did not match). A heading with no text has text "".
 */
export function headingOf(line: string): { level: number; text: string } | null {
  let level = 0;
  while (line.charCodeAt(level) === HASH) level++;
  if (level === 0 || level > MAX_HEADING_LEVEL || !isWhiteSpace(line.charCodeAt(level))) return null;
  let start = level;
  while (start < line.length && isWhiteSpace(line.charCodeAt(start))) start++;
  if (start === line.length) return { level, text: '' };
  // The closing sequence, scanned from the end: white space, "#"s, white space.
  let end = line.length;
  while (end > start && isWhiteSpace(line.charCodeAt(end - 1))) end--;
  while (end > start && line.charCodeAt(end - 1) === HASH) end--;
  while (end > start && isWhiteSpace(line.charCodeAt(end - 1))) end--;
  // "# #" is a heading whose text is "#": the text holds at least one character.
  const text = line.slice(start, Math.max(end, start + 1));
  for (let i = 0; i < text.length; i++) if (isLineTerminator(text.charCodeAt(i))) return null;
  return { level, text };
}

/** "- item", "* item", "+ item", "1. item", "2) item" → "item" (leading white space allowed). */
function withoutListMarker(line: string): string {
  let i = 0;
  while (i < line.length && isWhiteSpace(line.charCodeAt(i))) i++;
  const marker = line.charCodeAt(i);
  if (marker === DASH || marker === STAR || marker === PLUS) {
    i++;
  } else {
    const digits = i;
    while (isDigit(line.charCodeAt(i))) i++;
    if (i === digits || (line.charCodeAt(i) !== DOT && line.charCodeAt(i) !== CLOSE_PAREN)) return line;
    i++;
  }
  if (!isWhiteSpace(line.charCodeAt(i))) return line;
  while (i < line.length && isWhiteSpace(line.charCodeAt(i))) i++;
  return line.slice(i);
}

/**
 * Images keep their alt text, links their text; code spans, bold and italics lose their marks;
 * a leading "> " goes. Each pass is one scan (see replaceLinks and replaceDelimited).
 */
export function stripInlineMarkdown(text: string): string {
  let result = replaceLinks(text, '![', 0); // images: keep the alt text
  result = replaceLinks(result, '[', 1); // links: keep the text
  // One regular expression is kept: a code span cannot fail to close except once, at the last
  // backtick, and [^`]* stops at the next backtick, so each character is read a bounded number of
  // times.
  result = result.replace(/`{1,3}([^`]*)`{1,3}/g, '$1');
  result = replaceDelimited(result, ['**', '__'], false);
  result = replaceDelimited(result, ['*', '_'], true);
  return result.replace(/^>\s?/, '');
}

/**
 * `opener` text `](` target `)` → text, where the text runs to the first "]" and the target to the
 * first ")" (as /!?\[([^\]]*)\]\([^)]*\)/ did). The next "]" and ")" are remembered, so a
 * thousand "[" before one "]" read the text between them once, not a thousand times.
 */
function replaceLinks(text: string, opener: string, minTextLength: number): string {
  const nextBracket = nextIndexFinder(text, (i) => text.charCodeAt(i) === CLOSE_BRACKET);
  const nextParen = nextIndexFinder(text, (i) => text.charCodeAt(i) === CLOSE_PAREN);
  let result = '';
  let copiedTo = 0;
  for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at)) {
    const textStart = at + opener.length;
    const bracket = nextBracket(textStart);
    if (bracket === text.length) break; // no "]" left: nothing further can match
    if (bracket - textStart < minTextLength || text.charCodeAt(bracket + 1) !== OPEN_PAREN) {
      at++;
      continue;
    }
    const paren = nextParen(bracket + 2);
    if (paren === text.length) break; // no ")" left
    result += text.slice(copiedTo, at) + text.slice(textStart, bracket);
    copiedTo = at = paren + 1;
  }
  return copiedTo === 0 ? text : result + text.slice(copiedTo);
}

/**
 * Emphasis: a delimiter, the text, the same delimiter → the text. The text is on one line (no line
 * separator), at least one character, and ends at the first closing delimiter; for single "*" and
 * "_" (`tight`) it starts and ends with a non-space character. This is what
 * /(\*\*|__)(.+?)\1/ and /(\*|_)(\S(?:.*?\S)?)\1/ did, without their re-reading: whether a
 * position closes does not depend on where the text opened, so the next closer of each delimiter
 * and the next line separator are remembered across openers.
 */
function replaceDelimited(text: string, delimiters: [string, string], tight: boolean): string {
  const width = delimiters[0].length;
  const closerFinders = delimiters.map((delimiter) =>
    nextIndexFinder(text, (i) => text.startsWith(delimiter, i) && (!tight || !isWhiteSpace(text.charCodeAt(i - 1)))),
  );
  const nextOpener = nextIndexFinder(text, (i) => delimiters.some((delimiter) => text.startsWith(delimiter, i)));
  const nextTerminator = nextIndexFinder(text, (i) => isLineTerminator(text.charCodeAt(i)));
  let result = '';
  let copiedTo = 0;
  for (let at = nextOpener(0); at < text.length; at = nextOpener(at)) {
    const kind = text.startsWith(delimiters[0], at) ? 0 : 1;
    const contentStart = at + width;
    const first = text.charCodeAt(contentStart);
    const closer = closerFinders[kind]!(contentStart + 1);
    if (
      contentStart >= text.length ||
      (tight ? isWhiteSpace(first) : isLineTerminator(first)) ||
      closer === text.length ||
      nextTerminator(contentStart) < closer
    ) {
      at++;
      continue;
    }
    result += text.slice(copiedTo, at) + text.slice(contentStart, closer);
    copiedTo = at = closer + width;
  }
  return copiedTo === 0 ? text : result + text.slice(copiedTo);
}

/**
 * The first index at or after `from` where `test` holds (text.length when none), for callers whose
 * `from` never decreases: the answer is remembered, so each index is tested at most once in all.
 */
function nextIndexFinder(text: string, test: (index: number) => boolean): (from: number) => number {
  let found = -1;
  return (from) => {
    if (found >= from) return found;
    let i = Math.max(from, found + 1);
    while (i < text.length && !test(i)) i++;
    found = i;
    return i;
  };
}

/**
 * Sentences, keeping their end punctuation. A sentence ends at . ! ? or … (then perhaps closing
 * quotes or brackets) followed by white space, so "4.90" or "v1.2" stay whole. A sentence longer
 * than the maximum is cut by words.
 */
export function sentencesOf(paragraph: string): string[] {
  const sentences = splitSentences(paragraph).map((s) => s.trim()).filter(Boolean);
  return sentences.flatMap((sentence) => (sentence.length <= CHUNK_MAX ? [sentence] : cutByWords(sentence)));
}

/**
 * Splits at each run of white space that follows an end mark and its closing quotes. The closers
 * are read backwards from the run, and never past the previous run, so the scan is linear (the old
 * look-behind re-read a run of ")" at every position in it).
 */
function splitSentences(paragraph: string): string[] {
  const sentences: string[] = [];
  let sentenceStart = 0;
  let i = 0;
  while (i < paragraph.length) {
    if (!isWhiteSpace(paragraph.charCodeAt(i))) {
      i++;
      continue;
    }
    let runEnd = i;
    while (runEnd < paragraph.length && isWhiteSpace(paragraph.charCodeAt(runEnd))) runEnd++;
    let before = i - 1;
    while (before >= sentenceStart && SENTENCE_CLOSERS.has(paragraph.charCodeAt(before))) before--;
    if (before >= sentenceStart && SENTENCE_ENDS.has(paragraph.charCodeAt(before))) {
      sentences.push(paragraph.slice(sentenceStart, i));
      sentenceStart = runEnd;
    }
    i = runEnd;
  }
  sentences.push(paragraph.slice(sentenceStart));
  return sentences;
}

const HASH = 0x23;
const DASH = 0x2d;
const STAR = 0x2a;
const PLUS = 0x2b;
const DOT = 0x2e;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const CLOSE_BRACKET = 0x5d;
const SENTENCE_ENDS = new Set(['.', '!', '?', '…'].map((c) => c.charCodeAt(0)));
const SENTENCE_CLOSERS = new Set(['"', "'", '»', '”', ')', ']'].map((c) => c.charCodeAt(0)));

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** Exactly the characters of \s in JavaScript regular expressions. */
function isWhiteSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The characters "." does not match in JavaScript regular expressions. */
function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** Pieces of at most CHUNK_MAX characters; a longer "word" (a hash, base64) keeps its start. */
function cutByWords(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const word of text.split(/\s+/)) {
    if (piece && piece.length + word.length + 1 > CHUNK_MAX) {
      pieces.push(piece);
      piece = '';
    }
    piece = piece ? `${piece} ${word}` : prefixOf(word, CHUNK_MAX);
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** The first `length` UTF-16 units of `text`, one fewer rather than half a surrogate pair. */
function prefixOf(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

export function chunkSections(sections: Section[], title: string | null): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sections) {
    let sentences: string[] = [];
    let length = 0;
    let freshSentences = 0; // added since the last chunk; carried-over ones do not count
    const emit = () => {
      if (freshSentences === 0) return;
      chunks.push({ title, headingPath: section.headingPath, text: sentences.join(' ') });
      // Carry whole sentences from the end, up to the overlap, into the next chunk.
      const carried: string[] = [];
      let carriedLength = 0;
      for (let i = sentences.length - 1; i > 0; i--) {
        const next = sentences[i]!.length + (carried.length ? 1 : 0);
        if (carriedLength + next > CHUNK_OVERLAP) break;
        carried.unshift(sentences[i]!);
        carriedLength += next;
      }
      sentences = carried;
      length = carriedLength;
      freshSentences = 0;
    };
    for (const paragraph of section.paragraphs) {
      for (const sentence of sentencesOf(paragraph)) {
        const added = sentence.length + (sentences.length ? 1 : 0);
        if (length >= CHUNK_TARGET || length + added > CHUNK_MAX) emit();
        // What is left now was carried over; it gives way to a sentence it would push past the maximum.
        while (sentences.length > 0 && length + 1 + sentence.length > CHUNK_MAX) {
          length -= sentences.shift()!.length + (sentences.length > 0 ? 1 : 0);
        }
        sentences.push(sentence);
        length += sentence.length + (sentences.length > 1 ? 1 : 0);
        freshSentences++;
      }
    }
    emit(); // the section's last chunk, unless it would hold only carried-over sentences
  }
  return chunks;
}
