// store-independent: it opens no store (the SQLite pass runs it once).
// Search folding (core/text/fold.ts): case and accents fold away, and the letters Unicode does not
// decompose are spelled as people type them without. The mutation run (npm run mutate:core) found
// only ß checked: any other of these letters could fold to nothing, or only its first occurrence.
import t from 'tap';
import { foldForSearch } from '../../core/text/fold.js';

t.test('letters Unicode leaves whole fold to their usual spelling', async (t) => {
  const cases: Array<[string, string]> = [
    ['Größe', 'grosse'],
    ['Æsir', 'aesir'],
    ['Œuvre', 'oeuvre'],
    ['Ørsted', 'orsted'],
    ['Đakovo', 'dakovo'],
    ['Łódź', 'lodz'],
    ['ıstanbul', 'istanbul'],
    ['Þór', 'thor'],
  ];
  for (const [text, folded] of cases) t.equal(foldForSearch(text), folded, text);
});

t.test('every occurrence folds, not only the first', async (t) => {
  t.equal(foldForSearch('Straße, Maße und Buße'), 'strasse, masse und busse');
  t.equal(foldForSearch('ææ øø łł þþ'), 'aeae oo ll thth');
});

t.test('case and combining accents fold away', async (t) => {
  t.equal(foldForSearch('Café CRÈME brûlée'), 'cafe creme brulee');
  t.equal(foldForSearch('ﬁle'), 'file', 'compatibility forms too (NFKD)');
});
