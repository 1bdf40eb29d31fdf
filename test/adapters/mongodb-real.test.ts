// The same suite against a real MongoDB, when MONGODB_URL names one.
import t from 'tap';
import { freshMongoUrl, openMongoTestHarness } from '../helpers/mongodb.js';
import type { Capability } from '../../core/store/types.js';
import { runStoreConformance } from './conformance.js';

// Not atomic_commit: its commit() writes in order without a transaction (adapters/mongodb/index.ts).
const expectedCapabilities: Capability[] = ['counters', 'claims', 'grouped_counts', 'term_search'];

if (process.env.MONGODB_URL) {
  await runStoreConformance(t, 'mongodb (MONGODB_URL)', async () => openMongoTestHarness(await freshMongoUrl(true)), expectedCapabilities);
} else {
  t.comment('MONGODB_URL is not set: the conformance suite did NOT run against a real MongoDB (FerretDB only).');
  t.test('conformance on a real MongoDB', { skip: 'MONGODB_URL is not set' }, () => undefined);
}
