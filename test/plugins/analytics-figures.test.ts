// addFigures names each counter (for speed): every numeric field of a bucket must be among them.
import t from 'tap';
import { addFigures, emptyFigures, isEmptyFigures } from '../../plugins/analytics/figures.js';

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
