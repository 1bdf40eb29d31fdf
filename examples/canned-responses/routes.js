// The routes, under /api/v1 (the platform prefixes them): list, create, read, change, delete, and
// "use" (what the dashboard calls when an agent inserts one: counts it, returns its text).
import { forChatbot, presentCannedResponse } from './store.js';

/**
 * @typedef {import('chatbot-platform/plugin').PluginApi} PluginApi
 * @typedef {import('chatbot-platform/plugin').PluginRoute} PluginRoute
 * @typedef {import('./store.js').CannedResponseDoc} CannedResponseDoc
 * @typedef {import('./store.js').CannedResponse} CannedResponse
 */

/**
 * @param {PluginApi} api
 * @param {import('chatbot-platform/plugin').Collection<CannedResponseDoc>} collection
 * @returns {PluginRoute[]}
 */
export function cannedResponseRoutes(api, collection) {
  const { Joi } = api;
  const title = Joi.string().trim().min(1).max(100);
  const body = Joi.string().trim().min(1).max(5000);
  const shortcut = Joi.string().trim().lowercase().pattern(/^[a-z0-9][a-z0-9-]{0,39}$/).description('Lower-case letters, digits and dashes');
  const chatbotId = Joi.string().max(64).allow(null).description('Null: every chatbot of the account');
  const params = Joi.object({ responseId: api.ids.idSchema('cr').required() });
  const response = Joi.object({
    id: Joi.string().required(),
    title: Joi.string().required(),
    body: Joi.string().required(),
    shortcut: Joi.string().required(),
    chatbot_id: Joi.string().allow(null).required(),
    use_count: Joi.number().integer().min(0).required(),
    last_used_at: Joi.string().isoDate().allow(null).required(),
    created_at: Joi.string().isoDate().required(),
    updated_at: Joi.string().isoDate().required(),
  }).label('CannedResponse');

  /** @param {import('@hapi/hapi').Request} request */
  const repository = (request) => collection.forTenant(api.request.tenantOf(request));

  /**
   * The response of the path, 404 when it is not the caller's; a chatbot key reaches its
   * chatbot's responses and those of every chatbot.
   * @param {import('@hapi/hapi').Request} request
   * @returns {Promise<CannedResponse>}
   */
  async function find(request) {
    const id = /** @type {{responseId: string}} */ (request.params).responseId;
    const record = await repository(request).get(id);
    const scope = api.request.chatbotKeyScope(request);
    if (!record || (scope && record.chatbot_id !== null && record.chatbot_id !== scope)) throw api.errors.notFound('canned_response', id);
    return record;
  }

  /** A chatbot id given in a body must name one of the caller's chatbots (404 chatbot_not_found). */
  async function checkChatbot(/** @type {import('@hapi/hapi').Request} */ request, /** @type {string | null | undefined} */ chatbotId) {
    if (!chatbotId) return;
    api.request.assertChatbotKeyAllows(request, chatbotId);
    if (!(await api.services.chatbots.find(api.request.tenantOf(request), chatbotId))) throw api.errors.notFound('chatbot', chatbotId);
  }

  /** Chatbot keys change their chatbot's responses only, not those of every chatbot. */
  function assertMayChange(/** @type {import('@hapi/hapi').Request} */ request, /** @type {CannedResponse} */ record) {
    if (record.chatbot_id === null && api.request.chatbotKeyScope(request)) {
      throw api.errors.apiError(403, 'key_scope_chatbot', 'A chatbot key changes its own chatbot’s canned responses only');
    }
  }

  /** @param {unknown} error @param {string} taken */
  const shortcutTaken = (error, taken) =>
    api.errors.isUniqueViolation(error) ? api.errors.apiError(409, 'shortcut_taken', `Another canned response has the shortcut ${taken}`) : error;

  /** @type {import('chatbot-platform/plugin').PluginRouteRules} Agents may read them (they answer conversations). */
  const agentsToo = { scope: 'conversations:read', chatbotKey: 'scoped', agent: true };
  /** @type {import('chatbot-platform/plugin').PluginRouteRules} */
  const writers = { scope: 'conversations:write', chatbotKey: 'scoped' };

  return [
    {
      method: 'GET',
      path: '/canned-responses',
      options: {
        description: 'List canned responses',
        notes: 'Newest first. `chatbot_id`: that chatbot’s and those of every chatbot. `shortcut`: the one with it.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: agentsToo },
        validate: { query: api.pagination.listQuery.keys({ chatbot_id: Joi.string().max(64), shortcut }) },
        response: { schema: api.pagination.pageSchema(response).label('CannedResponseList') },
        handler: async (request) => {
          const params = /** @type {import('chatbot-platform/plugin').ListParams & {chatbot_id?: string, shortcut?: string}} */ (request.query);
          const chatbot = params.chatbot_id ?? api.request.chatbotKeyScope(request);
          if (params.chatbot_id) api.request.assertChatbotKeyAllows(request, params.chatbot_id);
          /** @type {import('chatbot-platform/plugin').Filter} */
          const filter = chatbot ? { for_chatbot: { in: [chatbot, forChatbot(null)] } } : {};
          if (params.shortcut) filter.shortcut = params.shortcut;
          return api.pagination.paginate(repository(request), params, { filter: api.pagination.withTimeFilter(filter, params), present: presentCannedResponse });
        },
      },
    },
    {
      method: 'POST',
      path: '/canned-responses',
      options: {
        description: 'Create a canned response',
        notes: 'Publishes canned_response.created. A shortcut already used in this account and mode is 409 `shortcut_taken`.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: { ...writers, errors: { 404: ['chatbot_not_found'], 409: ['shortcut_taken'] } } },
        validate: { payload: Joi.object({ title: title.required(), body: body.required(), shortcut: shortcut.required(), chatbot_id: chatbotId.default(null) }) },
        response: { status: { 201: response } },
        handler: async (request, h) => {
          const input = /** @type {{title: string, body: string, shortcut: string, chatbot_id: string | null}} */ (request.payload);
          const scope = api.request.chatbotKeyScope(request);
          const chatbot = input.chatbot_id ?? scope;
          await checkChatbot(request, chatbot);
          const now = api.now().toISOString();
          /** @type {CannedResponseDoc & {id: string}} */
          const doc = { id: api.ids.newId('cr'), ...input, chatbot_id: chatbot, for_chatbot: forChatbot(chatbot), use_count: 0, last_used_at: null, created_at: now, updated_at: now };
          const tenant = api.request.tenantOf(request);
          await api.events
            .publish(tenant, { type: 'canned_response.created', chatbotId: chatbot, data: presentCannedResponse({ ...doc, version: 1 }) }, [repository(request).ops.insert(doc)])
            .catch((error) => {
              throw shortcutTaken(error, input.shortcut);
            });
          return h.response(presentCannedResponse({ ...doc, version: 1 })).code(201);
        },
      },
    },
    {
      method: 'GET',
      path: '/canned-responses/{responseId}',
      options: {
        description: 'Get a canned response',
        notes: 'An unknown id, or another tenant’s, is 404 `canned_response_not_found`.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: { ...agentsToo, errors: { 404: ['canned_response_not_found'] } } },
        validate: { params },
        response: { schema: response },
        handler: async (request) => presentCannedResponse(await find(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/canned-responses/{responseId}',
      options: {
        description: 'Change a canned response',
        notes: 'Publishes canned_response.updated. 409 `shortcut_taken` as for creation; 404 `canned_response_not_found`.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: { ...writers, errors: { 404: ['canned_response_not_found', 'chatbot_not_found'], 409: ['shortcut_taken'] } } },
        validate: { params, payload: Joi.object({ title, body, shortcut, chatbot_id: chatbotId }).min(1) },
        response: { schema: response },
        handler: async (request) => {
          const record = await find(request);
          assertMayChange(request, record);
          const input = /** @type {Partial<CannedResponseDoc>} */ (request.payload);
          if (input.chatbot_id === null && api.request.chatbotKeyScope(request)) {
            throw api.errors.apiError(403, 'key_scope_chatbot', 'A chatbot key cannot share a canned response with every chatbot');
          }
          if (input.chatbot_id !== undefined) await checkChatbot(request, input.chatbot_id);
          const changes = { ...input, ...(input.chatbot_id !== undefined ? { for_chatbot: forChatbot(input.chatbot_id) } : {}), updated_at: api.now().toISOString() };
          const updated = { ...record, ...changes };
          const tenant = api.request.tenantOf(request);
          const write = repository(request).ops.update(record.id, changes, { ifVersion: record.version });
          await api.events.publish(tenant, { type: 'canned_response.updated', chatbotId: updated.chatbot_id, data: presentCannedResponse(updated) }, [write]).catch((error) => {
            throw shortcutTaken(error, input.shortcut ?? record.shortcut);
          });
          return presentCannedResponse(updated);
        },
      },
    },
    {
      method: 'DELETE',
      path: '/canned-responses/{responseId}',
      options: {
        description: 'Delete a canned response',
        notes: 'Publishes canned_response.deleted. 404 `canned_response_not_found`.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: { ...writers, errors: { 404: ['canned_response_not_found'] } } },
        validate: { params },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }).label('DeletedCannedResponse') },
        handler: async (request) => {
          const record = await find(request);
          assertMayChange(request, record);
          const data = { id: record.id, deleted: true };
          await api.events.publish(api.request.tenantOf(request), { type: 'canned_response.deleted', chatbotId: record.chatbot_id, data }, [repository(request).ops.delete(record.id)]);
          return data;
        },
      },
    },
    {
      method: 'POST',
      path: '/canned-responses/{responseId}/use',
      options: {
        description: 'Use a canned response: counts the use and returns it',
        notes: 'What the dashboard calls when an agent inserts one into a reply; agents may call it. 404 `canned_response_not_found`.',
        tags: ['api', 'canned-responses'],
        plugins: { platform: { ...agentsToo, scope: 'conversations:write', access: 'read', errors: { 404: ['canned_response_not_found'] } } },
        validate: { params, payload: Joi.object({}).allow(null) },
        response: { schema: response },
        handler: async (request) => {
          const record = await find(request);
          const now = api.now().toISOString();
          // Counted with a version check, retried: two agents using it at once both count.
          for (let attempt = 0; ; attempt++) {
            const current = attempt === 0 ? record : await find(request);
            try {
              const updated = await repository(request).update(current.id, { use_count: current.use_count + 1, last_used_at: now }, { ifVersion: current.version });
              if (updated) return presentCannedResponse(updated);
              throw api.errors.notFound('canned_response', current.id);
            } catch (error) {
              if (attempt >= 3 || !api.errors.isVersionConflict(error)) throw error;
            }
          }
        },
      },
    },
  ];
}
