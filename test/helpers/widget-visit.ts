// A request as the widget on a customer's page makes it: with the page's Origin (or none, with
// `origin: null`), and the conversation token when it has one.
import type { TestServer } from './server.js';

export const WIDGET_TEST_ORIGIN = 'https://shop.example.com';

export function visit(
  api: TestServer,
  method: string,
  url: string,
  options: { payload?: unknown; token?: string; origin?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? WIDGET_TEST_ORIGIN;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return api.request(method, url, { payload: options.payload, headers });
}
