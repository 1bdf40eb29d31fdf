// The same suite against a real MongoDB, when MONGODB_URL names one.
import t from 'tap';
import { freshMongoUrl, openMongoTestHarness } from '../helpers/mongodb.js';
import { runStoreConformance } from './conformance.js';

if (process.env.MONGODB_URL) {
  await runStoreConformance(t, 'mongodb (MONGODB_URL)', async () => openMongoTestHarness(await freshMongoUrl(true)));
} else {
  t.comment('MONGODB_URL is not set: the conformance suite did NOT run against a real MongoDB (FerretDB only).');
  t.test('conformance on a real MongoDB', { skip: 'MONGODB_URL is not set' }, () => undefined);
}
