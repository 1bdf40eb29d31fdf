// The variables a saved reply may hold (`{visitor.name}`), filled in for one conversation when an
// agent uses the reply. Only `{word.word}` is a variable, in any letter case (so `{Visitor.Name}` is
// refused, not sent as it is): other braces are text, so a reply may still show `{ }` or JSON.
export const VARIABLES = ['visitor.name', 'visitor.email', 'chatbot.name', 'agent.name'] as const;
export type Variable = (typeof VARIABLES)[number];

/** The variables as a reply writes them, for messages and hints: `{visitor.name}, {visitor.email}, …`. */
export const VARIABLE_LIST = VARIABLES.map((name) => `{${name}}`).join(', ');

export type VariableValues = Record<Variable, string | null>;

const VARIABLE_PATTERN = /\{([A-Za-z_]+\.[A-Za-z_]+)\}/g;
const KNOWN = new Set<string>(VARIABLES);

/** The variables of `text` this server does not know, each once, in the order they appear. */
export function unknownVariables(text: string): string[] {
  const names = [...text.matchAll(VARIABLE_PATTERN)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => !KNOWN.has(name)))];
}

/**
 * The text with every variable replaced by its value. A variable without a value becomes an empty
 * string (API-DECISIONS.md) and is named in `missing`, so the agent can mend the sentence before
 * sending it.
 */
export function fillVariables(text: string, values: VariableValues): { text: string; missing: Variable[] } {
  const missing = new Set<Variable>();
  const filled = text.replace(VARIABLE_PATTERN, (whole, name: string) => {
    if (!KNOWN.has(name)) return whole;
    const value = values[name as Variable];
    if (value) return value;
    missing.add(name as Variable);
    return '';
  });
  return { text: filled, missing: [...missing] };
}
