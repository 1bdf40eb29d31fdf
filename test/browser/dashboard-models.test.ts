// The Models page in a real browser (issue 31): the owner adds an OpenAI-compatible provider with a
// key (never shown again), tests it against a local fake model server speaking the published
// protocol (the chat model's answer, the embeddings' dimensions), sees a failing provider's reason
// in words, picks the provider for a chatbot's LLM answers and hybrid retrieval on the Behaviour
// tab, and the chatbot answers through it. A provider in use cannot be deleted; an unused one can. No request is
// intercepted. axe-core on the page with a test report and the form, desktop and phone.
import t from 'tap';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { dailyFixture, describeViolations, DESKTOP, PHONE, screenshot, scrollsSideways, seriousViolations } from '../helpers/dashboard-daily.js';
import { until } from '../helpers/widget-site.js';

const KEY = 'sk-dashboard-model-key-4242';

t.test('the owner adds, tests and uses a model provider', async (t) => {
  const llm = await startFakeLlm(t);
  // The fake listens on loopback: the operator allows it, as one would a LAN's Ollama.
  const d = await dailyFixture(t, { config: { model_providers: { allowed_cidrs: ['127.0.0.1/32'] } } });
  await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/knowledge`, {
    type: 'document',
    format: 'markdown',
    title: 'Returns policy',
    content: '# Returns\n\nRefunds reach your card within five working days.',
  });
  await d.api.server.plugins.knowledge.worker.drain();

  const owner = await d.dashboard({ hash: '#/models' });
  const { page } = owner;
  owner.expectHttpError(/^409 DELETE \/api\/v1\/model-providers\/mp_/, 'deleting the provider a chatbot uses');
  await d.signIn(page, d.owner);
  await page.getByRole('heading', { level: 1, name: 'Models' }).waitFor();
  await page.getByRole('heading', { name: 'No model providers yet' }).waitFor();

  const add = async (fields: { name: string; url: string; key?: string; chat: string; embedding: string }) => {
    await page.getByRole('button', { name: 'Add a provider' }).click();
    const form = page.getByRole('form', { name: 'Add a model provider' });
    await form.getByLabel('Name').fill(fields.name);
    await form.getByLabel('Type').selectOption('openai');
    await form.getByLabel('Address').fill(fields.url);
    if (fields.key) await form.getByLabel('API key').fill(fields.key);
    await form.getByLabel('Chat model').fill(fields.chat);
    await form.getByLabel('Embedding model').fill(fields.embedding);
    await form.getByRole('button', { name: 'Add provider' }).click();
    await page.getByRole('heading', { level: 2, name: fields.name }).waitFor();
  };
  await add({ name: 'Gateway', url: `${llm.url}/v1`, key: KEY, chat: 'cite', embedding: 'embed' });
  const card = page.getByRole('article', { name: 'Gateway' });
  t.match(await card.innerText(), /…4242/, 'the key’s last four characters, nothing more');
  t.notMatch(await page.content(), KEY, 'the key is nowhere in the page once sent');

  await card.getByRole('button', { name: 'Test Gateway' }).click();
  const report = card.getByRole('region', { name: 'Test of Gateway' });
  await report.waitFor();
  t.match(await report.getByRole('row').filter({ hasText: 'Chat' }).innerText(), /works[\s\S]*ms[\s\S]*answered “no sources \[1\]”/i, 'the chat model answered');
  t.match(await report.getByRole('row').filter({ hasText: 'Embeddings' }).innerText(), /works[\s\S]*8 dimensions/i, 'the embedding model’s dimensions');
  t.equal(llm.calls.filter((call) => call.authorization === `Bearer ${KEY}`).length, 2, 'both calls carried the key the owner typed');

  await add({ name: 'Broken', url: `${llm.url}/v1`, chat: 'fail', embedding: 'garbage' });
  const broken = page.getByRole('article', { name: 'Broken' });
  await broken.getByRole('button', { name: 'Test Broken' }).click();
  const brokenReport = broken.getByRole('region', { name: 'Test of Broken' });
  await brokenReport.getByText('The provider answered HTTP 500').waitFor();
  await brokenReport.getByText('The provider’s reply is not valid JSON').waitFor();
  t.pass('a failing provider’s reasons, in words');

  // The chatbot's Behaviour tab: LLM answers with the provider just added.
  await page.goto(`${d.base}/dashboard#/chatbots/${d.chatbot.id}/behaviour`);
  await page.getByLabel('Answer mode').selectOption('llm');
  await page.getByLabel('Provider', { exact: true }).selectOption({ label: 'Gateway (cite)' });
  await page.getByLabel('Retrieval').selectOption('hybrid');
  await page.getByLabel('Embedding provider').selectOption({ label: 'Gateway (embed)' });
  await page.getByRole('button', { name: 'Save behaviour' }).click();
  await page.getByRole('status').filter({ hasText: 'Behaviour saved' }).first().waitFor();
  const providers = await d.call('GET', '/api/v1/model-providers');
  const gateway = providers.data.find((provider: { name: string }) => provider.name === 'Gateway');
  const settings = await d.call('GET', `/api/v1/chatbots/${d.chatbot.id}/settings`);
  t.match(settings.answer, { mode: 'llm', provider: gateway.id, retrieval: 'hybrid', embedding_provider: gateway.id }, 'saved with the provider’s id, for answers and for meaning');
  await d.api.server.plugins.knowledge.semantic.drain();
  t.ok(llm.embedded.some((text) => text.includes('Refunds reach your card')), 'saving turned embedding of the knowledge on');

  const conversation = await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/conversations`, {});
  const turn = await d.call('POST', `/api/v1/chatbots/${d.chatbot.id}/conversations/${conversation.id}/messages`, { content: 'When do refunds reach my card?' });
  t.match(turn.reply, { answer_type: 'llm', content: 'Refunds reach your card within five working days. [1]' }, 'the chatbot answers through it');

  // In use: refused in words; unused: gone.
  await page.goto(`${d.base}/dashboard#/models`);
  await page.getByRole('button', { name: 'Delete Gateway' }).click();
  await page.getByRole('dialog', { name: 'Delete Gateway?' }).getByRole('button', { name: 'Delete provider' }).click();
  await page.getByText(/answers for chatbots/).first().waitFor();
  t.pass('a provider a chatbot uses is not deleted, and the page says why');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete Broken' }).click();
  await page.getByRole('dialog', { name: 'Delete Broken?' }).getByRole('button', { name: 'Delete provider' }).click();
  await until(async () => (await page.getByRole('article', { name: 'Broken' }).count()) === 0, 'Broken is gone');
  t.same((await d.call('GET', '/api/v1/model-providers')).data.map((provider: { name: string }) => provider.name), ['Gateway'], 'the API holds what the page shows');
  t.same(owner.unexpectedErrors(), [], 'no console errors but the declared ones');

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const scan = await d.dashboard({ viewport, hash: '#/models' });
    await d.signIn(scan.page, d.owner);
    const scanned = scan.page.getByRole('article', { name: 'Gateway' });
    await scanned.getByRole('button', { name: 'Test Gateway' }).click();
    await scanned.getByRole('region', { name: 'Test of Gateway' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `models page with a test report, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `models page, ${device}: no sideways scrolling`);
    await screenshot(scan.page, `dashboard-models-${device}`);
    await scan.page.getByRole('button', { name: 'Edit Gateway' }).click();
    await scan.page.getByRole('form', { name: 'Edit Gateway' }).waitFor();
    t.same(describeViolations(await seriousViolations(scan.page)), '', `provider form, ${device}: no serious or critical axe violations`);
    t.notOk(await scrollsSideways(scan.page), `provider form, ${device}: no sideways scrolling`);
  }
});
