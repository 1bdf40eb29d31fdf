// The dashboard (issue 18) in a real browser: a started server with the dashboard and widget
// built, an account whose owner is created as the CLI creates one, pages under the dashboard's
// real Content-Security-Policy that may ask nothing of any host but this server, sign-in, and the
// per-page check (screenshots at desktop and phone sizes, an axe-core scan at both). Used by
// test/browser/dashboard-*.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import type { Test } from 'tap';
import type { Config, DeepPartial } from '../../config/index.js';
import type { PlanName } from '../../config/plans.js';
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import { buildDashboard } from '../../web/dashboard/build.js';
import { buildWidget } from '../../web/widget/build.js';
import { SCREENSHOT_DIR, type BrowserSession, type RecordedPage } from './browser.js';
import { buildTestServer, TestClock, type TestServer } from './server.js';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
export const OWNER_PASSWORD = 'long-password-1';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let built: Promise<unknown> | null = null;
/** Both bundles, once per test file: the server serves the files as they are on disk. */
function buildOnce(): Promise<unknown> {
  built ??= Promise.all([buildDashboard(), buildWidget()]);
  return built;
}

export interface DashboardServer {
  api: TestServer;
  /** This server's origin, the only one the pages may talk to. */
  base: string;
  account: { id: string; live: string; test: string };
  owner: { email: string; password: string; name: string };
  /** A call to this server's API over real HTTP, as a script of the account's would make it. */
  http(method: string, url: string, options?: { key?: string; payload?: unknown }): Promise<{ status: number; json: any }>;
}

