// robots.txt, as a polite crawler reads it: the group for our agent (else "*"), Allow and Disallow
// rules with "*" and "$", the longest matching rule deciding (RFC 9309).
//
// The file comes from the site being crawled, so reading it must cost a bounded amount of work
// whatever it holds: only the first MAX_ROBOTS_TXT_LENGTH characters are read (RFC 9309 lets a
// crawler stop at 500 KiB), rules are capped in length and number, a rule is matched by a linear
// search (no regular expression: ".*" joined patterns backtrack), and each parsed file has a step
// budget for all its checks together, after which every path is refused (the conservative answer).

export interface RobotsTxt {
  isAllowed(path: string): boolean;
  sitemaps: string[];
  /** Character comparisons spent by isAllowed so far (at most the step budget). */
  readonly steps: number;
}

/** 500 KiB: RFC 9309 §2.5 lets crawlers ignore the rest of the file. */
export const MAX_ROBOTS_TXT_LENGTH = 500 * 1024;
/** Longer rules are not paths a site links to; a longer Disallow is cut (so it refuses more), a longer Allow dropped. */
export const MAX_RULE_LENGTH = 2048;
/** Rule lines read from one file; 500 KiB of "Disallow: /x" lines is about 37,000. */
export const MAX_RULES = 20_000;
/**
 * Comparisons allowed per parsed file, across all its isAllowed calls: a crawl of thousands of
 * pages against a few hundred ordinary rules spends a few million; a hostile file reaches the
 * budget and then refuses everything.
 */
export const ROBOTS_STEP_BUDGET = 20_000_000;

/** One "*"-separated piece of a rule, with its KMP failure table. */
interface Segment {
  text: string;
  failure: Int32Array;
}

interface Rule {
  allow: boolean;
  /** The rule's length as written: the longest matching rule wins. */
  length: number;
  /** The literal start, matched at the beginning of the path. */
  prefix: string;
  /** The pieces after each "*", in order (empty pieces dropped: "**" is "*"). */
  segments: Segment[];
  /** A trailing "$": the last piece (or the prefix, without "*") ends the path. */
  anchored: boolean;
}

export function parseRobotsTxt(text: string, agent: string, options: { stepBudget?: number } = {}): RobotsTxt {
  const { rulesByAgent, sitemaps } = readGroups(text);
  const token = agent.toLowerCase();
  // Merged groups for the first agent name that is part of ours, else for "*".
  const name = [...rulesByAgent.keys()].find((candidate) => candidate !== '*' && token.includes(candidate)) ?? '*';
  // Longest first, Allow before Disallow on a tie (RFC 9309 §2.2.2): the first match decides.
  const rules = (rulesByAgent.get(name) ?? []).flat().sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
  const budget = new StepBudget(options.stepBudget ?? ROBOTS_STEP_BUDGET);
  return {
    sitemaps,
    get steps() {
      return budget.spent;
    },
    isAllowed(path) {
      for (const rule of rules) {
        const matched = matches(rule, path, budget);
        if (matched === null) return false; // budget spent: refuse
        if (matched) return rule.allow;
      }
      return true;
    },
  };
}

function readGroups(text: string): { rulesByAgent: Map<string, Rule[][]>; sitemaps: string[] } {
  // Each group's rules live in one list that every agent naming the group shares, so a file with
  // many User-agent lines does not multiply its rules.
  const rulesByAgent = new Map<string, Rule[][]>();
  const sitemaps: string[] = [];
  let groupRules: Rule[] = [];
  let inRules = false;
  let ruleCount = 0;
  for (const line of linesOf(text)) {
    const field = fieldOf(line);
    if (!field) continue;
    const { key, value } = field;
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (key === 'user-agent') {
      if (inRules || groupRules.length > 0) groupRules = [];
      inRules = false;
      const name = value.toLowerCase();
      if (!name) continue; // an empty name would be part of every agent's
      const lists = rulesByAgent.get(name) ?? [];
      if (!lists.includes(groupRules)) lists.push(groupRules);
      rulesByAgent.set(name, lists);
    } else if (key === 'allow' || key === 'disallow') {
      inRules = true;
      if (value === '' || ruleCount >= MAX_RULES) continue; // "Disallow:" with nothing allows all
      const rule = toRule(key === 'allow', value);
      if (!rule) continue;
      groupRules.push(rule);
      ruleCount++;
    }
  }
  return { rulesByAgent, sitemaps };
}

