// A fresh SQLite file per harness, and a side channel that reads rows without the adapter's code.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import { openSqliteStore } from '../../adapters/sqlite/index.js';
import type { RawRecord, StoreHarness } from '../adapters/conformance.js';

export function temporaryDirectory(prefix = 'cbp-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function openSqliteTestHarness(_t?: Test): Promise<StoreHarness> {
  const { dir, remove } = temporaryDirectory('cbp-store-');
  const file = path.join(dir, 'store.sqlite');
  const store = openSqliteStore(file);
  const peers = [store];
  return {
    store,
    async openPeer() {
      const peer = openSqliteStore(file);
      peers.push(peer);
      return peer;
    },
    async raw(collection, id): Promise<RawRecord | null> {
      const side = new Database(file, { readonly: true });
      try {
        // Every column: a collection with a binary field has a bytes column (`bin`) too.
        const row = side.prepare(`SELECT * FROM c_${collection} WHERE id = ?`).get(id) as
          | { id: string; account_id: string; mode: string; version: number; doc: string; bin?: unknown }
          | undefined;
        if (!row) return null;
        return {
          id: row.id,
          accountId: row.account_id || null,
          mode: row.mode || null,
          version: row.version,
          doc: JSON.parse(row.doc) as Record<string, unknown>,
          ...(Buffer.isBuffer(row.bin) ? { bytes: row.bin } : {}),
        };
      } finally {
        side.close();
      }
    },
    async close() {
      for (const peer of peers) await peer.close();
      remove();
    },
  };
}
