// The leads export on a few thousand leads (JSON Lines and CSV, filters, defused cells, pages read
// as the stream is consumed), and the bounded `q` scan of lists over the same leads.
import t from 'tap';
import { paginateMatching, type ListParams } from '../../core/pagination.js';
import { newId } from '../../core/ids.js';
import { leadExportLines } from '../../plugins/leads/export.js';
import { normalisePhone } from '../../plugins/leads/phone.js';
import { leadMatcher } from '../../plugins/leads/routes.js';
import { declareLeads, newLeadDoc, presentLead } from '../../plugins/leads/collections.js';
import { assertError, buildTestServer } from '../helpers/server.js';

const LEADS = 2500;

t.test('export: every lead, JSON Lines and CSV, filters, pages read as the stream goes', async (t) => {
  const api = await buildTestServer(t);
  const acme = await api.account('professional');
  const tenant = { accountId: acme.id, mode: 'live' as const };
  const create = async (name: string) => (await api.request('POST', '/api/v1/chatbots', { key: acme.live, payload: { name, language: 'de' } })).json;
  const bot = await create('Laden');
  const other = await create('Andere');
  const recorder = api.server.plugins.leads.recorder;

  // The first lead as a conversation captures it, with awkward content; the rest stored as the
  // service stores new leads (newLeadDoc), fifty per second of the test clock: capturing thousands
  // one by one takes minutes on FerretDB, whose lookups are not indexed.
  const first = await recorder.capture(tenant, {
    chatbotId: bot.id,
    conversationId: null,
    source: 'conversation',
    leadId: null,
    details: { name: '=HYPERLINK("http://evil")', email: 'first@example.com', company: 'Quotes "and", commas\nnewlines' },
  });
  const ids = [first.id];
  const repository = declareLeads(api.platform.store).forTenant(tenant);
  for (let start = 1; start < LEADS; start += 50) {
    api.clock.advance(1000);
    const at = api.clock.now();
    const docs = Array.from({ length: Math.min(50, LEADS - start) }, (_, j) => {
      const i = start + j;
      return newLeadDoc({
        id: newId('lead', at.getTime()),
        chatbotId: bot.id,
        conversationId: null,
        source: 'conversation',
        at: at.toISOString(),
        name: `Lead ${i}`,
        email: `lead${i}@example.com`,
        phone: i % 3 === 0 ? normalisePhone(`030 ${1_000_000 + i}`, 'DE') : null,
      });
    });
    await Promise.all(docs.map((doc) => repository.insert(doc)));
    ids.push(...docs.map((doc) => doc.id));
  }
  const ofOther = (await api.request('POST', '/api/v1/leads', { key: acme.live, payload: { chatbot_id: other.id, email: 'x@example.com', custom: { tier: 2 } } })).json;
  await api.request('PATCH', `/api/v1/leads/${ids[1]}`, { key: acme.live, payload: { status: 'qualified', notes: '@mention me' } });
  t.equal(new Set(ids).size, LEADS, `${LEADS} leads`);

  const jsonl = await api.request('GET', `/api/v1/leads/export?chatbot_id=${bot.id}`, { key: acme.live });
  t.equal(jsonl.statusCode, 200);
  t.match(jsonl.headers['content-type'], /^application\/x-ndjson/);
  t.equal(jsonl.headers['content-disposition'], `attachment; filename="leads-${bot.id}.jsonl"`);
  const lines = jsonl.payload.trim().split('\n').map((line) => JSON.parse(line));
  t.equal(lines.length, LEADS, 'every lead, across five pages');
  t.same(lines.map((lead) => lead.id), ids, 'oldest first, once each');
  t.same(lines[1], (await api.request('GET', `/api/v1/leads/${ids[1]}`, { key: acme.live })).json, 'each line is the lead as GET returns it');
  t.equal(lines.find((lead) => lead.email === 'lead3@example.com').phone, '+49301000003', 'phones in E.164');

  const csv = await api.request('GET', `/api/v1/leads/export?format=csv&chatbot_id=${bot.id}`, { key: acme.live });
  t.match(csv.headers['content-type'], /^text\/csv/);
  const rows = csv.payload.split('\r\n');
  t.equal(rows[0], 'id,chatbot_id,conversation_id,name,email,phone,company,status,source,notes,custom,created_at,updated_at');
  t.equal(rows.at(-1), '', 'ends with a line break');
  t.equal(rows.length - 2, LEADS, 'a row per lead under the header');
  t.match(csv.payload, `${ids[0]},${bot.id},,"'=HYPERLINK(""http://evil"")",first@example.com,,"Quotes ""and"", commas\nnewlines",new,conversation,`, 'formulas defused, quotes doubled, commas and newlines quoted');
  t.match(csv.payload, `,qualified,conversation,'@mention me,,`, 'a note starting with @ is defused too');
  const otherCsv = await api.request('GET', `/api/v1/leads/export?format=csv&chatbot_id=${other.id}`, { key: acme.live });
  t.match(otherCsv.payload, `${ofOther.id},${other.id},,,x@example.com,,,new,api,,"{""tier"":2}",`, 'custom as JSON');
  // A chatbot id of control characters filters to nothing and stays out of the header (it was a 500).
  const odd = await api.request('GET', '/api/v1/leads/export?format=csv&chatbot_id=%01%C2%93', { key: acme.live });
  t.equal(odd.statusCode, 200);
  t.equal(odd.headers['content-disposition'], 'attachment; filename="leads.csv"');

  // Filters, as the list takes them (most narrowed to the last batches: FerretDB reads slowly).
  const lineCount = async (query: string) => (await api.request('GET', `/api/v1/leads/export?${query}`, { key: acme.live })).payload.split('\n').filter(Boolean).length;
  const lastBatch = 'created_after=2026-11-21T10:00:49.500Z';
  t.equal(await lineCount(lastBatch), 50, 'without chatbot_id: every chatbot of the account (the last batch and the other chatbot’s lead)');
  t.equal(await lineCount(`created_after=2026-11-21T10:00:48.500Z&chatbot_id=${bot.id}`), LEADS - 1 - 48 * 50, 'the last two batches (lead 0 came first)');
  t.equal(await lineCount('status=qualified'), 1);
  t.equal(await lineCount('source=api'), 1);
  t.equal(await lineCount(`q=lead%20245&${lastBatch}&chatbot_id=${bot.id}`), 9, 'q: "Lead 2451" to "Lead 2459"');
  t.equal(await lineCount(`q=030%201002499&${lastBatch}`), 1, 'q: a phone number as written');
  t.equal(await lineCount(`format=csv&status=lost&chatbot_id=${other.id}`), 1, 'CSV without matches: the header alone');
  assertError(t, await api.request('GET', '/api/v1/leads/export?format=xlsx', { key: acme.live }), 400, 'validation_failed');

  // Pages are read as the consumer asks: a lead made after the first page was read still comes out.
  const recent = { chatbot_id: bot.id, created_at: { gt: '2026-11-21T10:00:47.500Z' } }; // the last three batches: two pages of 100
  const stream = leadExportLines(repository, recent, 'jsonl', undefined, 100);
  const head = await stream.next();
  t.equal(JSON.parse(head.value as string).id, ids[LEADS - 149]);
  const late = await recorder.capture(tenant, { chatbotId: bot.id, conversationId: null, source: 'conversation', leadId: null, details: { email: 'late@example.com' } });
  let rest = 0;
  let last = '';
  for await (const line of stream) {
    rest++;
    last = line;
  }
  t.equal(rest, 149, 'the rest, and the lead made meanwhile');
  t.equal(JSON.parse(last).id, late.id, 'the export had not read ahead: the newest lead is its last line');

  // A `q` list reads a bounded number of leads per page; following next_cursor finds everything.
  const params = (cursor?: string): ListParams => ({ limit: 5, order: 'desc', cursor });
  const matches = leadMatcher('first@example');
  const newest = presentLead((await repository.get(late.id))!);
  const found: string[] = [];
  let pages = 0;
  let emptyButMore = 0;
  let cursor: string | undefined;
  do {
    const page = await paginateMatching(repository, params(cursor), {
      filter: { chatbot_id: bot.id },
      present: presentLead,
      matches: (lead) => matches(lead) || lead.id === newest.id,
      matchKey: 'first@example|late',
      scanLimit: 1000,
      sliceSize: 300,
    });
    pages++;
    t.ok(page.data.length <= 5);
    if (page.data.length === 0 && page.has_more) emptyButMore++;
    found.push(...page.data.map((lead) => lead.id));
    cursor = page.next_cursor ?? undefined;
    t.equal(page.has_more, page.next_cursor !== null);
  } while (cursor);
  t.same(found, [late.id, ids[0]], 'the newest and the oldest, across every scan window');
  t.ok(pages >= Math.ceil((LEADS + 1) / 1000) && pages <= Math.ceil((LEADS + 1) / 1000) + 1, `${pages} pages of at most 1,000 leads read`);
  t.ok(emptyButMore >= 1, 'a window without a match is an empty page that says there is more');
});
