// A background loop stopped twice (by its owner and by the shutdown, as the webhook dispatcher's
// are) waits for the first stop: its warnings are logged once.
import pino from 'pino';
import { Writable } from 'node:stream';
import t from 'tap';
import { BackgroundLoop } from '../../core/background.js';

t.test('a second stop waits for the first: the deadline is warned of once', async (t) => {
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, new Writable({ write: (chunk, _encoding, done) => void (lines.push(String(chunk)), done()) }));
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  // A pass that outlives the deadline even once aborted: both stops reach their warnings.
  const loop = new BackgroundLoop('hanging', () => {
    started();
    return new Promise((resolve) => (release = () => resolve(0)));
  }, logger);
  loop.nudge();
  await running;

  await Promise.all([loop.stop(1), loop.stop(1)]);
  const warned = (text: string) => lines.filter((line) => line.includes(text)).length;
  t.equal(warned('still working at the shutdown deadline'), 1, 'one "still working" warning, not one a stop');
  t.equal(warned('did not stop in time'), 1, 'one "did not stop" warning');
  release();
});
