// The website widget in a real browser: this server (API and /widget.js), a host site on another
// origin (another port: every API call is a real cross-origin request with its CORS preflight)
// whose CSS tries hard to break the widget, and pages whose requests may go only to those two.
// Used by test/browser/widget*.test.ts.
import type { BrowserContextOptions, Locator } from 'playwright-core';
import type { Test } from 'tap';
import type { Config, DeepPartial } from '../../config/index.js';
import { buildWidget } from '../../web/widget/build.js';
import { launchBrowser, type BrowserSession, type RecordedPage } from './browser.js';
import { buildTestServer, type TestAccount, type TestServer } from './server.js';
import { startSite, type Site, type SitePage } from './site.js';

/**
 * A page that would wreck an embedded widget without isolation: inherited fonts and colours, every
 * element unset, buttons and fields hidden, divs pinned, the widget's own tag and custom properties
 * targeted. The probe carries the widget's class names: its styles must not reach it.
 */
export const HOSTILE_CSS = `
  * { all: unset; }
  html { font-size: 40px !important; }
  body { display: block; font: italic 40px/3 "Comic Sans MS", cursive !important; color: #ff0000 !important;
         letter-spacing: 6px !important; text-transform: uppercase !important; direction: rtl; }
  button { display: none !important; }
  textarea, input { visibility: hidden !important; }
  div { position: fixed !important; top: 0 !important; left: 0 !important; width: 10px !important;
        height: 10px !important; overflow: hidden !important; transform: rotate(7deg); }
  svg { width: 500px !important; height: 500px !important; }
  chatbot-widget { display: none !important; position: absolute !important; top: -9999px !important; }
  :root { --cbw-primary: #00ff00; --cbw-bg: #000000; --cbw-x: 900px; }
  head, script, style { display: none; }
  a { display: inline; }
`;

export interface HostPageOptions {
  /** Hostile CSS (default) or a plain page (for the screenshot docs/widget.png). */
  hostile?: boolean;
  heading?: string;
}

