// store-independent: it opens no store (the SQLite pass runs it once).
// The analyzer turns different forms of a word into the same term, per language.
import t, { type Test } from 'tap';
import { analyzerFor } from '../../core/text/analysis.js';

const same = (t: Test, language: string, a: string, b: string) =>
  t.same(analyzerFor(language).terms(a), analyzerFor(language).terms(b), `${language}: "${a}" ~ "${b}"`);

t.test('English: stop words go, plurals and inflections meet, case and punctuation do not matter', async (t) => {
  t.same(analyzerFor('en').terms('What are the shipping costs?'), ['ship', 'cost']);
  same(t, 'en', 'Refunds', 'refund');
  same(t, 'en', 'cancelling orders', 'cancel order');
  same(t, 'en', 'CONNECTED', 'connected');
});

t.test('German: umlauts survive stemming, then fold', async (t) => {
  same(t, 'de', 'Häuser', 'Haus');
  same(t, 'de', 'die Lieferzeiten', 'Lieferzeit');
  t.same(analyzerFor('de').terms('Wie lange dauert die Lieferung?'), analyzerFor('de').terms('lange dauert Lieferung'));
  same(t, 'de', 'Rückerstattung', 'ruckerstattung');
});

t.test('French: elisions split, accents fold', async (t) => {
  same(t, 'fr', "l'expédition des commandes", 'expedition commande');
  same(t, 'fr', 'Livraisons', 'livraison');
  t.notOk(analyzerFor('fr').terms('le la les de des du').length, 'stop words only');
});

t.test('Romanian: inflected forms share a stem; stop words with or without diacritics', async (t) => {
  same(t, 'ro', 'facturile', 'factura');
  same(t, 'ro', 'clienții', 'clientul');
  same(t, 'ro', 'comenzile', 'comenzii');
  t.same(analyzerFor('ro').terms('această'), []);
  t.same(analyzerFor('ro').terms('aceasta'), [], 'typed without diacritics');
  // s and t with a comma below (the correct letters) or a cedilla (older keyboards): stop words either way.
  t.same(analyzerFor('ro').terms('niște puțin sunteți ați ești'), [], 'comma below');
  t.same(analyzerFor('ro').terms('nişte puţin sunteţi aţi eşti'), [], 'cedilla');
  t.same(analyzerFor('ro').terms('o husă a telefonului'), analyzerFor('ro').terms('husă telefonului'), '"o" and "a" are articles and particles');
});

t.test('French and Romanian modal verbs are stop words like the rest of their verbs', async (t) => {
  same(t, 'fr', 'Je peux payer en trois fois', 'payer trois fois');
  same(t, 'fr', 'Il faut payer', 'payer');
  same(t, 'ro', 'Trebuie să plătesc', 'plătesc');
  same(t, 'ro', 'Vreau să returnez și husa', 'returnez husa');
  same(t, 'ro', 'Puteți livra?', 'livra');
});

t.test('other languages are tokenised and folded; numbers kept; noise dropped', async (t) => {
  t.same(analyzerFor('ja').terms('Größe 42'), ['grosse', '42']);
  t.same(analyzerFor('en').terms(`token ${'x'.repeat(41)} end`), ['token', 'end']);
  t.same(analyzerFor('en').terms('ﬁle'), ['file'], 'NFKC: the ligature is two letters');
});
