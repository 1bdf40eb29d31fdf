// robots.txt, as a polite crawler reads it: the group for our agent (else "*"), Allow and Disallow
// rules with "*" and "$", the longest matching rule deciding (RFC 9309).

export interface RobotsTxt {
  isAllowed(path: string): boolean;
  sitemaps: string[];
}

interface Rule {
  allow: boolean;
  pattern: RegExp;
  length: number;
}

export function parseRobotsTxt(text: string, agent: string): RobotsTxt {
  const groups = new Map<string, Rule[]>();
  const sitemaps: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key, value] = match as unknown as [string, string, string];
    const field = key.toLowerCase();
    if (field === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (field === 'user-agent') {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value.toLowerCase());
    } else if (field === 'allow' || field === 'disallow') {
      inRules = true;
      if (field === 'disallow' && value === '') continue; // "Disallow:" with nothing allows all
      for (const name of agents) {
        const rules = groups.get(name) ?? [];
        rules.push({ allow: field === 'allow', pattern: toPattern(value), length: value.length });
        groups.set(name, rules);
      }
    }
  }
  const token = agent.toLowerCase();
  const rules = [...groups.entries()].find(([name]) => name !== '*' && token.includes(name))?.[1] ?? groups.get('*') ?? [];
  return {
    sitemaps,
    isAllowed(path) {
      let decision: Rule | null = null;
      for (const rule of rules) {
        if (!rule.pattern.test(path)) continue;
        // The longest pattern wins; on a tie, Allow.
        if (!decision || rule.length > decision.length || (rule.length === decision.length && rule.allow)) decision = rule;
      }
      return decision?.allow ?? true;
    },
  };
}

function toPattern(value: string): RegExp {
  const anchored = value.endsWith('$');
  const body = (anchored ? value.slice(0, -1) : value)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}
