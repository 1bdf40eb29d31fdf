import t from 'tap';
import { FERRETDB_VERSION } from '../helpers/ferretdb.js';
import { freshMongoUrl, openMongoTestHarness } from '../helpers/mongodb.js';
import type { Capability } from '../../core/store/types.js';
import { runStoreConformance } from './conformance.js';

// The whole conformance suite over FerretDB's wire and SQLite backend: 66 s alone in a CI run, and
// past tap's default 120 s while another job loaded the machine. The bound stays: a hang still fails.
t.setTimeout(240_000);

// Not atomic_commit: its commit() writes in order without a transaction (adapters/mongodb/index.ts).
const expectedCapabilities: Capability[] = ['counters', 'claims', 'grouped_counts', 'term_search'];

await runStoreConformance(t, `mongodb on FerretDB ${FERRETDB_VERSION}`, async () => openMongoTestHarness(await freshMongoUrl(false)), expectedCapabilities);
