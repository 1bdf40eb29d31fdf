// store-independent: it opens no store (the SQLite pass runs it once).
// Term maps keyed by user words: "constructor", "__proto__", "toString" are words like any other.
import t from 'tap';
import { analyzerFor } from '../../core/text/analysis.js';
import { countTerms, emptyTermCounts, termCount } from '../../core/text/term-counts.js';

const WORDS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

t.test('counts without a prototype', async (t) => {
  const counts = countTerms([...WORDS, ...WORDS, 'constructor']);
  t.equal(Object.getPrototypeOf(counts), null);
  t.equal(counts.constructor, 3);
  t.equal(counts.__proto__, 2);
  t.equal(counts.toString, 2);
  t.same(Object.keys(counts).sort(), [...WORDS].sort());
  t.equal(termCount(emptyTermCounts(), 'constructor'), 0);
});

t.test('stored maps (plain JSON objects) are read by own keys, numbers only', async (t) => {
  const stored = JSON.parse('{"__proto__": 4, "delivery": 2, "tostring": "function Object() {}1"}') as Record<string, number>;
  t.equal(termCount(stored, '__proto__'), 4, 'JSON.parse makes "__proto__" an own key');
  t.equal(termCount(stored, 'constructor'), 0, 'not Object.prototype.constructor');
  t.equal(termCount(stored, 'valueOf'), 0);
  t.equal(termCount(stored, 'delivery'), 2);
  t.equal(termCount(stored, 'tostring'), 0, 'a count that is not a number counts as none');
  t.equal(termCount(undefined, 'x'), 0);
});

t.test('the analyzer and an unknown language named like a prototype key', async (t) => {
  t.same(analyzerFor('constructor').terms('constructor toString'), ['constructor', 'tostring'], 'no language support, no crash');
  t.ok(analyzerFor('en').terms('the constructor __proto__ toString').includes('constructor'));
});

t.test('a stored count that is not a finite number counts as none', async (t) => {
  // JSON cannot hold these, but a map built in memory can: a count is a finite number or nothing.
  const counts = { endless: Number.POSITIVE_INFINITY, nothing: Number.NaN, five: 5 } as Record<string, number>;
  t.equal(termCount(counts, 'endless'), 0);
  t.equal(termCount(counts, 'nothing'), 0);
  t.equal(termCount(counts, 'five'), 5);
});
