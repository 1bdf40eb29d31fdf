// A small website served by the test on a loopback address: pages whose content the test can
// change, redirects, slow and huge responses, and a count of the requests each path received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';

export interface SitePage {
  type?: string;
  body: string | Buffer;
  status?: number;
  /** Answer with a redirect to this URL instead. */
  redirect?: string;
}

export interface Site {
  origin: string;
  url(path: string): string;
  set(path: string, page: SitePage): void;
  hits(path: string): number;
}

export async function startSite(t: Test, pages: Record<string, SitePage>, host = '127.0.0.1'): Promise<Site> {
  const content = new Map(Object.entries(pages));
  const hits = new Map<string, number>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const page = content.get(path);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    if (page.redirect) {
      response.writeHead(302, { location: page.redirect }).end();
      return;
    }
    response.writeHead(page.status ?? 200, { 'content-type': page.type ?? 'text/html; charset=utf-8' }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    set: (path, page) => content.set(path, page),
    hits: (path) => hits.get(path) ?? 0,
  };
}

export function htmlPage(title: string, body: string): SitePage {
  return { body: `<!doctype html><html><head><title>${title}</title></head><body><main>${body}</main></body></html>` };
}