export function hostPage(scriptSrc: string, chatbotId: string, { hostile = true, heading = 'Acme Outdoor' }: HostPageOptions = {}): SitePage {
  const style = hostile
    ? `<style>${HOSTILE_CSS}</style>`
    : `<style>body { margin: 0; font: 16px/1.6 Georgia, serif; color: #1f2937; background: #f8fafc; }
        main { max-width: 640px; margin: 48px 56px; } h1 { font-size: 30px; margin: 0 0 12px; }</style>`;
  return {
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title><link rel="icon" href="data:,">${style}</head>
<body><main>${hostile ? '<a href="#top" id="first">Top</a>' : ''}<h1>${heading}</h1>
<p>Boots, tents and jackets for every season. Orders ship within two working days.</p>
${hostile ? '<span id="probe" class="launcher panel root sr bubble field btn">probe</span>' : ''}</main>
<script src="${scriptSrc}" data-chatbot-id="${chatbotId}" async></script></body></html>`,
  };
}

export interface WidgetFixture {
  api: TestServer;
  /** This server's origin: the API and /widget.js. */
  base: string;
  account: TestAccount;
  chatbot: { id: string; name: string };
  site: Site;
  browser: BrowserSession;
  /** Replaces the chatbot's widget settings (fields left out take their defaults). */
  putWidget(settings: Record<string, unknown>): Promise<void>;
  addQa(question: string, answer: string): Promise<void>;
  /** The chatbot's conversations as the API lists them, newest first. */
  conversations(): Promise<Array<{ id: string; status: string; channel: string; message_count: number; lead_id: string | null }>>;
  messages(conversationId: string): Promise<Array<{ id: string; role: string; content: string; feedback: string | null }>>;
  /** The chatbot's leads as GET /api/v1/leads lists them, newest first. */
  leads(): Promise<Array<{ id: string; name: string | null; email: string | null; phone: string | null; source: string; conversation_id: string | null }>>;
  /** Serves the host page (with the widget's tag) at `path` of the host site; returns its URL. */
  hostOn(path: string): string;
  /** A fresh browser context (its own storage) on the host page at `path`. */
  open(path: string, options?: BrowserContextOptions): Promise<WidgetPage>;
}

/** A visitor's page; its `refused` lists what it tried to reach but the two local servers. */
export interface WidgetPage extends RecordedPage {
  launcher(name?: string): Locator;
}

export async function widgetFixture(t: Test, options: { config?: DeepPartial<Config>; chatbot?: Record<string, unknown> } = {}): Promise<WidgetFixture> {
  // GET /widget.js serves the file as it is when the server starts.
  await buildWidget();
  const api = await buildTestServer(t, { config: { server: { host: '127.0.0.1', port: 0 }, ...options.config } });
  await api.server.start();
  const base = `http://127.0.0.1:${api.server.info.port}`;
  const account = await api.account('starter');
  const created = await api.request('POST', '/api/v1/chatbots', { key: account.live, payload: { name: 'Acme Help', ...options.chatbot } });
  if (created.statusCode !== 201) throw new Error(`chatbot not created: ${created.payload}`);
  const chatbot = created.json as { id: string; name: string };
  const site = await startSite(t, {});
  const browser = await launchBrowser(t);
  const key = account.live;

  async function expectOk(response: { statusCode: number; payload: string }, what: string) {
    if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.payload}`);
  }

  const hostOn = (path: string) => {
    site.set(new URL(path, site.origin).pathname, hostPage(`${base}/widget.js`, chatbot.id));
    return site.url(path);
  };

  return {
    api,
    base,
    account,
    chatbot,
    site,
    browser,
    async putWidget(settings) {
      await expectOk(await api.request('PUT', `/api/v1/chatbots/${chatbot.id}/widget`, { key, payload: settings }), 'PUT widget');
    },
    async addQa(question, answer) {
      await expectOk(await api.request('POST', `/api/v1/chatbots/${chatbot.id}/knowledge`, { key, payload: { type: 'qa', question, answer } }), 'Q&A');
      await api.server.plugins.knowledge.worker.drain();
    },
    async conversations() {
      return (await api.request('GET', `/api/v1/chatbots/${chatbot.id}/conversations`, { key })).json.data;
    },
    async leads() {
      const response = await api.request('GET', `/api/v1/leads?chatbot_id=${chatbot.id}`, { key });
      await expectOk(response, 'GET leads');
      return response.json.data;
    },
    async messages(conversationId) {
      return (await api.request('GET', `/api/v1/chatbots/${chatbot.id}/conversations/${conversationId}/messages?order=asc&limit=100`, { key })).json.data;
    },
    // Reduced motion: the panel's opening animation is off, so screenshots show it as it rests.
    hostOn,
    async open(path, contextOptions = {}) {
      const url = hostOn(path);
      const recorded = await browser.page({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...contextOptions }, [base, site.origin]);
      await recorded.page.goto(url);
      return {
        ...recorded,
        launcher: (name = 'Chat with us') => recorded.page.getByRole('button', { name, exact: true }),
      };
    },
  };
}

/** Whether `locator`'s element has focus (inside its shadow root, and the shadow host in the page). */
export function hasFocus(locator: Locator): Promise<boolean> {
  // Runs in the page; `any` because the tests compile without the DOM's types.
  return locator.evaluate((element: any) => {
    const root = element.getRootNode();
    return root.activeElement === element && (!root.host || (globalThis as any).document.activeElement === root.host);
  });
}

/** Waits for a state the page reaches on its own (focus moved, a value stored); never a duration to assert. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Computed styles of the element, read in the page. */
export function computedStyle(locator: Locator, properties: string[]): Promise<Record<string, string>> {
  return locator.evaluate(
    (element: any, names: string[]) => {
      const style = (globalThis as any).getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    },
    properties,
  );
}
