// store-independent: it opens no store (the SQLite pass runs it once).
// Names in a message (core/text/names.ts): words written as products, brands and services are
// (inner capitals, all capitals), read from the message as typed.
import fc from 'fast-check';
import t from 'tap';
import { namesIn } from '../../core/text/names.js';

t.test('inner capitals and all-capital words are names; a capital initial is not', async (t) => {
  t.same(namesIn('How do I reset my iPhone password?'), ['iPhone']);
  t.same(namesIn('Kann ich mit PayPal zahlen, oder per WhatsApp bestellen?'), ['PayPal', 'WhatsApp']);
  t.same(namesIn('Versenden Sie mit DHL oder UPS?'), ['DHL', 'UPS']);
  t.same(namesIn('Wie lange gilt die Garantie für ein Fahrrad?'), [], 'German nouns are capitalised: no names');
  t.same(namesIn('Do you ship to Portugal? I live in Lisbon.'), [], 'places with a capital initial are asked about with the general answer in mind');
  t.same(namesIn('I want a 4K screen and a USB-C cable'), ['USB-C'], 'one letter in capitals ("4K", "I") is no name');
  t.same(namesIn('iPhone or iPhone?'), ['iPhone'], 'each name once');
  t.same(namesIn(''), []);
});

t.test('a message typed in capitals says nothing by them; inner capitals still count', async (t) => {
  t.same(namesIn('HOW LONG DOES DELIVERY TAKE?'), []);
  t.same(namesIn('WHERE IS MY ORDER, I PAID WITH PayPal'), ['PayPal']);
  t.same(namesIn('Do you ship with DHL?'), ['DHL'], 'one word in capitals among others is a name');
});

t.test('hostile input: a long message is read in one pass', async (t) => {
  // No timing assertion: a backtracking pattern would not return at all for these sizes.
  const long = `${'aB'.repeat(50_000)} ${'a'.repeat(100_000)} ${'A'.repeat(100_000)} ${'x, '.repeat(50_000)}`;
  const names = namesIn(long);
  t.equal(names.length, 2, 'the mixed-case word and the capitals word');
  t.same(namesIn('a'.repeat(200_000) + 'B'), [`${'a'.repeat(200_000)}B`]);
});

t.test('any message: each name is a word of it, once, with an inner capital or two capitals; none in lower case', async (t) => {
  const letters = fc.constantFrom('a', 'B', 'é', 'Ș', 'z', 'Q', '4', ' ', '-', '’', '.', '?', '\n', 'İ', 'ß');
  const message = fc.array(letters, { maxLength: 200 }).map((characters) => characters.join(''));
  const property = fc.property(message, (text) => {
    const names = namesIn(text);
    if (new Set(names).size !== names.length) return false;
    if (namesIn(text.toLowerCase()).length > 0) return false;
    return names.every((name) => text.includes(name) && (/\p{Ll}\p{Lu}/u.test(name) || (name.match(/\p{Lu}/gu)?.length ?? 0) >= 2));
  });
  t.doesNotThrow(() => fc.assert(property, { seed: 37, numRuns: 2000 }));
});
