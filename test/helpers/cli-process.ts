// A command-line process as a user runs it (test/bin): run to its end, or `serve` until it listens.
// `command` is the executable and its leading arguments: node and bin/chatbot-platform.js, or the
// single binary alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { Test } from 'tap';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ProcessOptions {
  env: Record<string, string>;
  cwd: string;
}

export async function runCommand(command: string[], args: string[], options: ProcessOptions): Promise<RunResult> {
  const child = spawn(command[0]!, [...command.slice(1), ...args], options);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

/**
 * `serve` as a child process, once it logs the address it listens on; `output()` is everything it
 * has printed so far (stdout and stderr). Killed at the end of the test if still running.
 */
export async function serveCommand(t: Test, command: string[], options: ProcessOptions): Promise<{ server: ChildProcess; uri: string; output: () => string }> {
  const server = spawn(command[0]!, [...command.slice(1), 'serve'], options);
  t.teardown(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
  });
  let output = '';
  server.stderr.on('data', (chunk) => (output += chunk));
  const uri = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { server, uri, output: () => output };
}

/**
 * The platform's CLI from the checkout (node bin/chatbot-platform.js), with an environment of its
 * own plus what lets the child report coverage to the tap run.
 */
export function checkoutCli(root: string, childCoverage: Record<string, string>): {
  run: (args: string[], env: Record<string, string>) => Promise<RunResult>;
  serve: (t: Test, env: Record<string, string>) => ReturnType<typeof serveCommand>;
} {
  const command = [process.execPath, `${root}/bin/chatbot-platform.js`];
  const childEnv = (env: Record<string, string>) => ({ PATH: process.env.PATH!, ...childCoverage, ...env });
  return {
    run: (args, env) => runCommand(command, args, { env: childEnv(env), cwd: root }),
    serve: (t, env) => serveCommand(t, command, { env: childEnv(env), cwd: root }),
  };
}

/** A call to a served process's API with an account key, as a script would make it: status and JSON body. */
export function keyedCall(key: string) {
  return async (base: string, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as any };
  };
}
