// Makes docs/dashboard.png, the README's picture of the dashboard: a real `serve` process on a
// fresh SQLite file, an account made by the CLI, demo data made through the public API (chatbots,
// Q&A pairs, conversations with replies, leads), then Debian's chromium signs in as the owner and
// photographs a page (analytics by default). Rerun it after the dashboard changes:
//
//   npm run build && npx tsx test/tools/screenshot-dashboard.ts [--page=analytics|chatbots|inbox|leads] [--out=docs/dashboard.png]
//
// The browser resolves nothing but 127.0.0.1 (as in the browser tests), so the picture shows only
// what this server serves.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { chromiumPath, LOOPBACK_ONLY } from '../helpers/browser.js';
import { runCommand } from '../helpers/cli-process.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = [process.execPath, path.join(ROOT, 'bin/chatbot-platform.js')];
const OWNER = { email: 'maria@northwind.example', password: 'screenshot-password-1', name: 'Maria Keller' };

const { values: options } = parseArgs({
  options: { page: { type: 'string', default: 'analytics' }, out: { type: 'string', default: 'docs/dashboard.png' } },
});

/** The demo: a small shop's chatbots, what they know, and what visitors asked them. */
const CHATBOTS = [
  {
    name: 'Support',
    language: 'en',
    qa: [
      ['How long does delivery take?', 'Delivery takes 2 to 3 working days.'],
      ['Do you ship abroad?', 'Yes, to every EU country.'],
      ['How do I return an item?', 'Use the returns form in your account within 30 days.'],
    ],
    questions: ['how long does delivery take?', 'do you ship to Austria?', 'how can I return my jacket?', 'can I pay with a cheque?'],
  },
  {
    name: 'Kundenservice',
    language: 'de',
    qa: [['Wie lange dauert der Versand?', 'Der Versand dauert 2 bis 3 Werktage.']],
    questions: ['Wie lange dauert der Versand?', 'Versandkosten nach Österreich?'],
  },
  { name: 'Sales', language: 'en', qa: [['Do you offer volume discounts?', 'Yes: 10% from 20 items.']], questions: ['any discounts for 50 pieces?'] },
];

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cbp-screenshot-'));
  const env = { PATH: process.env.PATH!, DATA_DIR: dir, LOG_LEVEL: 'info' };
  const server = spawn(CLI[0]!, [...CLI.slice(1), 'serve'], { env: { ...env, PORT: '0', HOST: '127.0.0.1' }, cwd: ROOT });
  try {
    const created = await runCommand(
      CLI,
      ['accounts', 'create', '--name', 'Northwind Outfitters', '--plan', 'professional', '--json', '--owner-email', OWNER.email, '--owner-password', OWNER.password, '--owner-name', OWNER.name],
      { env, cwd: ROOT },
    );
    if (created.code !== 0) throw new Error(`accounts create failed: ${created.stderr}`);
    const key = (JSON.parse(created.stdout) as { live_key: string }).live_key;
    const base = await listening(server);
    await seed(base, key);
    await photograph(base, options.page!, path.resolve(ROOT, options.out!));
    process.stdout.write(`wrote ${options.out}\n`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

function listening(server: ReturnType<typeof spawn>): Promise<string> {
  let output = '';
  return new Promise((resolve, reject) => {
    server.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /"uri":"(http:\/\/[^"]+)"/.exec(output);
      if (match) resolve(match[1]!);
    });
    server.stderr!.on('data', (chunk) => (output += chunk));
    server.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

async function seed(base: string, key: string): Promise<void> {
  const call = async (method: string, url: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  for (const demo of CHATBOTS) {
    const chatbot = await call('POST', '/api/v1/chatbots', { name: demo.name, language: demo.language });
    const items = [];
    for (const [question, answer] of demo.qa) items.push(await call('POST', `/api/v1/chatbots/${chatbot.id}/knowledge`, { type: 'qa', question, answer }));
    for (const item of items) {
      while ((await call('GET', `/api/v1/chatbots/${chatbot.id}/knowledge/${item.id}`)).status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const [index, question] of demo.questions.entries()) {
      const conversation = await call('POST', `/api/v1/chatbots/${chatbot.id}/conversations`, { visitor: { id: `visitor-${index}` } });
      await call('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/messages`, { content: question });
      if (index === 0) await call('POST', '/api/v1/leads', { chatbot_id: chatbot.id, email: `customer${index}@${demo.language}.example`, name: 'Jonas Weber' });
      if (index === 1) await call('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/handoff`, {});
      else await call('POST', `/api/v1/chatbots/${chatbot.id}/conversations/${conversation.id}/end`, {});
    }
  }
}

async function photograph(base: string, page: string, file: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', `--host-resolver-rules=${LOOPBACK_ONLY}`],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', locale: 'en-GB' });
    const tab = await context.newPage();
    await tab.goto(`${base}/dashboard`);
    await tab.getByLabel('E-mail').fill(OWNER.email);
    await tab.getByLabel('Password').fill(OWNER.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('navigation', { name: 'Main' }).waitFor();
    await tab.goto(`${base}/dashboard#/${page}`);
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    await tab.waitForLoadState('networkidle');
    await tab.screenshot({ path: file });
  } finally {
    await browser.close();
  }
}

await main();
