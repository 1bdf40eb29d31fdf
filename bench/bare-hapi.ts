// The baseline of the benchmarks that run the server in its own process (readpath, realtext): a
// bare hapi server, in its own process too, answering GET /body with the JSON body given in
// $BARE_BODY (the readpath bench passes the platform's reply to the keyed GET, byte for byte;
// {"hello":"world"} by default) and POST /echo with the request's JSON payload. Prints {"uri": …}
// once listening and runs until SIGTERM. Started by startBareHapi (processes.ts).
import Hapi from '@hapi/hapi';

const body = JSON.parse(process.env.BARE_BODY ?? '{"hello":"world"}') as object;
const server = Hapi.server({ host: '127.0.0.1', port: 0 });
server.route({ method: 'GET', path: '/body', handler: () => body });
server.route({ method: 'POST', path: '/echo', handler: (request) => request.payload });
await server.start();
process.stdout.write(`${JSON.stringify({ uri: server.info.uri })}\n`);
process.on('SIGTERM', () => {
  server.stop({ timeout: 1000 }).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
