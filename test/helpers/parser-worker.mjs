// A parser worker entry for tests only: the real tasks, plus tasks that make a worker spin,
// allocate until it runs out of memory, or exit, so the pool's limits can be seen to hold. The
// API cannot reach it: only a ParserPool built in a test with this file runs these.
import { register } from 'tsx/esm/api';

register();
const { runParseTask } = await import('../../plugins/knowledge/parsing/tasks.ts');

export default async function runTestTask(task) {
  switch (task.kind) {
    case 'test-spin':
      for (;;); // never returns: only the time limit ends it
    case 'test-allocate': {
      const hoard = [];
      for (;;) hoard.push(new Array(100_000).fill(hoard.length));
    }
    case 'test-exit':
      process.exit(3);
    case 'test-echo':
      return { ok: true, value: task.value };
    default:
      return runParseTask(task);
  }
}
