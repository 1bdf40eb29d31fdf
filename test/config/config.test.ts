// Configuration: defaults, file, environment, and start-up refusals that name the bad value.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { ConfigError, loadConfig } from '../../config/index.js';
import { temporaryDirectory } from '../helpers/sqlite.js';

t.test('defaults', async (t) => {
  const config = loadConfig({ env: {}, file: null });
  t.equal(config.server.port, 3000);
  t.equal(config.server.host, '0.0.0.0');
  t.equal(config.data_dir, './data');
  t.equal(config.database.url, 'sqlite:data/chatbot-platform.sqlite', 'the SQLite file lives in DATA_DIR');
  t.equal(config.admin.token, null);
  t.equal(config.plans.professional.requests.minute, 1000);
  t.equal(config.plans.professional.requests.day, 10_000);
  t.equal(config.plans.free.access, 'read');
});

t.test('environment variables', async (t) => {
  const config = loadConfig({
    file: null,
    env: {
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/bots',
      LOG_LEVEL: 'debug',
      ADMIN_TOKEN: 'a-long-operator-token',
      KEY_ROTATION_GRACE_SECONDS: '600',
      TRUST_PROXY: 'true',
      FETCH_ALLOWED_CIDRS: '127.0.0.1/32, 10.0.0.0/8',
    },
  });
  t.same(config.fetch.allowed_cidrs, ['127.0.0.1/32', '10.0.0.0/8'], 'a comma-separated list');
  t.equal(config.server.port, 8080);
  t.equal(config.server.host, '127.0.0.1');
  t.equal(config.database.url, 'sqlite:/srv/bots/chatbot-platform.sqlite');
  t.equal(config.log.level, 'debug');
  t.equal(config.admin.token, 'a-long-operator-token');
  t.equal(config.keys.rotation_grace_seconds, 600);
  t.equal(config.server.trust_proxy, true);
  t.equal(loadConfig({ file: null, env: { DATABASE_URL: 'sqlite:/tmp/x.db' } }).database.url, 'sqlite:/tmp/x.db');
});

t.test('a config file, overridden by the environment', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ server: { port: 4000 }, plans: { starter: { chatbots: 7 } }, log: { level: 'warn' } }));
  const config = loadConfig({ file, env: { LOG_LEVEL: 'error' } });
  t.equal(config.server.port, 4000);
  t.equal(config.plans.starter.chatbots, 7, 'a plan value changed');
  t.equal(config.plans.starter.requests.day, 1000, 'the rest of the plan kept');
  t.equal(config.log.level, 'error', 'the environment wins');
  t.equal(loadConfig({ env: { CONFIG_FILE: file } }).server.port, 4000, 'CONFIG_FILE names it');
});

t.test('PLANS_PROFILE=unlimited: every plan without caps, the file\'s plans still on top', async (t) => {
  const unlimited = loadConfig({ file: null, env: { PLANS_PROFILE: 'unlimited' } });
  t.equal(unlimited.plans_profile, 'unlimited');
  for (const plan of Object.values(unlimited.plans)) {
    t.same(plan.requests, {}, 'no request window');
    t.equal(plan.chatbots, null, 'no chatbot limit');
    t.equal(plan.access, 'full');
    t.equal(plan.webhooks, true);
  }
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ plans_profile: 'unlimited', plans: { free: { chatbots: 2 } } }));
  const fromFile = loadConfig({ file, env: {} });
  t.equal(fromFile.plans.free.chatbots, 2, 'a value the file sets');
  t.same(fromFile.plans.free.requests, {}, 'the rest from the profile');
  t.equal(loadConfig({ file: null, env: {} }).plans.free.requests.day, 100, 'the spec\'s plans by default');
  t.throws(() => loadConfig({ file: null, env: { PLANS_PROFILE: 'infinite' } }), /PLANS_PROFILE \(plans_profile\)/, 'an unknown profile is named');
});

t.test('bad values stop the start with every problem named', async (t) => {
  const error = t.throws(() =>
    loadConfig({ file: null, env: { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'postgres://x', ADMIN_TOKEN: 'short' } }),
  ) as ConfigError;
  t.ok(error instanceof ConfigError);
  t.equal(error.problems.length, 4);
  t.match(error.message, /PORT \(server\.port\): "server\.port" must be a number/);
  t.match(error.message, /LOG_LEVEL \(log\.level\)/);
  t.match(error.message, /DATABASE_URL \(database\.url\).*sqlite:<path> or mongodb/);
  t.match(error.message, /ADMIN_TOKEN \(admin\.token\).*at least 16/);
});

t.test('a broken config file is named', async (t) => {
  const { dir, remove } = temporaryDirectory();
  t.teardown(remove);
  const file = path.join(dir, 'broken.json');
  writeFileSync(file, '{ "server": ');
  t.throws(() => loadConfig({ file, env: {} }), /config file .*broken\.json: not valid JSON/);
  t.throws(() => loadConfig({ file: path.join(dir, 'missing.json'), env: {} }), /missing\.json: ENOENT/);
  writeFileSync(file, JSON.stringify({ plans: { free: { access: 'everything' } } }));
  t.throws(() => loadConfig({ file, env: {} }), /plans\.free\.access/);
});

t.test('TRUST_PROXY: false, true, a number of hops, or proxy CIDRs read by the enforcer', async (t) => {
  const trust = (value: string) => loadConfig({ file: null, env: { TRUST_PROXY: value } }).server.trust_proxy;
  t.equal(trust('false'), false);
  t.equal(trust('true'), true);
  t.equal(trust('2'), 2);
  t.same(trust('10.0.0.0/8, 127.0.0.1,2001:db8::/32'), ['10.0.0.0/8', '127.0.0.1', '2001:db8::/32']);
  for (const bad of ['v1.a', '10.0.0.0/33', 'proxy.internal', '-1', '99']) {
    t.throws(() => trust(bad), { name: 'ConfigError', message: /TRUST_PROXY/ }, bad);
  }
});

t.test('outbound allowlists: one per area, an egress list, entries read by the enforcer', async (t) => {
  const defaults = loadConfig({ file: null, env: {} });
  t.same([defaults.fetch.allowed_cidrs, defaults.webhooks.allowed_cidrs, defaults.egress.allowed_cidrs], [[], [], []], 'all empty by default');
  const config = loadConfig({
    file: null,
    env: { FETCH_ALLOWED_CIDRS: '10.0.0.0/8', WEBHOOK_ALLOWED_CIDRS: '192.168.1.0/24, fd00::/8', EGRESS_ALLOWED_CIDRS: '127.0.0.0/8,::1' },
  });
  t.same(config.fetch.allowed_cidrs, ['10.0.0.0/8']);
  t.same(config.webhooks.allowed_cidrs, ['192.168.1.0/24', 'fd00::/8'], 'webhooks have a list of their own');
  t.same(config.egress.allowed_cidrs, ['127.0.0.0/8', '::1']);
  for (const variable of ['FETCH_ALLOWED_CIDRS', 'WEBHOOK_ALLOWED_CIDRS', 'EGRESS_ALLOWED_CIDRS']) {
    // v1.a is joi's IPvFuture; 010.0.0.0 would be octal to some parsers; the others are no ranges.
    for (const bad of ['v1.a', '010.0.0.0/8', '10.0.0.0/33', 'intranet.example', 'fe80::1%eth0']) {
      t.throws(() => loadConfig({ file: null, env: { [variable]: `127.0.0.1/32,${bad}` } }), { name: 'ConfigError', message: new RegExp(`${variable} \\(`) }, `${variable}=${bad}`);
    }
  }
});
