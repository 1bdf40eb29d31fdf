// A real browser for tests: Debian's chromium (`apt-get install -y chromium`; .ci/run installs it)
// driven by playwright-core. Never a downloaded browser: playwright-core has none, and the path is
// given explicitly (CHROMIUM_PATH, or the Debian binaries).
//
// No request interception: with any Playwright route set, Playwright answers CORS preflights
// itself and the server's OPTIONS handlers never reach the browser (a poll's preflight refused
// with a 400 once passed every test that way). Outside hosts are kept away by the browser's own
// resolver instead, and the pages keep their real Content-Security-Policy.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Test } from 'tap';
import { browserCoverage, notMeasured } from './browser-coverage.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Chromium resolves no name and no address but 127.0.0.1, where the tests' servers listen: a
 * request anywhere else fails at once with net::ERR_NAME_NOT_RESOLVED, before a packet leaves.
 */
export const LOOPBACK_ONLY = 'MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return configured;
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found) {
    // A browser test that cannot run fails: it never passes by skipping.
    throw new Error(`No chromium found (${CANDIDATES.join(', ')}): install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`);
  }
  return found;
}

/** Screenshots of browser tests go here (ignored by git): test/.screenshots. */
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.screenshots');

export interface BrowserSession {
  browser: Browser;
  /**
   * A fresh context (its own storage, locale, viewport) with a page, recording what it requests.
   * `allowedOrigins`: the servers its pages may use; a failed request anywhere else is `refused`.
   */
  page(options?: BrowserContextOptions, allowedOrigins?: string[]): Promise<RecordedPage>;
  screenshot(page: Page, name: string): Promise<string>;
}

export interface RecordedPage {
  context: BrowserContext;
  page: Page;
  /** Every URL the context's pages asked for, in order. */
  requests: string[];
  /** Requests to anywhere but the allowed origins (the browser resolved no host for them). */
  refused: string[];
  /** Console errors and uncaught page errors, as the browser gave them. */
  errors: string[];
  /** Content-Security-Policy violations any document of the context reported. */
  cspViolations: string[];
  /**
   * Declares an answer of status 400 or more the test causes on purpose (`status method path`,
   * the path without its query, or a pattern tested on the line with its query). At the test's end
   * every other such answer fails it, and so does a declared one that never came.
   */
  expectHttpError(line: string | RegExp, why: string): void;
  /** `errors` without Chromium's "Failed to load resource" line for each declared answer. */
  unexpectedErrors(): string[];
}

export interface LaunchOptions {
  /**
   * Measure the pages' JavaScript coverage (default true). Off for pages that run no bundle of ours
   * (the docs page runs swagger-ui's only): Chromium's precise coverage of a large third-party
   * bundle slows the page several times over and counts nothing.
   */
  coverage?: boolean;
}

export async function launchBrowser(t: Test, { coverage: measure = true }: LaunchOptions = {}): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in CI containers: chromium's sandbox needs user namespaces it may not get there.
    args: ['--no-sandbox', '--disable-dev-shm-usage', `--host-resolver-rules=${LOOPBACK_ONLY}`],
  });
  const coverage = measure ? browserCoverage() : notMeasured;
  t.teardown(async () => {
    await coverage.save();
    await browser.close();
  });
  const endChecks: Array<(t: Test, name: string) => void> = [];
  atTestEnd(t, () => endChecks.forEach((check, index) => check(t, `context ${index + 1}`)));
  return {
    browser,
    async page(options = {}, allowedOrigins = []) {
      if (options.bypassCSP) throw new Error('bypassCSP hides the page’s Content-Security-Policy: the browser tests run under the real one');
      const { recorded, checkAtEnd } = await recordPage(await coverage.track(await browser.newContext(options)), allowedOrigins);
      endChecks.push(checkAtEnd);
      return recorded;
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
  };
}

interface Declared {
  line: string | RegExp;
  why: string;
}

interface Answer {
  url: string;
  status: number;
  /** "401 POST /dashboard/session?query": what a declaration is matched against. */
  line: string;
}

