// Webhooks: endpoints that receive the account's events, signed per Standard Webhooks, delivered
// from the outbox by the dispatcher with retries; and the events API.
import type { Plugin } from '@hapi/hapi';
import { areaScope, Fetcher, sweepExpired, withScopes } from '../../core/index.js';
import { Dispatcher } from './dispatcher.js';
import { webhookRoutes } from './routes.js';
import { declareWebhooks, webhookQuotaOf } from './collections.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    webhooks: { dispatcher: Dispatcher };
  }
}

export const webhooksPlugin: Plugin<void> = {
  name: 'webhooks',
  version: '1.0.0',
  dependencies: ['chatbots'],
  register(server) {
    const platform = server.platform;
    const collections = declareWebhooks(platform.store);
    const secrets = () => platform.secrets();
    // Connections to one origin: at most the sends in flight in all (webhooks.concurrency), so a send
    // never waits inside the agent with its timeout running; the sending slots already hold one
    // endpoint to its own cap. Endpoints sharing an origin share its keep-alive connections.
    const fetcher = new Fetcher({
      allowedCidrs: platform.config.webhooks.allowed_cidrs,
      egressCidrs: platform.config.egress.allowed_cidrs,
      limits: platform.config.fetch,
      maxSocketsPerOrigin: platform.config.webhooks.concurrency,
    });
    const dispatcher = new Dispatcher(platform, collections, fetcher, secrets);
    server.expose('dispatcher', dispatcher);

    // Every event may be due for delivery: fan it out at once rather than at the next tick, the
    // events of one commit together.
    platform.events.subscribeInBatches('*', (events, tenant) => dispatcher.dispatchPublished(tenant, events));
    // A deleted chatbot's own endpoints go with it (account-wide ones still get chatbot.deleted).
    platform.events.subscribeDurably('chatbot.deleted', 'webhooks.delete-for-chatbot', async (event, tenant) => {
      const webhooks = collections.webhooks.forTenant(tenant);
      const own = await webhooks.list({ filter: { chatbot_id: event.chatbot_id! }, limit: 1000 });
      if (own.length === 0) return;
      await platform.store.commit([
        collections.deliveries.forTenant(tenant).ops.deleteMany({ webhook_id: { in: own.map((webhook) => webhook.id) } }),
        webhooks.ops.deleteMany({ chatbot_id: event.chatbot_id! }),
        platform.quotas.releaseAll(tenant, webhookQuotaOf(event.chatbot_id)),
      ]);
    });

    // A delivery log lives as long as the events it delivered.
    platform.maintenance.set('webhook_deliveries', (now) =>
      sweepExpired(collections.deliveries, 'created_at', new Date(now.getTime() - platform.config.retention.events_days * 86_400_000)),
    );

    server.ext('onPostStart', () => {
      dispatcher.startSchedule();
      dispatcher.nudge(); // catch up with what was due while no instance ran
    });
    platform.background.add(dispatcher);
    server.route(withScopes(webhookRoutes(platform, collections, server.plugins.chatbots.directory, dispatcher, secrets), areaScope('webhooks')));
  },
};
