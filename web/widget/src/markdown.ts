// The safe Markdown subset of bot and agent replies (issue 33, "Rich but safe replies"): paragraphs,
// lists, bold, italics, inline code, fenced code, links to http(s) and mailto only, bare URLs.
// It returns plain data, never HTML: view.ts makes each node an element of a fixed tag, and every
// character of the reply ends up in a text node. No DOM here, so the tests run it in Node.
//
// The replies come from a model, an agent or an owner's Q&A: the parser is linear in the text's
// length whatever it holds (no backtracking regular expression over the text; each look-ahead
// for a closing mark is remembered, so a thousand unclosed `[` or `` ` `` cost one scan).

export type Inline =
  | string
  | { t: 'br' }
  | { t: 'strong' | 'em'; c: Inline[] }
  | { t: 'code'; text: string }
  | { t: 'a'; href: string; c: Inline[] };

export type Block =
  | { t: 'p'; c: Inline[] }
  /** A heading: shown as a bold paragraph (a reply has no document outline to join). */
  | { t: 'h'; c: Inline[] }
  | { t: 'ul'; items: Inline[][] }
  | { t: 'ol'; start: number; items: Inline[][] }
  | { t: 'pre'; text: string };

/** A code fence; a backtick fence's info string has no backtick (CommonMark), else it is inline code. */
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const HEADING = /^ {0,3}#{1,6}[ \t]+(.*)$/;
const BULLET = /^ {0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const CONTINUATION = /^(?: {2,}|\t)\S/;

/** A whole reply as blocks. */
export function parseMarkdown(text: string): Block[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  // The block being built: a paragraph's lines, or a list's items' lines.
  let paragraph: string[] | null = null;
  let list: { ordered: boolean; start: number; items: string[][] } | null = null;
  const end = () => {
    if (paragraph) blocks.push({ t: 'p', c: parseInline(paragraph.join('\n')) });
    if (list) {
      const items = list.items.map((item) => parseInline(item.join('\n')));
      blocks.push(list.ordered ? { t: 'ol', start: list.start, items } : { t: 'ul', items });
    }
    paragraph = null;
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      end();
      const code: string[] = [];
      // Closed by a fence of the same character at least as long, or by the end of the reply.
      while (++i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) code.push(lines[i]!);
      blocks.push({ t: 'pre', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      end();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      end();
      blocks.push({ t: 'h', c: parseInline(trimEnd(heading[1]!, ' \t#')) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      if (paragraph || (list && list.ordered !== ordered)) end();
      list ??= { ordered, start: numbered ? Math.min(Number(numbered[1]), 1e9) : 1, items: [] };
      list.items.push([(bullet ? bullet[1] : numbered![2])!]);
      continue;
    }
    if (list && (CONTINUATION.test(line) || !paragraph)) {
      // An indented line (or a lazy one, as CommonMark reads it) goes on the list's last item.
      list.items[list.items.length - 1]!.push(line.trim());
      continue;
    }
    (paragraph ??= []).push(line);
  }
  end();
  return blocks;
}

interface Frame {
  /** The mark that opened it: `*`, `**`, `_` or `__`; '' for the root. */
  mark: string;
  children: Inline[];
}

const ESCAPABLE = '\\`*_[]()#+-.!~';
const URL_CHARACTER = /[^\s<>"'`]/;
/** What ends a sentence after a URL rather than belonging to it (a `)` only when unmatched in the URL). */
const URL_TRAILING = '.,;:!?]';

/**
 * A URL found in text without the sentence's punctuation after it: `https://x.example/a.` loses
 * its dot, `(see https://x.example/a)` its parenthesis, but `https://en.wikipedia.org/wiki/A_(b)`
 * keeps its own. One pass from the end, counting parentheses.
 */
export function trimUrl(url: string): string {
  let opened = 0;
  let closed = 0;
  for (const character of url) {
    if (character === '(') opened++;
    else if (character === ')') closed++;
  }
  let end = url.length;
  while (end > 0) {
    const last = url[end - 1]!;
    if (URL_TRAILING.includes(last)) end--;
    else if (last === ')' && closed > opened) {
      closed--;
      end--;
    } else break;
  }
  return url.slice(0, end);
}

/** One paragraph's (or list item's) text as inline nodes; `\n` becomes a line break. */
export function parseInline(text: string): Inline[] {
  const stack: Frame[] = [{ mark: '', children: [] }];
  let plain = '';
  const top = () => stack[stack.length - 1]!;
  const flush = () => {
    if (plain) top().children.push(plain);
    plain = '';
  };
  // Remembered look-aheads: the next position of a character at or after where it was searched.
  const next = new Map<string, number>();
  const nextOf = (character: string, from: number) => {
    const known = next.get(character);
    if (known !== undefined && (known >= from || known === -1)) return known;
    const found = text.indexOf(character, from);
    next.set(character, found);
    return found;
  };
  /** Closes the frame at `index`; those above it were never closed and give back their marks as text. */
  const close = (index: number) => {
    flush();
    while (stack.length - 1 > index) unwind();
    const frame = stack.pop()!;
    top().children.push({ t: frame.mark.length === 2 ? 'strong' : 'em', c: mergeText(frame.children) });
  };
  const unwind = () => {
    const frame = stack.pop()!;
    // A loop, not push(...children): a spread of 100,000 parts overflows the call stack.
    const children = top().children;
    children.push(frame.mark);
    for (const child of frame.children) children.push(child);
  };

  const backticks = backtickRuns(text);
  const links = new Map<number, ReturnType<typeof linkTarget>>();
  let i = 0;
  while (i < text.length) {
    const character = text[i]!;
    if (character === '\\' && i + 1 < text.length && ESCAPABLE.includes(text[i + 1]!)) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (character === '\n') {
      flush();
      top().children.push({ t: 'br' });
      i++;
      continue;
    }
    if (character === '`') {
      let run = 1;
      while (text[i + run] === '`') run++;
      const closing = backticks.closing(i, run);
      if (closing === -1) {
        plain += '`'.repeat(run);
        i += run;
        continue;
      }
      flush();
      top().children.push({ t: 'code', text: text.slice(i + run, closing) });
      i = closing + run;
      continue;
    }
    if (character === '[') {
      const link = linkAt(text, i, nextOf, links);
      if (link) {
        flush();
        top().children.push({ t: 'a', href: link.href, c: [link.label] });
        i = link.end;
        continue;
      }
    }
    if ((character === 'h' || character === 'H') && !isWordCharacter(text[i - 1]) && /^https?:\/\//i.test(text.slice(i, i + 8))) {
      let end = i;
      while (end < text.length && URL_CHARACTER.test(text[end]!)) end++;
      const url = trimUrl(text.slice(i, end));
      const href = safeLink(url);
      if (href) {
        flush();
        top().children.push({ t: 'a', href, c: [url] });
        i += url.length;
      } else {
        // Not a URL after all: the whole run is text, so no later `http` inside it scans it again.
        plain += text.slice(i, end);
        i = end;
      }
      continue;
    }
    if (character === '*' || character === '_') {
      let run = 1;
      while (text[i + run] === character) run++;
      const before = text[i - 1];
      const after = text[i + run];
      // `2 * 3`, `snake_case` and a mark with a space on its inner side are text.
      const canOpen = after !== undefined && !/\s/.test(after) && (character === '*' || !isWordCharacter(before));
      const canClose = before !== undefined && !/\s/.test(before) && (character === '*' || !isWordCharacter(after));
      let left = run;
      while (left > 0 && canClose) {
        // The nearest open mark of this character that this run can close (there are at most four open).
        let index = stack.length - 1;
        while (index > 0 && stack[index]!.mark[0] !== character) index--;
        if (index === 0 || stack[index]!.mark.length > left) break;
        left -= stack[index]!.mark.length;
        close(index);
      }
      while (left > 0 && canOpen) {
        const mark = character.repeat(left >= 2 ? 2 : 1);
        // The same mark open twice would nest without end: it is text instead.
        if (stack.some((frame) => frame.mark === mark)) break;
        flush();
        stack.push({ mark, children: [] });
        left -= mark.length;
      }
      plain += character.repeat(left);
      i += run;
      continue;
    }
    plain += character;
    i++;
  }
  flush();
  while (stack.length > 1) unwind();
  return mergeText(stack[0]!.children);
}

/**
 * `[label](url)` at `start`: the label is text, on one line; only http(s) and mailto URLs link. The
 * target after each `](` is read once (`targets` remembers it for every `[` that ends there).
 */
function linkAt(
  text: string,
  start: number,
  nextOf: (character: string, from: number) => number,
  targets: Map<number, ReturnType<typeof linkTarget>>,
) {
  const labelEnd = nextOf(']', start + 1);
  if (labelEnd === -1 || labelEnd - start > 500 || text[labelEnd + 1] !== '(') return null;
  const label = text.slice(start + 1, labelEnd);
  if (!label.trim() || /[\n[]/.test(label)) return null;
  if (!targets.has(labelEnd)) targets.set(labelEnd, linkTarget(text, labelEnd + 2));
  const target = targets.get(labelEnd)!;
  return target ? { href: target.href, label, end: target.end } : null;
}

/** The URL from `from` to its `)`: parentheses inside it nest (`…/Foo_(bar)`); no space, at most 2,000 characters. */
function linkTarget(text: string, from: number): { href: string; end: number } | null {
  let depth = 0;
  for (let at = from; at < text.length && at - from <= 2000; at++) {
    const character = text[at]!;
    if (/\s/.test(character)) return null;
    if (character === '(') depth++;
    else if (character === ')') {
      if (depth === 0) {
        const href = safeLink(text.slice(from, at));
        return href ? { href, end: at + 1 } : null;
      }
      depth--;
    }
  }
  return null;
}

/**
 * Where each code span closes: a run of backticks is closed by the next run of exactly its length
 * (CommonMark). The runs are listed once; each length's list is walked forward only, so the whole
 * paragraph costs one pass, however many runs of however many lengths it has.
 */
function backtickRuns(text: string): { closing(at: number, length: number): number } {
  const byLength = new Map<number, number[]>();
  for (let at = text.indexOf('`'); at !== -1; ) {
    let end = at;
    while (text[end] === '`') end++;
    const starts = byLength.get(end - at) ?? [];
    starts.push(at);
    byLength.set(end - at, starts);
    at = text.indexOf('`', end);
  }
  const walked = new Map<number, number>();
  return {
    closing(at, length) {
      const starts = byLength.get(length) ?? [];
      let index = walked.get(length) ?? 0;
      while (index < starts.length && starts[index]! <= at) index++;
      walked.set(length, index);
      return index < starts.length ? starts[index]! : -1;
    },
  };
}

/** The URL when it is http(s) or mailto and well formed; null for anything else (javascript:, data:, relative). */
export function safeLink(value: string): string | null {
  if (!value || /\s/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * `text` without the characters of `characters` at its end. A loop, not a regular expression: an
 * end-anchored class run backtracks over every start, quadratic on a long run of them.
 */
export function trimEnd(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

/** Neighbouring strings as one (unwound marks leave them split). */
function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged[merged.length - 1];
    if (typeof node === 'string' && typeof last === 'string') merged[merged.length - 1] = last + node;
    else if (node !== '') merged.push(node);
  }
  return merged;
}
