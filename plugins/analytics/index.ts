// Analytics: hourly roll-ups of conversations, messages, leads, resolution, response times and
// feedback, and the routes that read them (overview, timeseries, trends, export).
import type { Plugin } from '@hapi/hapi';
import { areaScope, withScopes } from '../../core/index.js';
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

export const analyticsPlugin: Plugin<void> = {
  name: 'analytics',
  version: '1.0.0',
  dependencies: ['chatbots', 'conversations'],
  register(server) {
    const platform = server.platform;
    const collections = declareAnalytics(platform.store);
    // The conversations plugin's records, read through core/contracts/conversation-facts.ts.
    const sources: FactSources = { conversations: server.plugins.conversations.facts, events: platform.events.collection };
    const rollup = new AnalyticsRollup(platform, collections, sources);
    const reader = new AnalyticsReader(collections, sources, rollup);
    server.expose('rollup', rollup);
    server.expose('reader', reader);

    // A tenant's roll-ups start with its first conversation.
    platform.events.subscribe('conversation.started', (_event, tenant) => rollup.track(tenant));

    server.ext('onPostStart', () => {
      rollup.start();
      rollup.nudge(); // catch up with hours that closed while no instance ran
    });
    platform.background.add(rollup);
    server.route(withScopes(analyticsRoutes(platform, reader, server.plugins.chatbots.directory), areaScope('analytics')));
  },
};
