// Learning: what the chatbot learns from its conversations. A thumbs-up on a Q&A answer teaches the
// pair the visitor's phrasing (from-use.ts), and POST …/knowledge/qa-from-message turns a question
// visitors asked into a Q&A pair. It reads conversations and changes the knowledge, each through its
// interface, so it registers after both.
import { areaScope, PLUGIN_API_VERSION, withScopes, type BuiltInPlugin } from '../../core/index.js';
import { LearningFromUse } from './from-use.js';
import { qaFromMessageRoute } from './qa-from-message.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    learning: { fromUse: LearningFromUse };
  }
}

export const learningPlugin: BuiltInPlugin = {
  name: 'learning',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    const directory = api.services.chatbots;
    const facts = api.services.conversations.facts;
    const retriever = api.services.knowledge;
    // Changing the knowledge takes more than the public retriever: the knowledge area's curation.
    const { curation, schemas } = api.privileged.services.knowledge;
    const fromUse = new LearningFromUse(api, { directory, facts, retriever, curation });
    api.privileged.provide('fromUse', fromUse);
    // Named as when learning was part of the knowledge area: reactions already stored keep their name.
    api.events.subscribeDurably('message.rated', 'knowledge.learn-from-feedback', (event, tenant) => fromUse.learnFromRating(event, tenant));
    api.events.subscribe('message.created', (event, tenant) => fromUse.learnFromChoice(event, tenant));
    api.route(withScopes([qaFromMessageRoute(directory, facts, curation, schemas)], areaScope('knowledge')));
  },
};
