// What every benchmark starts with: a server on a fresh SQLite file in a temporary directory, an
// Enterprise account (no rate limit), and a keyed in-process call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import pino from 'pino';
import { loadConfig, type Config, type DeepPartial } from '../config/index.js';
import { createAccountWithKeys } from '../core/auth/bootstrap.js';
import type { Platform } from '../core/platform.js';
import { createServer } from '../app/server.js';

export interface BenchServer {
  server: Server;
  platform: Platform;
  accountId: string;
  /** Authorization and content type for the account's live key. */
  headers: Record<string, string>;
  /** An in-process request that must succeed; returns the JSON body. */
  call(method: string, url: string, payload?: unknown): Promise<Record<string, unknown>>;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
}

export async function benchServer(name: string, overrides: DeepPartial<Config> = {}): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `cbp-bench-${name}-`));
  const config = loadConfig({
    env: {},
    file: null,
    overrides: { data_dir: dir, database: { url: `sqlite:${path.join(dir, 'bench.sqlite')}` }, log: { level: 'silent' }, ...overrides },
  });
  const { server, platform } = await createServer(config, { logger: pino({ level: 'silent' }) });
  const { account, liveKey } = await createAccountWithKeys(platform, { name: 'Bench', plan: 'enterprise' });
  const headers = { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json' };
  return {
    server,
    platform,
    accountId: account.id,
    headers,
    async call(method, url, payload) {
      const response = await server.inject({ method, url, payload: payload === undefined ? undefined : JSON.stringify(payload), headers });
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
      return JSON.parse(response.payload) as Record<string, unknown>;
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
