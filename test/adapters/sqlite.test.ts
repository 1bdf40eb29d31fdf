import t from 'tap';
import { openSqliteTestHarness } from '../helpers/sqlite.js';
import { runStoreConformance } from './conformance.js';

// Every capability: the SQLite adapter is the reference the others are held to.
await runStoreConformance(t, 'sqlite', () => openSqliteTestHarness(t), ['atomic_commit', 'counters', 'claims', 'grouped_counts', 'term_search']);
