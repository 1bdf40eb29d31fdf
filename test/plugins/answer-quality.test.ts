// Answer quality in four languages: questions phrased differently from the knowledge must get the
// right answer (the right source), unrelated ones the fallback. Accuracy is printed per language
// and must stay above a floor, so a change that makes answers worse fails here.
import t from 'tap';
import { QUALITY_SETS } from '../fixtures/answer-quality.js';
import { buildTestServer } from '../helpers/server.js';

/** The floor per language; the measured accuracy is printed (and reported in bench/RESULTS.md). */
const MIN_ACCURACY = 0.8;

t.test('paraphrased questions and unrelated ones, per language', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const report: string[] = [];
  let correctTotal = 0;
  let askedTotal = 0;

  for (const set of QUALITY_SETS) {
    const bot = (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name: `Shop ${set.language}`, language: set.language } })).json;
    const ids: string[] = [];
    for (const pair of set.qa) {
      const item = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, { key: acme.live, payload: { type: 'qa', ...pair } });
      ids.push(item.json.id);
    }
    const doc = await api.request('POST', `/api/v1/chatbots/${bot.id}/knowledge`, {
      key: acme.live,
      payload: { type: 'document', format: 'markdown', ...set.document },
    });
    await api.server.plugins.knowledge.worker.drain();
    const conv = (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations`, { key: acme.live })).json;
    const ask = async (content: string) =>
      (await api.request('POST', `/api/v1/chatbots/${bot.id}/conversations/${conv.id}/messages`, { key: acme.live, payload: { content } })).json.reply;

    let correct = 0;
    const misses: string[] = [];
    for (const { ask: question, expect } of set.questions) {
      const reply = await ask(question);
      const expectedId = typeof expect === 'number' ? ids[expect] : doc.json.id;
      const right =
        reply.answer_type !== 'fallback' &&
        reply.sources[0]?.document_id === expectedId &&
        (typeof expect === 'number' ? reply.content.includes(set.qa[expect]!.answer) : reply.content.includes(expect.doc));
      if (right) correct++;
      else misses.push(`  ✗ ${question} → ${reply.answer_type} ${reply.confidence}: ${reply.content.slice(0, 80)}`);
    }
    for (const question of set.unrelated) {
      const reply = await ask(question);
      if (reply.answer_type === 'fallback') correct++;
      else misses.push(`  ✗ (unrelated) ${question} → ${reply.answer_type} ${reply.confidence}: ${reply.content.slice(0, 80)}`);
    }
    const asked = set.questions.length + set.unrelated.length;
    const accuracy = correct / asked;
    correctTotal += correct;
    askedTotal += asked;
    report.push(`${set.language}: ${correct}/${asked} = ${(accuracy * 100).toFixed(1)}%`, ...misses);
    t.ok(accuracy >= MIN_ACCURACY, `${set.language}: accuracy ${(accuracy * 100).toFixed(1)}% ≥ ${MIN_ACCURACY * 100}%`);
  }
  report.push(`all: ${correctTotal}/${askedTotal} = ${((correctTotal / askedTotal) * 100).toFixed(1)}%`);
  t.comment(`answer quality\n${report.join('\n')}`);
});
