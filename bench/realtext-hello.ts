// The realtext benchmark's baseline: a bare hapi server with one route returning a small JSON
// body, in its own process like the platform's server. Prints {"uri": …} once listening and runs
// until SIGTERM.
import Hapi from '@hapi/hapi';

const server = Hapi.server({ host: '127.0.0.1', port: 0 });
server.route({ method: 'GET', path: '/hello', handler: () => ({ hello: 'world' }) });
await server.start();
process.stdout.write(`${JSON.stringify({ uri: server.info.uri })}\n`);
process.on('SIGTERM', () => {
  server.stop({ timeout: 1000 }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
