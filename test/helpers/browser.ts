// A real browser for tests: Debian's chromium (`apt-get install -y chromium`; .ci/run installs it)
// driven by playwright-core. Never a downloaded browser: playwright-core has none, and the path is
// given explicitly (CHROMIUM_PATH, or the Debian binaries).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { Test } from 'tap';
import { browserCoverage } from './browser-coverage.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

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
  /** A fresh context (its own storage, locale, viewport) with a page, recording what it requests. */
  page(options?: BrowserContextOptions): Promise<RecordedPage>;
  screenshot(page: Page, name: string): Promise<string>;
}

export interface RecordedPage {
  context: BrowserContext;
  page: Page;
  /** Every URL the page asked for, in order. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

export async function launchBrowser(t: Test): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in CI containers: chromium's sandbox needs user namespaces it may not get there.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  const coverage = browserCoverage();
  t.teardown(async () => {
    await coverage.save();
    await browser.close();
  });
  return {
    browser,
    async page(options = {}) {
      const context = await coverage.track(await browser.newContext(options));
      const page = await context.newPage();
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      return { context, page, requests, errors };
    },
    async screenshot(page, name) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const file = path.join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
  };
}