/** A started server (127.0.0.1, a free port) and an account with its owner, made the CLI's way. */
export async function startDashboardServer(
  t: Test,
  options: { plan: PlanName; accountName: string; ownerEmail: string; ownerName: string; config?: DeepPartial<Config> },
): Promise<DashboardServer> {
  await buildOnce();
  // The server's clock starts at the real time: the page compares dates (a key's grace period)
  // with the browser's own clock.
  const api = await buildTestServer(t, { clock: new TestClock(new Date()), config: { ...options.config, server: { host: '127.0.0.1', port: 0 } } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const owner = { email: options.ownerEmail, password: OWNER_PASSWORD, name: options.ownerName };
  const created = await createAccountWithKeys(api.platform, { name: options.accountName, plan: options.plan, owner });
  return {
    api,
    base,
    account: { id: created.account.id, live: created.liveKey, test: created.testKey },
    owner,
    async http(method, url, { key, payload } = {}) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
  };
}

export type DashboardPage = RecordedPage;

/** A fresh context on the dashboard, under its real Content-Security-Policy. */
export async function openDashboard(
  browser: BrowserSession,
  base: string,
  { hash = '', ...contextOptions }: { hash?: string } & BrowserContextOptions = {},
): Promise<DashboardPage> {
  const recorded = await browser.page({ viewport: DESKTOP, reducedMotion: 'reduce', ...contextOptions }, [base]);
  expectSignedOutRead(recorded);
  await recorded.page.goto(`${base}/dashboard${hash}`);
  return recorded;
}

/** A new browser is signed out: the dashboard learns it from the 401 of GET /dashboard/session. */
export function expectSignedOutRead(recorded: RecordedPage): void {
  recorded.expectHttpError('401 GET /dashboard/session', 'the session read of a browser not signed in');
}

/** Signs in on the sign-in page and waits for the signed-in frame. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** The page's own request, with its cookie and Origin, as the dashboard's code would make it. */
export function fetchInPage(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  );
}

/** Polls a value the page reaches on its own (a colour after a re-render); never a duration to assert. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The header of the real widget's open panel inside the editor's preview iframe (the preview shows
 * the panel open, and the launcher hidden on a narrow frame); it is painted in the primary colour.
 */
export function previewHeader(page: Page): Locator {
  return page.frameLocator('iframe[title="Widget preview"]').locator('chatbot-widget .panel .header');
}

/**
 * The preview header's computed background, or null when the preview's document was rebuilt
 * (a settings change) while it was read: read again then, from the new document.
 */
export async function previewColour(page: Page): Promise<string | null> {
  try {
    return await previewHeader(page).evaluate((element: any) => (globalThis as any).getComputedStyle(element).backgroundColor as string);
  } catch (error) {
    if (/context was destroyed|detached/i.test(String(error))) return null;
    throw error;
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

type ImpactCounts = Record<'critical' | 'serious' | 'moderate' | 'minor', number>;

/**
 * Screenshots and axe-core scans of each page at desktop and phone sizes. `check` asserts that
 * the page is no spinner, has no horizontal scroll on a phone, and has no serious or critical
 * violation; `report` writes the counts by impact for the run's record.
 */
export class PageAudit {
  readonly results: Record<string, { desktop: ImpactCounts; phone: ImpactCounts; violations: AxeViolation[] }> = {};

  constructor(private readonly file: string) {}

  async check(t: Test, page: Page, name: string): Promise<void> {
    // Nothing still loading: the page's own data is on screen, not "Loading…".
    await page.waitForFunction(() => !(globalThis as any).document.querySelector('.loading, .boot'));
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const shot = (size: string) => path.join(SCREENSHOT_DIR, `dashboard-${name}-${size}.png`);

    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: shot('desktop'), fullPage: true });
    const desktop = await scan(page);
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: shot('phone'), fullPage: true });
    const overflow = await page.evaluate(() => {
      const root = (globalThis as any).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    const phone = await scan(page);
    await page.setViewportSize(DESKTOP);

    t.equal(overflow, 0, `${name}: no horizontal scrolling at ${PHONE.width} px`);
    const serious = [...desktop.map((v) => ({ ...v, size: 'desktop' })), ...phone.map((v) => ({ ...v, size: 'phone' }))].filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    for (const violation of serious) t.comment(`${name} (${violation.size}): ${violation.impact} ${violation.id}: ${violation.help} at ${violation.targets.join(' | ')}`);
    t.same(serious, [], `${name}: no serious or critical axe violations at desktop and phone sizes`);
    this.results[name] = { desktop: countByImpact(desktop), phone: countByImpact(phone), violations: [...desktop, ...phone] };
  }

  /** Writes test/.screenshots/dashboard-axe-<file>.json and says the counts in the TAP output. */
  report(t: Test): void {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(path.join(SCREENSHOT_DIR, `dashboard-axe-${this.file}.json`), JSON.stringify(this.results, null, 2));
    for (const [name, result] of Object.entries(this.results)) {
      t.comment(`axe ${name}: desktop ${JSON.stringify(result.desktop)}, phone ${JSON.stringify(result.phone)}`);
    }
  }
}

function countByImpact(violations: AxeViolation[]): ImpactCounts {
  const counts: ImpactCounts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const violation of violations) if (violation.impact && violation.impact in counts) counts[violation.impact as keyof ImpactCounts] += 1;
  return counts;
}

/**
 * axe-core in every frame of the page (the widget preview is an iframe), under the page's own
 * policy: evaluated through the DevTools protocol, which the Content-Security-Policy does not
 * govern (a script tag would be refused, and reported as a violation).
 */
export async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => Boolean((globalThis as any).axe)))) await frame.evaluate(AXE_SOURCE);
  }
}

/** axe-core in every frame, then one run from the top. */
async function scan(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(async () => {
    const result = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node: any) => node.target.join(' ')),
    }));
  });
}

/**
 * On a chatbot's page: opens its Knowledge section (still empty), adds a Q&A pair and waits until
 * the server has processed it (its row says ready). Returns the row.
 */
export async function addFirstQaPair(page: Page, question: string, answer: string, rowName: RegExp): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Chatbot sections' }).getByRole('link', { name: 'Knowledge' }).click();
  await page.getByRole('heading', { name: 'No knowledge yet' }).waitFor();
  await page.getByLabel('Question', { exact: true }).fill(question);
  await page.getByLabel('Answer', { exact: true }).fill(answer);
  await page.getByRole('button', { name: 'Add Q&A pair' }).click();
  const row = page.getByRole('row', { name: rowName });
  await row.getByText('ready', { exact: true }).waitFor({ timeout: 30_000 });
  return row;
}
