// The canned responses collection: one per tenant (account and mode), so the sandbox has its own.

/**
 * @typedef {object} CannedResponseDoc
 * @property {string} title
 * @property {string} body
 * @property {string} shortcut What an agent types to find it: lower case letters, digits, dashes.
 * @property {string | null} chatbot_id Null: every chatbot of the account.
 * @property {string} for_chatbot The chatbot id, or `all`: what the list filters on (one `in`
 *   condition finds a chatbot's responses and those of every chatbot; a filter cannot say "or null").
 * @property {number} use_count
 * @property {string | null} last_used_at
 * @property {string} created_at
 * @property {string} updated_at
 */

/** @typedef {import('chatbot-platform/plugin').Stored<CannedResponseDoc>} CannedResponse */

/**
 * @param {import('chatbot-platform/plugin').PluginApi} api
 * @returns {import('chatbot-platform/plugin').Collection<CannedResponseDoc>}
 */
export function declareCannedResponses(api) {
  return api.collection({
    name: 'canned_responses',
    scope: 'tenant',
    // A shortcut names one response per tenant; every response has one (a unique index over an
    // optional field would count every missing one as the same value on MongoDB).
    indexes: [{ fields: ['shortcut'], unique: true }, { fields: ['for_chatbot'] }, { fields: ['chatbot_id'] }],
  });
}

/** @param {string | null} chatbotId */
export const forChatbot = (chatbotId) => chatbotId ?? 'all';

/** @param {CannedResponse} record */
export function presentCannedResponse(record) {
  return {
    id: record.id,
    title: record.title,
    body: record.body,
    shortcut: record.shortcut,
    chatbot_id: record.chatbot_id,
    use_count: record.use_count,
    last_used_at: record.last_used_at,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}