async function recordPage(
  context: BrowserContext,
  allowedOrigins: string[],
): Promise<{ recorded: RecordedPage; checkAtEnd(t: Test, name: string): void }> {
  const requests: string[] = [];
  const refused: string[] = [];
  const errors: string[] = [];
  const cspViolations: string[] = [];
  const declared: Declared[] = [];
  const answers: Answer[] = [];
  // Each console error with the URL it is about: Chromium logs "Failed to load resource" for every
  // answer >= 400, its own requests included (a favicon), which Playwright's events do not show.
  const consoleLines: Array<{ text: string; url: string }> = [];
  const allowed = (url: string) => !/^https?:/.test(url) || allowedOrigins.includes(new URL(url).origin);

  context.on('request', (request) => requests.push(request.url()));
  context.on('requestfailed', (request) => {
    if (!allowed(request.url())) refused.push(request.url());
  });
  context.on('response', (response) => {
    if (response.status() >= 400) answers.push(answer(response.url(), response.status(), response.request().method()));
  });
  context.on('console', (message) => {
    if (message.type() !== 'error') return;
    errors.push(message.text());
    consoleLines.push({ text: message.text(), url: message.location().url });
  });
  context.on('weberror', (error) => {
    errors.push(String(error.error()));
    consoleLines.push({ text: String(error.error()), url: '' });
  });
  // A binding, not a global the page could read or clear; init scripts and bindings are not
  // subject to the page's policy, and run in every frame.
  await context.exposeBinding('__reportCspViolation', (_source, violation: string) => cspViolations.push(violation));
  await context.addInitScript(() => {
    (globalThis as any).addEventListener('securitypolicyviolation', (event: any) =>
      (globalThis as any).__reportCspViolation(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  const page = await context.newPage();

  const isDeclared = (line: string) => declared.some((entry) => matches(entry.line, line));
  const sameAnswer = (a: { url: string; status: number }, b: { url: string; status: number }) => a.url === b.url && a.status === b.status;
  /** The answers Playwright reported, and those only the console told of (the browser's own GETs). */
  const allAnswers = (): Answer[] => {
    const consoleOnly = consoleLines
      .map(failedLoad)
      .filter((load): load is { url: string; status: number } => load !== null && !answers.some((known) => sameAnswer(known, load)))
      .map((load) => answer(load.url, load.status, 'GET'));
    return [...answers, ...consoleOnly];
  };

  const recorded: RecordedPage = {
    context,
    page,
    requests,
    refused,
    errors,
    cspViolations,
    expectHttpError(line, why) {
      declared.push({ line, why });
    },
    unexpectedErrors() {
      const expected = allAnswers().filter((known) => isDeclared(known.line));
      return consoleLines
        .filter((line) => {
          const load = failedLoad(line);
          return !load || !expected.some((known) => sameAnswer(known, load));
        })
        .map((line) => line.text);
    },
  };

  /** Every answer >= 400 declared, every declaration met, no policy violation. */
  function checkAtEnd(t: Test, name: string): void {
    const seen = allAnswers().map((known) => known.line);
    t.same(
      seen.filter((line) => !isDeclared(line)),
      [],
      `${name} (${page.url()}): no answer of status 400 or more but those the test declared`,
    );
    t.same(
      declared.filter((entry) => !seen.some((line) => matches(entry.line, line))).map((entry) => `${entry.line} (${entry.why})`),
      [],
      `${name}: every answer the test declared came`,
    );
    t.same(cspViolations, [], `${name}: no Content-Security-Policy violation`);
  }

  return { recorded, checkAtEnd };
}

function answer(url: string, status: number, method: string): Answer {
  const { pathname, search } = new URL(url);
  return { url, status, line: `${status} ${method} ${pathname}${search}` };
}

/** Chromium's console line for an answer >= 400: its status, and the URL the line is about. */
function failedLoad({ text, url }: { text: string; url: string }): { url: string; status: number } | null {
  const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text)?.[1];
  return status && url ? { url, status: Number(status) } : null;
}

function matches(declared: string | RegExp, line: string): boolean {
  return typeof declared === 'string' ? line.replace(/\?.*$/, '') === declared : declared.test(line);
}

/**
 * Runs `check` when the test's function has finished, before the test ends: its assertions count
 * in the test (a teardown runs after the end, where an assertion is an error of its own).
 * tap's `onbeforeend` is the hook its own `t.emits` uses.
 */
function atTestEnd(t: Test, check: () => void): void {
  const base = t as unknown as { onbeforeend?: () => unknown };
  const previous = base.onbeforeend;
  if (typeof previous !== 'function') throw new Error('tap no longer offers onbeforeend: the end-of-test checks of test/helpers/browser.ts need another hook');
  base.onbeforeend = () => {
    check();
    return previous.call(t);
  };
}
