// store-independent: it opens no store (the SQLite pass runs it once).
// Ids (core/ids.ts): the documented form, unique, sorted by creation within a millisecond, and the
// random part drawn evenly from ulid's alphabet (the pooled random source).
import t from 'tap';
import { idTimePrefix, lowestIdAt, newId } from '../../core/ids.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford's base 32, lower-cased

t.test('form, uniqueness and order within one millisecond', async (t) => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const burst = Array.from({ length: 5_000 }, () => newId('msg', now));
  for (const id of burst.slice(0, 20)) t.match(id, /^msg_[0-9a-hjkmnp-tv-z]{26}$/);
  t.equal(new Set(burst).size, burst.length, 'no id twice');
  t.same([...burst].sort(), burst, 'a burst sorts in creation order');
  t.ok(newId('msg', now + 1) > burst[burst.length - 1]!, 'a later millisecond sorts after');
});

t.test('the random part uses every character evenly', async (t) => {
  // A new millisecond draws 16 fresh random characters; 20,000 of them span several pool refills.
  const counts = new Map<string, number>();
  const start = Date.parse('2030-01-01T00:00:00.000Z');
  for (let i = 0; i < 20_000; i++) {
    for (const character of newId('evt', start + i).slice(-16)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  t.same([...counts.keys()].sort().join(''), ALPHABET, 'only and all of the alphabet');
  const expected = (20_000 * 16) / 32;
  // Chi-square with 31 degrees of freedom: above ~61 is a 1-in-1,000 event for a uniform source.
  const chiSquare = [...counts.values()].reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
  t.ok(chiSquare < 70, `uniform (chi-square ${chiSquare.toFixed(1)})`);
});

t.test('lowestIdAt: below every id of its millisecond and later ones, above every earlier one', async (t) => {
  // Later than the instants above: newId is monotonic, so an earlier instant would reuse a later time.
  const at = Date.parse('2031-06-01T00:00:00.000Z');
  const lowest = lowestIdAt('evt', at);
  t.match(lowest, /^evt_[0-9a-hjkmnp-tv-z]{10}0{16}$/, 'the time part, then 16 zeros, lower case');
  const before = Array.from({ length: 50 }, (_, i) => newId('evt', at - 50 + i));
  const atOrAfter = Array.from({ length: 50 }, (_, i) => newId('evt', at + i));
  t.ok(before.every((id) => id < lowest), 'every id made before sorts below it');
  t.ok(atOrAfter.every((id) => id >= lowest), 'every id made at or after sorts at or above it');
  t.equal(lowestIdAt('evt', -1000), `evt_${'0'.repeat(26)}`, 'a time before the epoch is the epoch');
  t.equal(idTimePrefix('msg', -62_000_000_000_000), `msg_${'0'.repeat(10)}`, 'the year 5 BC is the epoch too');
  t.equal(idTimePrefix('msg', 8.64e15), `msg_${'7'}${'z'.repeat(9)}`, 'a date past ULID’s range (year 275760) is its end');
  t.equal(idTimePrefix('msg', at), lowest.slice(0, 'msg_'.length + 10).replace('evt_', 'msg_'), 'the time part of lowestIdAt');
});
