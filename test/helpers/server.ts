// Builds a real server on a fresh SQLite file for one test, with a controllable clock and helpers
// to create accounts and call the API through server.inject.
import type { RouteOptions, Server, ServerInjectResponse, ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import type { Test } from 'tap';
import { loadConfig, type Config, type DeepPartial } from '../../config/index.js';
import type { PlanName } from '../../config/plans.js';
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import type { Platform } from '../../core/platform.js';
import type { KnowledgeRetrieverWithCache } from '../../plugins/knowledge/retriever.js';
import { PLUGIN_API_VERSION } from '../../core/plugin-api/index.js';
import { createBuiltInPluginApi } from '../../core/plugin-api/facade.js';
import type { BuiltInPlugin, BuiltInPluginApi } from '../../core/plugin-api/privileged.js';
import { injectRequest } from '../../app/testing.js';
import { createServer, type CreateServerOptions } from '../../app/server.js';
import type { StoreHarness } from '../adapters/conformance.js';
import { reportUndocumentedErrors } from './documented-errors.js';
import { freshMongoUrl, openMongoTestHarness } from './mongodb.js';
import { openSqliteTestHarness, temporaryDirectory } from './sqlite.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * The store the server tests run on: TEST_STORE=sqlite (default), ferretdb (a FerretDB started for
 * this test process) or mongodb (MONGODB_URL). Each server gets a database of its own.
 */
export const TEST_STORE = (process.env.TEST_STORE ?? 'sqlite') as 'sqlite' | 'ferretdb' | 'mongodb';

async function testDatabaseUrl(dir: string): Promise<string> {
  if (TEST_STORE === 'sqlite') return `sqlite:${path.join(dir, 'test.sqlite')}`;
  if (TEST_STORE === 'ferretdb' || TEST_STORE === 'mongodb') return freshMongoUrl(TEST_STORE === 'mongodb');
  throw new Error(`Unknown TEST_STORE ${TEST_STORE}: use sqlite, ferretdb or mongodb`);
}

/** A bare store (with peers and raw reads) on the store of this pass, for tests below the server. */
export async function openTestStoreHarness(): Promise<StoreHarness> {
  if (TEST_STORE === 'sqlite') return openSqliteTestHarness();
  if (TEST_STORE === 'ferretdb' || TEST_STORE === 'mongodb') return openMongoTestHarness(await freshMongoUrl(TEST_STORE === 'mongodb'));
  throw new Error(`Unknown TEST_STORE ${TEST_STORE}: use sqlite, ferretdb or mongodb`);
}