/** The lines of the first MAX_ROBOTS_TXT_LENGTH characters, a line cut there left out. */
function linesOf(text: string): string[] {
  let read = text;
  if (text.length > MAX_ROBOTS_TXT_LENGTH) {
    read = text.slice(0, MAX_ROBOTS_TXT_LENGTH);
    const lastBreak = Math.max(read.lastIndexOf('\n'), read.lastIndexOf('\r'));
    read = lastBreak === -1 ? '' : read.slice(0, lastBreak);
  }
  return read.split(/\r\n|\r|\n/);
}

/** "Disallow: /x # comment" → { key: "disallow", value: "/x" }; null when it is not a field. */
function fieldOf(line: string): { key: string; value: string } | null {
  const comment = line.indexOf('#');
  const content = (comment === -1 ? line : line.slice(0, comment)).trim();
  const colon = content.indexOf(':');
  if (colon <= 0) return null;
  const key = content.slice(0, colon).trim();
  if (!/^[A-Za-z-]+$/.test(key)) return null;
  return { key: key.toLowerCase(), value: content.slice(colon + 1).trim() };
}

function toRule(allow: boolean, value: string): Rule | null {
  let pattern = value;
  if (pattern.length > MAX_RULE_LENGTH) {
    if (allow) return null;
    pattern = pattern.slice(0, MAX_RULE_LENGTH);
  }
  const anchored = pattern.endsWith('$');
  const [prefix, ...rest] = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const segments = rest.filter((piece) => piece !== '').map((piece) => ({ text: piece, failure: failureTable(piece) }));
  // "/a*" ending in "*" then "$" is still "/a" followed by anything.
  const endsWithStar = rest.length > 0 && rest[rest.length - 1] === '';
  return { allow, length: value.length, prefix: prefix!, segments, anchored: anchored && !endsWithStar };
}

class StepBudget {
  spent = 0;
  constructor(private readonly limit: number) {}
  /** Whether `steps` more fit; when they do not, the budget counts as spent. */
  allows(steps: number): boolean {
    if (this.spent + steps <= this.limit) return true;
    this.spent = this.limit;
    return false;
  }
  take(steps: number): void {
    this.spent = Math.min(this.limit, this.spent + steps);
  }
}

/**
 * Whether `rule` matches the start of `path`; null when the budget cannot pay for the check. For
 * patterns whose only wildcard is "*", taking each piece at its leftmost place after the previous
 * one finds a match whenever there is one; "$" instead needs the last piece at the very end. The
 * work is at most the path's length plus the rule's, times two.
 */
function matches(rule: Rule, path: string, budget: StepBudget): boolean | null {
  const { prefix, segments, anchored } = rule;
  if (!budget.allows(2 * (path.length + rule.length) + 2)) return null;
  let compared = 0;
  while (compared < prefix.length && compared < path.length && prefix[compared] === path[compared]) compared++;
  budget.take(compared + 1);
  if (compared < prefix.length) return false;
  if (segments.length === 0) return !anchored || path.length === prefix.length;
  let position = prefix.length;
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const segment = segments[i]!;
    if (i === last && anchored) {
      budget.take(segment.text.length + 1);
      return path.length - segment.text.length >= position && path.endsWith(segment.text);
    }
    const found = indexOfSegment(path, segment, position, budget);
    if (found === -1) return false;
    position = found + segment.text.length;
  }
  return true;
}

/**
 * Knuth–Morris–Pratt from `from`, charging the budget its comparisons: fewer than twice the
 * characters it reads, since each mismatch undoes an earlier advance.
 */
function indexOfSegment(path: string, segment: Segment, from: number, budget: StepBudget): number {
  const { text, failure } = segment;
  let steps = 0;
  let matched = 0;
  for (let i = from; i < path.length; i++) {
    steps++;
    while (matched > 0 && path[i] !== text[matched]) {
      matched = failure[matched - 1]!;
      steps++;
    }
    if (path[i] === text[matched]) matched++;
    if (matched === text.length) {
      budget.take(steps);
      return i - text.length + 1;
    }
  }
  budget.take(steps);
  return -1;
}

/** failure[i]: the length of the longest proper prefix of text[0..i] that is also its suffix. */
function failureTable(text: string): Int32Array {
  const failure = new Int32Array(text.length);
  let length = 0;
  for (let i = 1; i < text.length; i++) {
    while (length > 0 && text[i] !== text[length]) length = failure[length - 1]!;
    if (text[i] === text[length]) length++;
    failure[i] = length;
  }
  return failure;
}
