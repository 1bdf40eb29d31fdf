// Patterns written by users (chatbot rules) run against visitors' text, so they must not be able to
// backtrack for ever (ReDoS). RE2 matches in linear time. This uses re2js, RE2 ported to plain
// JavaScript: its compiled patterns are ordinary objects the garbage collector frees. (re2-wasm,
// used before, kept every compiled pattern in a 16 MiB WebAssembly heap with no way to free it, so
// the heap filled and every tenant's patterns then failed to compile.)
import { RE2JS } from 're2js';

export interface SafePattern {
  test(text: string): boolean;
  /** Instructions of the compiled program: what one character of text costs at most. */
  readonly size: number;
}

/**
 * Compiled programs larger than this are refused: matching costs up to (program size × text
 * length) steps on the shared event loop, and no useful rule comes near it ("a{998}" does).
 */
export const MAX_PATTERN_PROGRAM_SIZE = 1_000;
/**
 * All of one chatbot's patterns together: every visitor message is matched against each of them,
 * so their sizes add up (about 260 ms for 2,000 instructions over a 4,000-character message here).
 */
export const MAX_PATTERNS_PROGRAM_SIZE = 2_000;
/** Compiled patterns kept, the least recently used dropped first (each is a few KiB). */
const CACHE_SIZE = 2_000;

/** Why a pattern was refused: RE2 syntax it does not support (look-behind, back-references), or size. */
export class UnsafePatternError extends Error {
  override name = 'UnsafePatternError';
}

const cache = new Map<string, SafePattern | UnsafePatternError>();

/**
 * A case-insensitive Unicode pattern in JavaScript syntax, compiled once while it stays in the
 * cache (settings validation and every message's rules share it); throws UnsafePatternError with
 * RE2's reason when it cannot be compiled.
 */
export function compileSafePattern(pattern: string): SafePattern {
  let entry = cache.get(pattern);
  if (entry === undefined) entry = compile(pattern);
  else cache.delete(pattern); // re-inserted below as the most recently used
  cache.set(pattern, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  if (entry instanceof UnsafePatternError) throw entry;
  return entry;
}

/** How many compiled patterns are held (for tests: the cache is bounded). */
export function cachedPatternCount(): number {
  return cache.size;
}

function compile(pattern: string): SafePattern | UnsafePatternError {
  let compiled: RE2JS;
  try {
    // translateRegExp turns JavaScript spellings RE2 lacks (\u00e9, \u{1F600}, \cA) into RE2's.
    compiled = RE2JS.compile(RE2JS.translateRegExp(pattern), RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    return new UnsafePatternError(error instanceof Error ? error.message : String(error));
  }
  if (compiled.programSize() > MAX_PATTERN_PROGRAM_SIZE) {
    return new UnsafePatternError(`the pattern compiles to ${compiled.programSize()} instructions, more than ${MAX_PATTERN_PROGRAM_SIZE}`);
  }
  return { test: (text) => compiled.test(text), size: compiled.programSize() };
}
