// Access logs (core/request-log.ts): one line a response, in hapi-pino's shape, with every header
// that carries a credential censored and the rest kept.
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { buildTestServer } from '../helpers/server.js';

t.test('an access line per response, credentials censored', async (t) => {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const api = await buildTestServer(t, { server: { logger: pino({ level: 'info' }, sink) } });
  const secrets = {
    authorization: 'Bearer sk_live_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    'proxy-authorization': 'Basic c2VjcmV0OnNlY3JldA==',
    cookie: 'session=secret-cookie',
    'x-admin-token': 'admin-token-secret-value',
  };
  await api.server.inject({ method: 'GET', url: '/api/v1/chatbots?limit=5', headers: { ...secrets, 'user-agent': 'probe/1.0', 'x-request-id': 'req-log-test' } });
  await api.server.inject({ method: 'GET', url: '/health' });

  const access = lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('[response]'));
  t.equal(access.length, 1, 'one line for the request; none for /health');
  const [line] = access;
  t.match(line, { request_id: 'req-log-test', req: { method: 'GET', url: '/api/v1/chatbots?limit=5' }, res: { statusCode: 401 } });
  t.match(line!.msg, /^\[response\] get \/api\/v1\/chatbots 401 \(\d+ms\)$/);
  for (const name of Object.keys(secrets)) t.equal(line!.req.headers[name], '[redacted]', `${name} is censored`);
  t.equal(line!.req.headers['user-agent'], 'probe/1.0', 'other headers are kept');
  const text = JSON.stringify(lines);
  for (const value of Object.values(secrets)) t.notOk(text.includes(value), 'no secret anywhere in the log');
});
