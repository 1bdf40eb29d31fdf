import { segment, type RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { verifyWebhook, type VerifyOptions, type WebhookHeaders } from '../webhooks-signature.js';
import { Resource } from './resource.js';

const webhookPath = (webhookId: string, ...rest: string[]) => ['/api/v1/webhooks', segment(webhookId), ...rest.map(segment)].join('/');

export class Webhooks extends Resource {
  list(query?: Query<'listWebhooks'>, options?: RequestOptions) {
    return this.paged('listWebhooks', '/api/v1/webhooks', query, options);
  }
  /** A new endpoint; its signing `secret` is in the answer, shown this once. */
  create(body: Body<'createWebhook'>, options?: RequestOptions) {
    return this.call('createWebhook', { method: 'POST', path: '/api/v1/webhooks', body, options });
  }
  get(webhookId: string, options?: RequestOptions) {
    return this.call('getWebhook', { method: 'GET', path: webhookPath(webhookId), options });
  }
  update(webhookId: string, body: Body<'updateWebhook'>, options?: RequestOptions) {
    return this.call('updateWebhook', { method: 'PATCH', path: webhookPath(webhookId), body, options });
  }
  delete(webhookId: string, options?: RequestOptions) {
    return this.call('deleteWebhook', { method: 'DELETE', path: webhookPath(webhookId), options });
  }
  /** Sends a `webhook.test` event to this endpoint alone. */
  test(webhookId: string, options?: RequestOptions) {
    return this.call('testWebhook', { method: 'POST', path: webhookPath(webhookId, 'test'), options });
  }
  /** A new signing secret; the old one keeps signing beside it for its grace period. */
  rotateSecret(webhookId: string, body: Body<'rotateWebhookSecret'> = {}, options?: RequestOptions) {
    return this.call('rotateWebhookSecret', { method: 'POST', path: webhookPath(webhookId, 'rotate-secret'), body, options });
  }
  deliveries(webhookId: string, query?: Query<'listWebhookDeliveries'>, options?: RequestOptions) {
    return this.paged('listWebhookDeliveries', webhookPath(webhookId, 'deliveries'), query, options);
  }
  retryDelivery(webhookId: string, deliveryId: string, options?: RequestOptions) {
    return this.call('retryWebhookDelivery', { method: 'POST', path: webhookPath(webhookId, 'deliveries', deliveryId, 'retry'), options });
  }
  /**
   * The event of a delivery your endpoint received, once its signature holds: pass the body
   * exactly as it came (the raw text, before any JSON parsing), its headers and the secret.
   * Throws WebhookVerificationError otherwise, and for a timestamp more than 5 minutes away.
   */
  verify(payload: string | Uint8Array, headers: WebhookHeaders, secret: string, options?: VerifyOptions) {
    return verifyWebhook(payload, headers, secret, options);
  }
}
