// Access logs (core/request-log.ts): one line a response, in hapi-pino's shape; without the request's
// headers by default, and with LOG_REQUEST_HEADERS every header that carries a credential censored
// and the rest kept.
import { Writable } from 'node:stream';
import pino from 'pino';
import t, { type Test } from 'tap';
import { buildTestServer } from '../helpers/server.js';

const SECRETS = {
  authorization: 'Bearer sk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
  'proxy-authorization': 'Basic c2VjcmV0OnNlY3JldA==',
  cookie: 'session=secret-cookie',
  'x-admin-token': 'admin-token-secret-value',
};

/** A server logging into memory, after one API request carrying every secret header and one /health. */
async function logged(t: Test, requestHeaders: boolean) {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const api = await buildTestServer(t, { config: { log: { request_headers: requestHeaders } }, server: { logger: pino({ level: 'info' }, sink) } });
  await api.server.inject({ method: 'GET', url: '/api/v1/chatbots?limit=5', headers: { ...SECRETS, 'user-agent': 'probe/1.0', 'x-request-id': 'req-log-test' } });
  await api.server.inject({ method: 'GET', url: '/health' });
  const access = lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('[response]'));
  t.equal(access.length, 1, 'one line for the request; none for /health');
  const [line] = access;
  t.match(line, { request_id: 'req-log-test', req: { method: 'GET', url: '/api/v1/chatbots?limit=5', remoteAddress: String }, res: { statusCode: 401 }, responseTime: Number });
  t.match(line!.msg, /^\[response\] get \/api\/v1\/chatbots 401 \(\d+ms\)$/);
  const text = JSON.stringify(lines);
  for (const value of Object.values(SECRETS)) t.notOk(text.includes(value), 'no secret anywhere in the log');
  return line!;
}

t.test('an access line per response, without the request headers by default', async (t) => {
  const line = await logged(t, false);
  t.notOk('headers' in line.req, 'no headers');
  t.ok(JSON.stringify(line).length < 400, `a short line (${JSON.stringify(line).length} characters)`);
});

t.test('with LOG_REQUEST_HEADERS: the headers, credentials censored', async (t) => {
  const line = await logged(t, true);
  for (const name of Object.keys(SECRETS)) t.equal(line.req.headers[name], '[redacted]', `${name} is censored`);
  t.equal(line.req.headers['user-agent'], 'probe/1.0', 'other headers are kept');
});
