// A MongoDB store that is momentarily busy answers a 503 with Retry-After, never a 500. On FerretDB
// (its SQLite backend) a database another connection holds locked is a real "database is locked
// (SQLITE_BUSY)" after FerretDB's own wait: the store maps it to StoreUnavailableError, the API to
// 503 `unavailable`. MongoDB's own kinds of "busy now" (a write conflict, a lock not had in time, a
// transaction labelled TransientTransactionError) are mapped the same way, checked on the driver's
// own error type.
import Database from 'better-sqlite3';
import { MongoServerError } from 'mongodb';
import t from 'tap';
import { mapMongoError } from '../../adapters/mongodb/errors.js';
import { openMongoStore } from '../../adapters/mongodb/index.js';
import { toBoom } from '../../core/errors.js';
import { StoreUnavailableError } from '../../core/store/errors.js';
import { sharedFerretDb, uniqueDatabaseName } from '../helpers/ferretdb.js';

t.setTimeout(120_000); // FerretDB waits about 20 s for the lock before it answers

t.test('FerretDB with the database locked by another connection: a 503 with Retry-After, and writes again once it is free', async (t) => {
  const ferret = await sharedFerretDb();
  const name = uniqueDatabaseName();
  const store = openMongoStore(ferret.url(name), { serverSelectionTimeoutMs: 5000 });
  t.teardown(() => store.close());
  const things = store.collection<{ n: number }>({ name: 'things', scope: 'global' });
  await store.init();
  await things.global().insert({ id: 'first', n: 1 });

  const holder = new Database(ferret.databaseFile(name));
  t.teardown(() => holder.close());
  holder.exec('BEGIN EXCLUSIVE');
  const error = await things.global().insert({ id: 'second', n: 2 }).then(
    () => null,
    (caught: unknown) => caught,
  );
  holder.exec('ROLLBACK');
  t.ok(error instanceof StoreUnavailableError, `a StoreUnavailableError (${(error as Error | null)?.name}: ${(error as Error | null)?.message})`);
  t.match(String((error as Error).cause), /database is locked|SQLITE_BUSY/, 'FerretDB said the database is locked');
  const boom = toBoom(error as Error);
  t.equal(boom.output.statusCode, 503);
  t.equal((boom.data as { code?: string }).code, 'unavailable');
  t.ok(Number(boom.output.headers['Retry-After']) > 0, 'with Retry-After');
  t.equal(await things.global().get('second'), null, 'nothing was written');
  await things.global().insert({ id: 'second', n: 2 });
  t.equal((await things.global().get('second'))?.n, 2, 'once the lock is gone, the write goes through');
});

t.test('MongoDB’s kinds of busy: write conflict, lock timeout, TransientTransactionError', async (t) => {
  const busy = [
    new MongoServerError({ message: 'WriteConflict error: this operation conflicted with another operation', code: 112 }),
    new MongoServerError({ message: 'Unable to acquire lock', code: 24 }),
    new MongoServerError({ message: 'Transaction was aborted', code: 251, errorLabels: ['TransientTransactionError'] }),
  ];
  for (const error of busy) {
    const mapped = mapMongoError(error, 'things', () => undefined);
    t.ok(mapped instanceof StoreUnavailableError, `${error.message}: StoreUnavailableError`);
    t.equal(toBoom(mapped).output.statusCode, 503);
  }
  const other = mapMongoError(new MongoServerError({ message: 'unknown operator: $foo', code: 2 }), 'things', () => undefined);
  t.notOk(other instanceof StoreUnavailableError, 'a bad query is not "busy": it stays an error of its own');
});
