// The dashboard's daily pages in a real browser (test/browser/dashboard-inbox, -leads, -analytics):
// a started server with the dashboard and the widget built, an account with an owner who signs
// in through the page, a chatbot, the widget on a host site of another origin, an axe-core scan
// and screenshots.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Test } from 'tap';
import type { Config, DeepPartial } from '../../config/index.js';
import type { PlanName } from '../../config/plans.js';
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import { buildDashboard } from '../../web/dashboard/build.js';
import { buildWidget } from '../../web/widget/build.js';
import { launchBrowser, SCREENSHOT_DIR, type BrowserSession, type RecordedPage } from './browser.js';
import { expectSignedOutRead, injectAxe } from './dashboard.js';
import { buildTestServer, type TestClock, type TestServer } from './server.js';
import { startSite, type Site } from './site.js';
import { hostPage } from './widget-site.js';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface Person {
  email: string;
  password: string;
}

export interface DailyFixture {
  api: TestServer;
  /** The server's origin: API, dashboard and /widget.js. */
  base: string;
  /** The account's live key, for seeding through the API. */
  key: string;
  accountId: string;
  owner: Person;
  chatbot: { id: string; name: string };
  site: Site;
  browser: BrowserSession;
  /**
   * A browser context (reduced motion, desktop unless told) on the dashboard (at `hash`, the
   * sign-in page by default), under its real Content-Security-Policy; its requests may reach only
   * this server. `fixedTime`: the browser's clock, fixed from before the page's first load.
   */
  dashboard(options?: BrowserContextOptions & { hash?: string; fixedTime?: Date }): Promise<RecordedPage>;
  /** Signs in through the sign-in form and waits for the signed-in shell. */
  signIn(page: Page, person: Person): Promise<void>;
  /** An invitation link for a new member of `role` (POST /api/v1/members with the account key). */
  invite(email: string, role: 'agent' | 'admin'): Promise<string>;
  /** On the invitation page: sets the name and password, and waits for the inbox it opens on. */
  acceptInvitation(page: Page, name: string, password: string): Promise<void>;
  /**
   * A visitor's page on the host site with the widget (in a browser of `options`, e.g. its
   * `locale`); its requests may reach only the two local servers.
   */
  visitor(path: string, options?: BrowserContextOptions): Promise<RecordedPage>;
  /** Calls the API with the account key; throws unless it answers 2xx. */
  call(method: string, url: string, payload?: unknown): Promise<any>;
}

export async function dailyFixture(
  t: Test,
  options: { plan?: PlanName; clock?: TestClock; config?: DeepPartial<Config>; chatbotName?: string } = {},
): Promise<DailyFixture> {
  await Promise.all([buildDashboard(), buildWidget()]);
  const api = await buildTestServer(t, { clock: options.clock, config: { server: { host: '127.0.0.1', port: 0 }, ...options.config } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const owner = { email: 'olive@example.com', password: 'owner password 1' };
  const created = await createAccountWithKeys(api.platform, {
    name: 'Acme Outdoor',
    plan: options.plan ?? 'professional',
    owner: { ...owner, name: 'Olive Owner' },
  });
  const key = created.liveKey;

  async function call(method: string, url: string, payload?: unknown) {
    const response = await api.request(method, url, { key, payload });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.payload}`);
    return response.json;
  }

  const chatbot = await call('POST', '/api/v1/chatbots', { name: options.chatbotName ?? 'Acme Help' });
  const site = await startSite(t, {});
  const browser = await launchBrowser(t);

  return {
    api,
    base,
    key,
    accountId: created.account.id,
    owner,
    chatbot: { id: chatbot.id, name: chatbot.name },
    site,
    browser,
    call,
    async dashboard({ hash = '', fixedTime, ...contextOptions } = {}) {
      const recorded = await browser.page({ viewport: DESKTOP, reducedMotion: 'reduce', ...contextOptions }, [base]);
      expectSignedOutRead(recorded);
      // Before the first load: on a page already loaded, Playwright injects the fake clock only if it
      // can evaluate there without waiting. CI once saw such a page keep the real time (and ask the
      // analytics for a period of years).
      if (fixedTime) await recorded.context.clock.setFixedTime(fixedTime);
      await recorded.page.goto(`${base}/dashboard${hash}`);
      return recorded;
    },
    async signIn(page, person) {
      await page.getByLabel('E-mail').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The navigation is there (folded behind the menu button on a phone).
      await page.locator('#primary-navigation').waitFor({ state: 'attached' });
    },
    async invite(email, role) {
      const member = await call('POST', '/api/v1/members', { email, name: `Andy ${role}`, role });
      const token = new URL(member.invitation.url).hash.split('token=')[1]!;
      return `${base}/dashboard#/accept?token=${token}`;
    },
    async acceptInvitation(page, name, password) {
      await page.getByLabel('Your name').fill(name);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Password again').fill(password);
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByRole('heading', { level: 1, name: /^Inbox/ }).waitFor();
    },
    async visitor(path, contextOptions = {}) {
      site.set(path, hostPage(`${base}/widget.js`, chatbot.id, { hostile: false }));
      const recorded = await browser.page({ viewport: DESKTOP, reducedMotion: 'reduce', ...contextOptions }, [base, site.origin]);
      await recorded.page.goto(site.url(path));
      return recorded;
    },
  };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** The serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await injectAxe(page);
  const violations = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((result) => result.violations)')) as AxeViolation[];
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable line per violation, for the test's message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`).join('\n');
}

/** Whether the document is wider than the viewport (a phone layout that scrolls sideways). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate('document.documentElement.scrollWidth > window.innerWidth + 1') as Promise<boolean>;
}

/** A full-page screenshot at test/.screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
