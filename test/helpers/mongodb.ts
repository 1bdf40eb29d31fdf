// A fresh MongoDB-wire database per harness (FerretDB or a real MongoDB), and a side channel that
// reads documents with a separate client, not the adapter's code.
import { Binary, MongoClient } from 'mongodb';
import { openMongoStore } from '../../adapters/mongodb/index.js';
import type { Store } from '../../core/store/types.js';
import type { RawRecord, StoreHarness } from '../adapters/conformance.js';
import { sharedFerretDb, uniqueDatabaseName } from './ferretdb.js';

/** The URL of a new, empty database: on MONGODB_URL's server when `real`, else on FerretDB. */
export async function freshMongoUrl(real: boolean): Promise<string> {
  const name = uniqueDatabaseName();
  if (!real) return (await sharedFerretDb()).url(name);
  const base = process.env.MONGODB_URL;
  if (!base) throw new Error('MONGODB_URL is not set');
  const url = new URL(base.replace(/^mongodb(\+srv)?:/, 'http:'));
  const scheme = base.startsWith('mongodb+srv:') ? 'mongodb+srv:' : 'mongodb:';
  return `${scheme}//${url.username ? `${url.username}:${url.password}@` : ''}${url.host}/${name}${url.search}`;
}

export async function openMongoTestHarness(url: string): Promise<StoreHarness> {
  const store = openMongoStore(url, { serverSelectionTimeoutMs: 5000 });
  const peers: Store[] = [store];
  const side = new MongoClient(url);
  return {
    store,
    async openPeer() {
      const peer = openMongoStore(url, { serverSelectionTimeoutMs: 5000 });
      peers.push(peer);
      return peer;
    },
    async raw(collection, id): Promise<RawRecord | null> {
      const document = await side.db().collection(collection).findOne({ _id: id as never });
      if (!document) return null;
      const { _id, _account, _mode, _version, _lease_owner, _lease_until, _attempts, ...doc } = document;
      // A BinData field is the store's binary type: reported apart from the document, as SQLite's bytes column.
      const binary = Object.entries(doc).find(([, value]) => value instanceof Binary);
      if (binary) delete doc[binary[0]];
      return {
        id: String(_id),
        accountId: (_account as string) || null,
        mode: (_mode as string) || null,
        version: _version as number,
        doc,
        ...(binary ? { bytes: Buffer.from((binary[1] as Binary).value()) } : {}),
      };
    },
    async close() {
      for (const peer of peers) await peer.close();
      await side.db().dropDatabase().catch(() => undefined);
      await side.close();
    },
  };
}
