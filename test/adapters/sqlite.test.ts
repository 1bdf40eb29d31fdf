import t from 'tap';
import { openSqliteTestHarness } from '../helpers/sqlite.js';
import { runStoreConformance } from './conformance.js';

await runStoreConformance(t, 'sqlite', () => openSqliteTestHarness(t));
