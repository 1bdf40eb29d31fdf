// Standard Webhooks verification, as the server signs: `webhook-signature` holds one or more
// `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` (several while a rotated
// secret is in its grace period), keyed with the bytes of the base64 after `whsec_`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors.js';
import type { Schemas } from './types.js';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the timestamp may be from now, in seconds (replays are refused): 300 by default. */
  toleranceSeconds?: number;
  /** The time to compare with (for tests); now by default. */
  now?: Date;
}

/** The event of a webhook delivery whose signature holds; WebhookVerificationError otherwise. */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options: VerifyOptions = {}): Schemas['Event'] {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('The webhook-id, webhook-timestamp and webhook-signature headers are required');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('The webhook-timestamp is not a number of seconds');
  const tolerance = options.toleranceSeconds ?? 300;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > tolerance) throw new WebhookVerificationError(`The webhook-timestamp is more than ${tolerance} s from now`);

  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  if (key.length === 0) throw new WebhookVerificationError('The secret is empty: it is the whsec_… value shown when the webhook was created');
  // The bytes as they came are what was signed (a decoder would replace any byte it cannot read).
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(bytes).digest();
  const matches = signatures.split(' ').some((signature) => {
    const [version, value] = signature.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No signature matches: the body, or the secret, is not the one signed');
  try {
    return JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload)) as Schemas['Event'];
  } catch {
    throw new WebhookVerificationError('The signed body is not JSON');
  }
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry.join(' ') : entry;
}
