// Entry of the parser worker threads. A worker thread does not inherit a TypeScript loader that
// the main thread registered in-process (bin/chatbot-platform.js calls tsx's register()), so this
// plain ES module registers tsx itself, then loads the TypeScript implementation.
import { register } from 'tsx/esm/api';

register();
const { runParseTask } = await import('./tasks.ts');

export default runParseTask;