/** A clock tests move by hand. */
export class TestClock {
  constructor(private current = new Date('2026-11-21T10:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(iso: string): void {
    this.current = new Date(iso);
  }
}

export interface TestAccount {
  id: string;
  live: string;
  test: string;
}

export interface TestServer {
  server: Server;
  platform: Platform;
  config: Config;
  clock: TestClock;
  dataDir: string;
  /** Everything the store holds, as text, read around the adapter (for "is this secret stored?"). */
  storedText(): Promise<string>;
  /** Creates an account through the same code as the CLI. */
  account(plan?: PlanName, name?: string): Promise<TestAccount>;
  request(
    method: string,
    url: string,
    options?: { key?: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<ServerInjectResponse & { json: any }>;
}

export async function buildTestServer(
  t: Test,
  options: {
    config?: DeepPartial<Config>;
    server?: CreateServerOptions;
    clock?: TestClock;
    /** Where an error its route does not document goes: by default it fails the test. */
    undocumentedError?: (message: string) => void;
  } = {},
): Promise<TestServer> {
  const { dir, remove } = temporaryDirectory('cbp-server-');
  const config = loadConfig({
    env: {},
    file: null,
    overrides: {
      data_dir: dir,
      database: { url: await testDatabaseUrl(dir) },
      log: { level: 'silent' },
      admin: { token: ADMIN_TOKEN },
      ...options.config,
      // Every response checked against its schema, a failure a 500: tests catch schema drift.
      server: { response_validation_percent: 100, ...options.config?.server },
    },
  });
  const clock = options.clock ?? new TestClock();
  const { server, platform } = await createServer(config, {
    logger: pino({ level: 'silent' }),
    now: clock.now,
    ...options.server,
  });
  reportUndocumentedErrors(server, options.undocumentedError ?? ((message) => t.fail(message)));
  t.teardown(async () => {
    await server.stop();
    remove();
  });

  return {
    server,
    platform,
    config,
    clock,
    dataDir: dir,
    async storedText() {
      if (config.database.url.startsWith('sqlite:')) {
        return readdirSync(dir)
          .map((name) => readFileSync(path.join(dir, name)).toString('latin1'))
          .join('\n');
      }
      const client = new MongoClient(config.database.url);
      try {
        const db = client.db();
        const texts: string[] = [];
        for (const { name } of await db.listCollections().toArray()) {
          texts.push(JSON.stringify(await db.collection(name).find({}).toArray()));
        }
        return texts.join('\n');
      } finally {
        await client.close();
      }
    },
    async account(plan = 'starter', name = 'Test account') {
      const created = await createAccountWithKeys(platform, { name, plan });
      return { id: created.account.id, live: created.liveKey, test: created.testKey };
    },
    request: (method, url, options) => injectRequest(server, method, url, options),
  };
}

/** Asserts the docs/ARCHITECTURE.md A2 error shape and returns the body. */
export function assertError(
  t: Test,
  response: { statusCode: number; json: any; headers: Record<string, unknown> },
  statusCode: number,
  code: string,
  message?: string,
): any {
  t.equal(response.statusCode, statusCode, `${message ?? code}: status ${statusCode}`);
  t.equal(response.json?.code, code, `${message ?? code}: code`);
  t.equal(response.json?.statusCode, statusCode, 'statusCode in the body');
  t.type(response.json?.error, 'string', 'error text');
  t.type(response.json?.message, 'string', 'message');
  t.match(response.json?.request_id, /^\S+$/, 'request_id');
  t.equal(response.json?.request_id, response.headers['x-request-id'], 'request_id matches the header');
  return response.json;
}

/**
 * A route a test adds beside the real areas, with what every route declares for the server to
 * start (core/route-contract.ts): a description, the `api` tag, API keys only (no OAuth scope), and
 * any body and any response (named as JSON in its notes) unless the route declares its own. What the tests send and receive is
 * unchanged: the body is not validated and the response is not checked.
 */
export function contractRoute(route: ServerRoute): ServerRoute {
  const options = (route.options ?? {}) as RouteOptions;
  const withBody = ['POST', 'PUT', 'PATCH'].includes(String(route.method).toUpperCase());
  return {
    ...route,
    options: {
      description: `Test route ${route.path}`,
      // Its any-response is documented by the media type named here (plugins/docs/responses.ts), so
      // the check of documented errors (documented-errors.ts) can read the route's document.
      notes: 'Answers application/json.',
      tags: ['api'],
      plugins: { platform: { scope: null } },
      response: { schema: true },
      ...options,
      validate: { ...(withBody ? { payload: Joi.any() } : {}), ...options.validate },
    },
  };
}

/**
 * A built-in area's api on a test server (core/plugin-api/privileged.ts), for a test that builds an
 * area's service itself instead of taking the one the server registered.
 */
export function builtInApiOf(built: { server: Server; platform: Platform }, name = 'test-area'): BuiltInPluginApi {
  // It may publish what the server's areas may: the service it builds is one of theirs.
  const events = built.platform.eventTypes.map((type) => ({ type, description: type }));
  return createBuiltInPluginApi(built.server, built.platform, { name, version: '1.0.0', platformApi: PLUGIN_API_VERSION, events, register() {} });
}

/**
 * Routes a test adds beside the real areas, as a built-in area that registers them on its hapi
 * server (full paths; `contractRoute` gives them what the route contract asks).
 */
export function testArea(area: { name: string; register(server: Server): void | Promise<void> }): BuiltInPlugin {
  return { name: area.name, version: '1.0.0', platformApi: PLUGIN_API_VERSION, register: (api) => area.register(api.privileged.server) };
}

/**
 * Processes the chatbot's knowledge that is due, then waits until questions are answered from it:
 * after a change, a question waits at most 100 ms for the index to be rebuilt and is otherwise
 * answered from the previous one (plugins/knowledge/search-index/index-cache.ts). One question
 * starts the rebuild; the cache says when it (and any rebuild after it) is done.
 */
export async function settleKnowledge(api: TestServer, key: string, chatbotId: string): Promise<void> {
  await api.server.plugins.knowledge.worker.drain();
  await api.request('POST', `/api/v1/chatbots/${chatbotId}/knowledge/search`, { key, payload: { query: 'settle' } });
  await (api.server.plugins.knowledge.retriever as KnowledgeRetrieverWithCache).indexes.idle();
}
