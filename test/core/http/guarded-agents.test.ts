// store-independent: it opens no store (the SQLite pass runs it once).
// The guarded agents and the Fetcher on real loopback servers: refusals of IP-literal hosts
// (before any socket), of resolved addresses (every one a lookup returns, as happy eyeballs would
// try them), after redirects, on http and https, and the egress list over everything.
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo, type LookupFunction } from 'node:net';
import t, { type Test } from 'tap';
import { Fetcher } from '../../../core/http/fetcher.js';
import { failure } from '../../helpers/fetch-failure.js';
import { guardedAgents } from '../../../core/http/guarded-agents.js';
import { htmlPage, startSite } from '../../helpers/site.js';

const LIMITS = { timeout_ms: 2000, max_bytes: 1024 * 1024, max_redirects: 3, user_agent: 'test' };
const PRIVATE = /^Refused to fetch .*: its address is private, loopback, link-local or reserved$/;
const OUTSIDE_EGRESS = /^Refused to fetch .*: its address is outside the egress allowlist$/;

function fetcher(allowedCidrs: string[], egressCidrs: string[] = []) {
  return new Fetcher({ allowedCidrs, egressCidrs, limits: LIMITS });
}

/** A TCP server that counts connections: proof that a refused request never reached it. */
async function countingServer(t: Test, host = '127.0.0.1') {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  server.listen(0, host);
  await once(server, 'listening');
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

t.test('an allowlisted loopback site is fetched; IPv4-embedding IPv6 forms of loopback are not', async (t) => {
  const site = await startSite(t, { '/': htmlPage('Home', 'Hello.') });
  const port = new URL(site.origin).port;
  const allowed = fetcher(['127.0.0.1/32']);
  t.equal((await allowed.fetch(site.url('/'))).contentType, 'text/html');
  t.equal(
    (await allowed.fetch(`http://[::ffff:127.0.0.1]:${port}/`)).contentType,
    'text/html',
    'the IPv4-mapped form is the allowlisted IPv4 itself',
  );
  const closed = fetcher([]);
  for (const host of ['127.0.0.1', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[::ffff:0:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[::1]', '0.0.0.0', '[::]']) {
    t.match(await failure(closed.fetch(`http://${host}:${port}/`)), PRIVATE, host);
  }
  t.match(await failure(allowed.fetch(`http://[::127.0.0.1]:${port}/`)), PRIVATE, 'the IPv4-compatible form is not the allowlisted IPv4');
  t.equal(site.hits('/'), 2, 'only the two allowed fetches reached the site');
});

t.test('host names are judged on every address they resolve to', async (t) => {
  const site = await startSite(t, { '/': htmlPage('Home', 'Hello.') });
  const port = new URL(site.origin).port;
  t.match(await failure(fetcher([]).fetch(`http://localhost:${port}/`)), PRIVATE, 'localhost resolves to loopback');
  t.equal((await fetcher(['127.0.0.1/32', '::1/128']).fetch(`http://localhost:${port}/`)).contentType, 'text/html');
  t.match(await failure(fetcher(['127.0.0.1/32', '::1/128'], ['10.0.0.0/8']).fetch(`http://localhost:${port}/`)), OUTSIDE_EGRESS);
});

t.test('a lookup answering several addresses: only the allowed ones are ever connected to', async (t) => {
  t.ok(net.getDefaultAutoSelectFamily(), 'happy eyeballs is on: net tries every address the lookup returns');
  const server = await countingServer(t);
  const agents = guardedAgents({ allowedCidrs: ['127.0.0.1/32'], egressCidrs: [], refuseNonPublic: true });
  const lookupOf = (addresses: Array<{ address: string; family: number }>): LookupFunction =>
    ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
      options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)) as unknown as LookupFunction;
  const get = (lookup: LookupFunction) =>
    new Promise<string>((resolve) => {
      const request = http.get({ host: 'rebinding.test', port: server.port, agent: agents.http, lookup });
      request.on('error', (error) => resolve(`${(error as { code?: string }).code}: ${error.message}`));
      request.on('response', () => resolve('answered'));
    });
  t.match(await get(lookupOf([{ address: '::127.0.0.1', family: 6 }, { address: '10.0.0.1', family: 4 }])), /^ERR_ADDRESS_REFUSED: .*private, loopback/);
  t.equal(server.connections(), 0, 'no refused address was connected to');
  // The loopback address is the only one allowed: the connection reaches it (and the server hangs up).
  t.match(await get(lookupOf([{ address: '::ffff:169.254.169.254', family: 6 }, { address: '127.0.0.1', family: 4 }])), /ECONNRESET|socket hang up/);
  t.equal(server.connections(), 1, 'the allowed address, and it alone');
});

t.test('a redirect to a refused address is refused', async (t) => {
  const inner = await startSite(t, { '/secret': htmlPage('Secret', 'Internal.') }, '127.0.0.2');
  const site = await startSite(t, { '/go': { body: '', redirect: inner.url('/secret') } });
  t.match(await failure(fetcher(['127.0.0.1/32']).fetch(site.url('/go'))), PRIVATE);
  t.match(await failure(fetcher(['127.0.0.0/8'], ['127.0.0.1/32']).fetch(site.url('/go'))), OUTSIDE_EGRESS);
  t.equal(inner.hits('/secret'), 0, 'the internal page was never requested');
  t.equal((await fetcher(['127.0.0.0/8']).fetch(site.url('/go'))).url, inner.url('/secret'), 'allowed when the range is listed');
});

t.test('https is guarded the same way, before any TLS is spoken', async (t) => {
  const server = await countingServer(t);
  t.match(await failure(fetcher([]).fetch(`https://127.0.0.1:${server.port}/`)), PRIVATE);
  t.match(await failure(fetcher([]).fetch(`https://localhost:${server.port}/`)), PRIVATE);
  t.match(await failure(fetcher(['127.0.0.1/32'], ['10.0.0.0/8']).fetch(`https://127.0.0.1:${server.port}/`)), OUTSIDE_EGRESS);
  t.equal(server.connections(), 0);
  await failure(fetcher(['127.0.0.1/32']).fetch(`https://127.0.0.1:${server.port}/`));
  t.equal(server.connections(), 1, 'an allowed https target is connected to');
});

t.test('the egress list refuses a public IP-literal target before connecting, also when posting', async (t) => {
  // 93.184.216.34 is public: the request must be refused before a packet leaves the machine.
  const confined = fetcher(['127.0.0.0/8'], ['127.0.0.0/8']);
  t.match(await failure(confined.fetch('http://93.184.216.34/')), OUTSIDE_EGRESS);
  t.match(await failure(confined.fetch('https://93.184.216.34/')), OUTSIDE_EGRESS);
  t.match(await failure(confined.post('http://93.184.216.34/hook', { body: '{}', headers: {}, timeoutMs: 2000, excerptBytes: 100 })), OUTSIDE_EGRESS);
  t.match(await failure(fetcher([]).post('http://127.0.0.1:9/hook', { body: '{}', headers: {}, timeoutMs: 2000, excerptBytes: 100 })), PRIVATE);
});

t.test('an aborted fetch fails at once with a readable error', async (t) => {
  const site = await startSite(t, { '/': htmlPage('Home', 'Hello.') });
  const controller = new AbortController();
  controller.abort();
  t.match(await failure(fetcher(['127.0.0.1/32']).fetch(site.url('/'), undefined, { signal: controller.signal })), /the fetch was aborted/);
});
