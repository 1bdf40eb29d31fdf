// Webhooks: endpoints that receive the account's events, signed per Standard Webhooks, delivered
// from the outbox by the dispatcher with retries; and the events API.
import { areaScope, Fetcher, PLUGIN_API_VERSION, sweepExpired, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { Dispatcher } from './dispatcher.js';
import { webhookRoutes } from './routes.js';
import { declareWebhooks, webhookQuotaOf } from './collections.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    webhooks: { dispatcher: Dispatcher };
  }
}

export const webhooksPlugin: BuiltInPlugin = {
  name: 'webhooks',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [
    { type: 'webhook.test', description: 'A test event sent through the API to one endpoint (delivered to that endpoint only)' },
    { type: 'webhook.disabled', description: 'An endpoint was disabled for answering 410 Gone or for failing too long (`disabled_reason`)' },
  ],
  register(api) {
    const { privileged } = api;
    const { config, outbox, quotas } = privileged.platform;
    // `webhook_deliveries` predates the rule that an area's collections start with its name.
    const collections = declareWebhooks(privileged);
    const secrets = () => privileged.platform.secrets();
    // Connections to one origin: at most the sends in flight in all (webhooks.concurrency), so a send
    // never waits inside the agent with its timeout running; the sending slots already hold one
    // endpoint to its own cap. Endpoints sharing an origin share its keep-alive connections.
    // Not api.fetcher(): endpoints have their own allowed addresses (webhooks.allowed_cidrs).
    const fetcher = new Fetcher({
      allowedCidrs: config.webhooks.allowed_cidrs,
      egressCidrs: config.egress.allowed_cidrs,
      limits: config.fetch,
      maxSocketsPerOrigin: config.webhooks.concurrency,
    });
    const dispatcher = new Dispatcher(api, collections, fetcher, secrets);
    privileged.provide('dispatcher', dispatcher);

    // Every event may be due for delivery: fan it out at once rather than at the next tick, the
    // events of one commit together.
    outbox.subscribeInBatches('*', (events, tenant) => dispatcher.dispatchPublished(tenant, events));
    // A deleted chatbot's own endpoints go with it (account-wide ones still get chatbot.deleted).
    api.events.subscribeDurably('chatbot.deleted', 'webhooks.delete-for-chatbot', async (event, tenant) => {
      const webhooks = collections.webhooks.forTenant(tenant);
      const own = await webhooks.list({ filter: { chatbot_id: event.chatbot_id! }, limit: 1000 });
      if (own.length === 0) return;
      await api.commit([
        collections.deliveries.forTenant(tenant).ops.deleteMany({ webhook_id: { in: own.map((webhook) => webhook.id) } }),
        webhooks.ops.deleteMany({ chatbot_id: event.chatbot_id! }),
        quotas.releaseAll(tenant, webhookQuotaOf(event.chatbot_id)),
      ]);
    });

    // A delivery log lives as long as the events it delivered.
    api.maintenance('webhook_deliveries', (now) =>
      sweepExpired(collections.deliveries, 'created_at', new Date(now.getTime() - config.retention.events_days * 86_400_000)),
    );

    privileged.server.ext('onPostStart', () => {
      dispatcher.startSchedule();
      dispatcher.nudge(); // catch up with what was due while no instance ran
    });
    // Beyond its loops, a stop gives back the deliveries claimed and writes the outcomes of those in flight.
    privileged.stopAtShutdown(dispatcher);
    api.route(withScopes(webhookRoutes(api, collections, api.services.chatbots, dispatcher, secrets), areaScope('webhooks')));
  },
};
