// Patterns written by users (chatbot rules) run against visitors' text, so they must not be able to
// backtrack for ever (ReDoS). RE2 matches in linear time; re2-wasm is Google's RE2 as WebAssembly,
// so there is no native build and nothing is downloaded at install.
import { RE2 } from 're2-wasm';

export interface SafePattern {
  test(text: string): boolean;
}

/** Compiles a case-insensitive Unicode pattern; throws with RE2's reason when it cannot. */
export function compileSafePattern(pattern: string): SafePattern {
  const compiled = new RE2(pattern, 'iu');
  return { test: (text) => compiled.test(text) };
}
