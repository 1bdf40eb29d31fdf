// Webhook delivery across server processes on one SQLite file (scenarios in webhook-delivery.ts).
import path from 'node:path';
import t from 'tap';
import { temporaryDirectory } from '../helpers/sqlite.js';
import { crashScenario, twoServersScenario } from './webhook-delivery.js';

function sqliteUrl(): string {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  return `sqlite:${path.join(dir, 'shared.sqlite')}`;
}

t.test('SIGKILL in the middle of 1,000 deliveries, restart: every event arrives', (t) => crashScenario(t, sqliteUrl(), 1000));
t.test('two servers on one store deliver each of 300 events once', (t) => twoServersScenario(t, sqliteUrl(), 300));
