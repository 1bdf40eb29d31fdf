// store-independent: it opens no store (the SQLite pass runs it once).
// addFigures names each counter (for speed): every numeric field of a bucket must be among them.
// A timeseries sums only the parts of the figures its metric needs, and gets the same values.
// Buckets keep the most asked and the most unanswered question groups. Paging by a field refuses a
// record that lacks it.
import t from 'tap';
import { recordsInPages } from '../../core/export.js';
import { addFigures, emptyFigures, figurePartsOf, isEmptyFigures, metricOf, METRICS, presentFigures } from '../../plugins/analytics/figures.js';
import { GROUPS_PER_LIST, keptGroups } from '../../plugins/analytics/groups.js';

t.test('addFigures adds every counter, the ended-by-start map and the sketch', async (t) => {
  const one = emptyFigures() as unknown as Record<string, unknown>;
  const counters = Object.keys(one).filter((field) => typeof one[field] === 'number');
  for (const field of counters) one[field] = 1;
  const figures = one as unknown as ReturnType<typeof emptyFigures>;
  figures.ended_by_start_hour = { '3600000': 2 };
  figures.response_time_sketch = { zero: 1, offset: 5, counts: [1, 0, 2] };
  const sum = addFigures(addFigures(emptyFigures(), figures), figures) as unknown as Record<string, unknown>;
  t.same(counters.filter((field) => sum[field] !== 2), [], `each of ${counters.length} counters added`);
  t.same(sum.ended_by_start_hour, { '3600000': 4 });
  t.same(sum.response_time_sketch, { zero: 2, offset: 5, counts: [2, 0, 4] });
  t.ok(isEmptyFigures(emptyFigures()));
  t.notOk(isEmptyFigures(figures));
});

t.test('addFigures with sign -1 takes an hour out of a day: the rest of its hours, every counter and the sketch', async (t) => {
  const hour = (n: number, offset: number) => {
    const figures = emptyFigures() as unknown as Record<string, unknown>;
    for (const field of Object.keys(figures)) if (typeof figures[field] === 'number') figures[field] = n;
    const typed = figures as unknown as ReturnType<typeof emptyFigures>;
    typed.ended_by_start_hour = { [String(n * 3_600_000)]: n };
    typed.response_time_sketch = { zero: n, offset, counts: [n, 0, n] };
    return typed;
  };
  const [a, b, c] = [hour(1, 3), hour(2, 5), hour(3, 9)];
  const day = addFigures(addFigures(addFigures(emptyFigures(), a), b), c);
  const rest = addFigures(addFigures(emptyFigures(), day), b, -1);
  const expected = addFigures(addFigures(emptyFigures(), a), c);
  t.same(rest.conversations_started, 4);
  t.same(rest.tokens_out, 4);
  t.same(rest.response_time_sketch.zero, expected.response_time_sketch.zero);
  // The rest's sketch spans the day's bins (b's are zeros now); every bin's count is the other hours'.
  const bins = (sketch: typeof rest.response_time_sketch) => Object.fromEntries(sketch.counts.map((count, i) => [sketch.offset + i, count]).filter(([, count]) => count !== 0));
  t.same(bins(rest.response_time_sketch), bins(expected.response_time_sketch));
  t.same(Object.fromEntries(Object.entries(rest.ended_by_start_hour).filter(([, count]) => count !== 0)), expected.ended_by_start_hour);
  const { response_time_sketch: _a, ended_by_start_hour: _b, ...restCounters } = rest;
  const { response_time_sketch: _c, ended_by_start_hour: _d, ...expectedCounters } = expected;
  t.same(restCounters, expectedCounters, 'every counter');
});

t.test('a timeseries adds only the parts its metric needs, and every metric comes out the same', async (t) => {
  const hour = (n: number) => {
    const figures = emptyFigures() as unknown as Record<string, unknown>;
    for (const field of Object.keys(figures)) if (typeof figures[field] === 'number') figures[field] = n * 7 + 3;
    const typed = figures as unknown as ReturnType<typeof emptyFigures>;
    typed.resolved = n; // rates other than 1/3
    typed.ended_by_start_hour = { [String(n * 3_600_000)]: n };
    typed.response_time_sketch = { zero: 0, offset: 40 + n, counts: [n, 2 * n, 1] };
    return typed;
  };
  const hours = [hour(1), hour(2), hour(5)];
  const lean = addFigures(emptyFigures(), hours[0]!, 1, figurePartsOf('messages'));
  t.same(lean.ended_by_start_hour, {}, 'the ended-by-start counts are left out…');
  t.same(lean.response_time_sketch.counts, [], '…and so is the sketch, for a metric that needs neither');
  t.equal(lean.messages_user, 10, 'the counters are added');
  for (const metric of METRICS) {
    const parts = figurePartsOf(metric);
    const full = hours.reduce((sum, figures) => addFigures(sum, figures), emptyFigures());
    const partial = hours.reduce((sum, figures) => addFigures(sum, figures, 1, parts), emptyFigures());
    t.equal(metricOf(presentFigures(partial, 0), metric), metricOf(presentFigures(full, 0), metric), `${metric}: the same value`);
  }
  t.equal(figurePartsOf('response_time_p95').sketch, true, 'the percentiles read the sketch');
});

t.test('a bucket keeps the most asked and the most unanswered groups', async (t) => {
  const group = (key: string, count: number, unanswered: number) => ({ key, text: key, conversation_id: 'conv_1', count, unanswered });
  const few = [group('a', 1, 0), group('b', 2, 1)];
  t.same(keptGroups(few), few, 'all of them when few');
  const asked = Array.from({ length: GROUPS_PER_LIST }, (_, i) => group(`asked ${i}`, 10, 0));
  const failed = Array.from({ length: GROUPS_PER_LIST + 20 }, (_, i) => group(`failed ${i}`, 1, 1));
  const kept = keptGroups([...failed, ...asked]);
  t.equal(kept.filter((g) => g.key.startsWith('asked')).length, GROUPS_PER_LIST, 'every most-asked group stays beside the unanswered ones');
  t.equal(kept.filter((g) => g.key.startsWith('failed')).length, GROUPS_PER_LIST, '500 of the unanswered');
});

t.test('recordsInPages by a field refuses a page ending on a record without it', async (t) => {
  const records = [{ id: 'a', day: '1' }, { id: 'b' }];
  const repository = { list: async () => records } as any;
  await t.rejects(async () => {
    for await (const _ of recordsInPages(repository, {}, 2, 'day'));
  }, /day is missing on b/);
  const nested = [{ id: 'a', visitor: { email: 'x' } }, { id: 'b', visitor: { email: 'y' } }];
  const seen: unknown[] = [];
  const paged = { list: async (query: any) => (seen.push(query.after), query.after ? [] : nested) } as any;
  for await (const _ of recordsInPages(paged, {}, 2, 'visitor.email'));
  t.same(seen[1], { id: 'b', value: 'y' }, 'a dotted field is read from the nested document');
});
