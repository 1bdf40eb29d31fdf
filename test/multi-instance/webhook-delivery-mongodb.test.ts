// Webhook delivery across server processes on FerretDB (and MONGODB_URL's server when set). FerretDB
// runs every operation through its own SQLite backend, so the counts are smaller than on SQLite.
import t from 'tap';
import { freshMongoUrl } from '../helpers/mongodb.js';
import { crashScenario, twoServersScenario } from './webhook-delivery.js';

// Four server processes measured for coverage on FerretDB: 66 s alone in a CI run, 93–99 s on a
// busy machine, near the 120 s a file gets by default. The bound stays: a hang still fails the file.
t.setTimeout(240_000);

const stores = [
  { name: 'FerretDB', url: () => freshMongoUrl(false), events: 150 },
  ...(process.env.MONGODB_URL ? [{ name: 'MongoDB (MONGODB_URL)', url: () => freshMongoUrl(true), events: 1000 }] : []),
];

for (const store of stores) {
  t.test(`${store.name}: SIGKILL in the middle of ${store.events} deliveries, restart: every event arrives`, async (t) =>
    crashScenario(t, await store.url(), store.events),
  );
  t.test(`${store.name}: two servers on one store deliver each event once`, async (t) => twoServersScenario(t, await store.url(), 100));
}
