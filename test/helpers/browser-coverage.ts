// Coverage of the browser bundles (web/widget, web/dashboard) from the pages of the browser tests.
// Chromium measures it (Playwright's JS coverage, V8's own format); it is written into the test
// run's coverage directory (.tap/coverage/browser) as a V8 coverage file naming the bundle on
// disk, and test/tools/coverage.ts maps it to web/*/src through the bundle's source map. Only when tap measures coverage (it says so in _TAPJS_PROCESSINFO_COVERAGE_), so
// `--disable-coverage` runs pay nothing.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildOptions } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { dashboardBuildOptions } from '../../web/dashboard/build.js';
import { widgetBuildOptions } from '../../web/widget/build.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The bundles whose coverage counts (what the server serves from disk), with how each is built. */
export const BROWSER_BUNDLES: Record<string, () => BuildOptions & { write: false }> = {
  'web/widget/dist/widget.js': widgetBuildOptions,
  'web/dashboard/dist/app.js': dashboardBuildOptions,
};

type ScriptCoverage = Awaited<ReturnType<Page['coverage']['stopJSCoverage']>>[number];

export interface BrowserCoverage {
  /** Measures every page of the context from its first script on, until the context closes. */
  track(context: BrowserContext): Promise<BrowserContext>;
  /** Collects the open pages' coverage and writes it; call before the browser closes. */
  save(): Promise<void>;
}

export function coverageEnabled(): boolean {
  return process.env._TAPJS_PROCESSINFO_COVERAGE_ === '1';
}

/** Measures nothing: what a run without coverage gets. */
export const notMeasured: BrowserCoverage = { track: async (context) => context, save: async () => {} };

export function browserCoverage(): BrowserCoverage {
  if (!coverageEnabled()) return notMeasured;
  const measured = new Map<Page, Promise<void>>();
  const collected: ScriptCoverage[] = [];

  function start(page: Page): Promise<void> {
    let started = measured.get(page);
    if (!started) {
      // Kept across navigations: a test that loads a second page in the same tab counts both.
      started = page.coverage.startJSCoverage({ resetOnNavigation: false, reportAnonymousScripts: false });
      measured.set(page, started);
    }
    return started;
  }

  async function collect(page: Page): Promise<void> {
    const started = measured.get(page);
    measured.delete(page);
    if (!started || page.isClosed()) return;
    await started;
    collected.push(...(await page.coverage.stopJSCoverage()));
  }

  return {
    async track(context) {
      // A popup is measured from when Playwright sees it: its first script may run before.
      context.on('page', (page) => void start(page).catch(() => {}));
      const newPage = context.newPage.bind(context);
      context.newPage = async () => {
        const page = await newPage();
        await start(page);
        return page;
      };
      const close = context.close.bind(context);
      // A page's coverage is lost with its context: collect it just before.
      context.close = async (options) => {
        await Promise.all(context.pages().map((page) => collect(page).catch(() => {})));
        return close(options);
      };
      return context;
    },
    async save() {
      await Promise.all([...measured.keys()].map((page) => collect(page).catch(() => {})));
      writeCoverage(collected.splice(0));
    },
  };
}

/**
 * Keeps the scripts that are one of our bundles as built on disk (so their source map applies),
 * renamed to the bundle's file URL, in the format NODE_V8_COVERAGE and tap write.
 */
function writeCoverage(scripts: ScriptCoverage[]): void {
  const built = Object.keys(BROWSER_BUNDLES).map((file) => path.join(ROOT, file)).filter((file) => existsSync(file));
  const bundles = new Map(built.map((file) => [readFileSync(file, 'utf8'), pathToFileURL(file).href]));
  const result = scripts.flatMap((script) => {
    const url = script.source === undefined ? undefined : bundles.get(script.source);
    return url ? [{ scriptId: script.scriptId, url, functions: script.functions }] : [];
  });
  if (result.length === 0) return;
  // A folder of its own: tap's report of the pass reads the files of .tap/coverage only, as before.
  const directory = path.join(process.env._TAPJS_PROCESSINFO_CWD_ ?? ROOT, '.tap/coverage/browser');
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, `${randomUUID()}.json`), JSON.stringify({ result }));
}
