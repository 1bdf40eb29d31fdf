// Test helpers for plugin authors (`chatbot-platform/testing`, docs/PLUGINS.md): a real platform
// with their plugin registered, on a fresh SQLite file or a fresh MongoDB database, requests
// through hapi's inject, accounts made as the CLI makes them, and the conformance checks the
// built-in areas pass (routes documented and validated, 401 without credentials, no 500 on bad
// input, events in the webhook list). Runs under tsx (tap's TypeScript runner uses it).
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Server, ServerInjectResponse } from '@hapi/hapi';
import pino from 'pino';
import { loadConfig, type Config, type DeepPartial } from '../config/index.js';
import type { PlanName } from '../config/plans.js';
import { createAccountWithKeys } from '../core/auth/bootstrap.js';
import type { PlatformPlugin } from '../core/plugin-api/index.js';
import { createServer, type PlatformServer } from './server.js';

/** hapi's inject response, with the body parsed as JSON (null when it is not JSON). */
export type TestResponse = ServerInjectResponse & { json: any };

/** A request through hapi's inject: `key` becomes `Authorization: Bearer <key>`, `payload` JSON. */
export async function injectRequest(
  server: Server,
  method: string,
  url: string,
  { key, payload, headers = {} }: { key?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse> {
  const response = await server.inject({
    method,
    url,
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: {
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
  });
  let json: unknown = null;
  try {
    json = JSON.parse(response.payload);
  } catch {
    json = null;
  }
  return Object.assign(response, { json });
}

export interface PluginTestPlatform extends PlatformServer {
  databaseUrl: string;
  /** A request through hapi's inject: `key` becomes `Authorization: Bearer <key>`, `payload` JSON. */
  request(method: string, url: string, options?: { key?: string; payload?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  /** An account with its live and test keys, as `accounts create` makes it. */
  account(plan?: PlanName): Promise<{ id: string; live: string; test: string }>;
  /** The OpenAPI document the server serves. */
  openApi(): Promise<any>;
  close(): Promise<void>;
}

export interface PluginTestOptions {
  plugins: PlatformPlugin[];
  /**
   * The store: a `mongodb://` URL (a fresh database is made on its server for each platform), a
   * `sqlite:` URL, or, by default, PLUGIN_TEST_MONGODB_URL when set, else a new SQLite file.
   */
  databaseUrl?: string;
  /** The clock (tests move it); default the real one. */
  now?: () => Date;
  config?: DeepPartial<Config>;
}

function freshDatabaseUrl(given: string | undefined, dir: string): string {
  const url = given ?? process.env.PLUGIN_TEST_MONGODB_URL ?? `sqlite:${path.join(dir, 'test.sqlite')}`;
  if (!url.startsWith('mongodb')) return url;
  const parsed = new URL(url.replace(/^mongodb(\+srv)?:/, 'http:'));
  const scheme = url.startsWith('mongodb+srv:') ? 'mongodb+srv:' : 'mongodb:';
  const auth = parsed.username ? `${parsed.username}:${parsed.password}@` : '';
  return `${scheme}//${auth}${parsed.host}/plugin_test_${randomBytes(6).toString('hex')}${parsed.search}`;
}

export async function startPluginTestPlatform(options: PluginTestOptions): Promise<PluginTestPlatform> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cbp-plugin-'));
  const databaseUrl = freshDatabaseUrl(options.databaseUrl, dir);
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      data_dir: dir,
      database: { url: databaseUrl },
      log: { level: 'silent' },
      ...options.config,
      // Every response checked against its route's schema: a plugin's schema drift is a 500 here.
      server: { response_validation_percent: 100, ...options.config?.server },
    },
  });
  const { server, platform } = await createServer(config, {
    logger: pino({ level: 'silent' }),
    ...(options.now ? { now: options.now } : {}),
    externalPlugins: options.plugins,
  });
  const request: PluginTestPlatform['request'] = (method, url, options) => injectRequest(server, method, url, options);
  return {
    server,
    platform,
    databaseUrl,
    request,
    async account(plan = 'starter') {
      const created = await createAccountWithKeys(platform, { name: 'Plugin test', plan });
      return { id: created.account.id, live: created.liveKey, test: created.testKey };
    },
    async openApi() {
      const response = await request('GET', '/api/v1/openapi.json');
      if (response.statusCode !== 200) throw new Error(`The OpenAPI document failed: ${response.statusCode} ${response.payload.slice(0, 500)}`);
      return response.json;
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const BODIES_THAT_MUST_FAIL: unknown[] = [{ unexpected_field: true }, 'not json', [1, 2]];

/**
 * The rules of the built-in areas, checked on a plugin's routes: each is in the OpenAPI document
 * with every status it answers here; without credentials it is 401 `missing_credentials`; unknown
 * ids and bad bodies are 4xx in the error shape, never a 500; its event types are in the webhook
 * event list. Returns the problems found (none: conformant).
 */
export async function checkPluginConformance(test: PluginTestPlatform, plugin: PlatformPlugin): Promise<string[]> {
  const problems: string[] = [];
  const routes = test.server.table().filter((route) => route.realm.plugin === plugin.name);
  if (routes.length === 0) problems.push(`${plugin.name} registered no routes`);
  let document: any;
  try {
    document = await test.openApi();
  } catch (error) {
    return [...problems, (error as Error).message];
  }
  const account = await test.account('enterprise');
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    const operation = document.paths?.[route.path]?.[route.method];
    if (!operation) {
      problems.push(`${name} is not in the OpenAPI document`);
      continue;
    }
    const url = route.path.replace(/\{(\w+)\}/g, (_match, param: string) => `${param}_unknown`);
    const withBody = ['post', 'put', 'patch'].includes(route.method);
    const attempts: Array<{ label: string; key?: string; payload?: unknown; expect?: number }> = [
      { label: 'without credentials', payload: withBody ? {} : undefined, expect: 401 },
      { label: 'with unknown ids', key: account.live, payload: withBody ? {} : undefined },
      ...(withBody ? BODIES_THAT_MUST_FAIL.map((payload) => ({ label: `with the body ${JSON.stringify(payload)}`, key: account.live, payload })) : []),
    ];
    for (const attempt of attempts) {
      const response = await test.request(route.method.toUpperCase(), url, { key: attempt.key, payload: attempt.payload });
      const documented = operation.responses?.[String(response.statusCode)];
      if (response.statusCode >= 500) problems.push(`${name} ${attempt.label}: ${response.statusCode} ${response.payload.slice(0, 200)}`);
      if (attempt.expect && response.statusCode !== attempt.expect) problems.push(`${name} ${attempt.label}: ${response.statusCode}, not ${attempt.expect}`);
      if (!documented) problems.push(`${name} ${attempt.label}: ${response.statusCode} is not documented`);
      else if (response.statusCode >= 400 && !documented['x-error-codes']?.includes(response.json?.code)) {
        problems.push(`${name} ${attempt.label}: the code ${response.json?.code} is not among the documented ones`);
      }
      if (response.statusCode >= 400 && (typeof response.json?.code !== 'string' || typeof response.json?.message !== 'string')) {
        problems.push(`${name} ${attempt.label}: the error body lacks code or message`);
      }
    }
  }
  const webhookEvents: string[] = document.components?.schemas?.CreateWebhook?.properties?.events?.items?.enum ?? [];
  for (const event of plugin.events ?? []) {
    if (!webhookEvents.includes(event.type)) problems.push(`the event type ${event.type} is not in the webhook event list`);
  }
  return problems;
}
