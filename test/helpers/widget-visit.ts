// A request as the widget on a customer's page makes it: with the page's Origin, and the
// conversation token when it has one.
import type { TestServer } from './server.js';

export const WIDGET_TEST_ORIGIN = 'https://shop.example.com';

export function visit(api: TestServer, method: string, url: string, options: { payload?: unknown; token?: string; origin?: string } = {}) {
  const headers: Record<string, string> = { origin: options.origin ?? WIDGET_TEST_ORIGIN };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return api.request(method, url, { payload: options.payload, headers });
}
