// Analytics: hourly roll-ups of conversations, messages, leads, resolution, response times and
// feedback, and the routes that read them (overview, timeseries, trends, export).
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import type { FactSources } from './facts.js';
import { AnalyticsReader } from './query.js';
import { AnalyticsRollup } from './rollup.js';
import { analyticsRoutes } from './routes.js';
import { declareAnalytics } from './collections.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    analytics: { rollup: AnalyticsRollup; reader: AnalyticsReader };
  }
}

export const analyticsPlugin: BuiltInPlugin = {
  name: 'analytics',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const collections = declareAnalytics(api);
    // The conversations plugin's records, read through core/contracts/conversation-facts.ts; new
    // leads are counted from the stored events.
    const sources: FactSources = { conversations: api.services.conversations.facts, events: api.privileged.platform.outbox.collection };
    const rollup = new AnalyticsRollup(api, collections, sources);
    const reader = new AnalyticsReader(collections, sources, rollup);
    api.privileged.provide('rollup', rollup);
    api.privileged.provide('reader', reader);

    // A tenant's roll-ups start with its first conversation.
    api.events.subscribe('conversation.started', (_event, tenant) => rollup.track(tenant));

    api.privileged.server.ext('onPostStart', () => {
      rollup.start();
      rollup.nudge(); // catch up with hours that closed while no instance ran
    });
    api.route(withScopes(analyticsRoutes(api, reader, api.services.chatbots, sources), areaScope('analytics')));
  },
};
