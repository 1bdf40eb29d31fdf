import t from 'tap';
import { FERRETDB_VERSION } from '../helpers/ferretdb.js';
import { freshMongoUrl, openMongoTestHarness } from '../helpers/mongodb.js';
import type { Capability } from '../../core/store/types.js';
import { runStoreConformance } from './conformance.js';

// Not atomic_commit: its commit() writes in order without a transaction (adapters/mongodb/index.ts).
const expectedCapabilities: Capability[] = ['counters', 'claims', 'grouped_counts', 'term_search'];

await runStoreConformance(t, `mongodb on FerretDB ${FERRETDB_VERSION}`, async () => openMongoTestHarness(await freshMongoUrl(false)), expectedCapabilities);
