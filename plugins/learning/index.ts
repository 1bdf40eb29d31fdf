// Learning: what the chatbot learns from its conversations. A thumbs-up on a Q&A answer teaches the
// pair the visitor's phrasing (from-use.ts), and POST …/knowledge/qa-from-message turns a question
// visitors asked into a Q&A pair. It reads conversations and changes the knowledge, each through its
// interface, so it registers after both.
import type { Plugin } from '@hapi/hapi';
import { areaScope, withScopes } from '../../core/index.js';
import { LearningFromUse } from './from-use.js';
import { qaFromMessageRoute } from './qa-from-message.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    learning: { fromUse: LearningFromUse };
  }
}

export const learningPlugin: Plugin<void> = {
  name: 'learning',
  version: '1.0.0',
  dependencies: ['chatbots', 'knowledge', 'conversations'],
  register(server) {
    const platform = server.platform;
    const directory = server.plugins.chatbots.directory;
    const facts = server.plugins.conversations.facts;
    const { retriever, curation, schemas } = server.plugins.knowledge;
    const fromUse = new LearningFromUse(platform, { directory, facts, retriever, curation });
    server.expose('fromUse', fromUse);
    // Named as when learning was part of the knowledge area: reactions already stored keep their name.
    platform.events.subscribeDurably('message.rated', 'knowledge.learn-from-feedback', (event, tenant) => fromUse.learnFromRating(event, tenant));
    server.route(withScopes([qaFromMessageRoute(directory, facts, curation, schemas)], areaScope('knowledge')));
  },
};
