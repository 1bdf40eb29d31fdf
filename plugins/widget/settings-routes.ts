// GET and PUT /chatbots/{id}/widget: the widget's settings, for the account's keys and the
// chatbot's own key.
import type { Request } from '@hapi/hapi';
import { apiError, idSchema, notFound, tenantOf, type BuiltInPluginApi, type ChatbotDirectory, type PluginRoute } from '../../core/index.js';
import Joi from 'joi';
import type { WidgetDirectory } from './directory.js';
import { completeWidgetSettings, widgetSettingsInput, widgetSettingsResponse, wildcardTooBroad, type WidgetSettings } from './settings.js';
import type { Widget } from './collections.js';
import { identitySecretCreatedAt, newIdentitySecret } from './identity.js';

const params = Joi.object({ id: idSchema('cb').required() });

export function widgetSettingsRoutes(api: BuiltInPluginApi, chatbots: ChatbotDirectory, widgets: WidgetDirectory): PluginRoute[] {
  const secrets = () => api.privileged.platform.secrets();
  async function chatbotOf(request: Request) {
    const id = (request.params as { id: string }).id;
    const chatbot = await chatbots.find(tenantOf(request), id);
    if (!chatbot) throw notFound('chatbot', id);
    return chatbot;
  }

  /** The chatbot, for a change to its widget: archived chatbots are read-only. */
  async function writableChatbotOf(request: Request) {
    const chatbot = await chatbotOf(request);
    if (chatbot.status === 'archived') {
      throw apiError(409, 'chatbot_archived', `Chatbot ${chatbot.id} is archived; restore it to change its widget`);
    }
    return chatbot;
  }

  /** The tag a site owner pastes: this server's public URL, else the address the request came to. */
  function embedCode(request: Request, chatbotId: string): string {
    const base = api.privileged.platform.config.server.public_url?.replace(/\/+$/, '') ?? `${request.server.info.protocol}://${request.info.host}`;
    return `<script src="${base}/widget.js" data-chatbot-id="${chatbotId}" async></script>`;
  }

  const present = (request: Request, widget: Widget) => {
    const settings = completeWidgetSettings(widget.settings);
    return {
      chatbot_id: widget.chatbot_id,
      ...settings,
      ignored_origins: settings.allowed_origins.filter(wildcardTooBroad),
      embed_code: embedCode(request, widget.chatbot_id),
      identity_secret_created_at: identitySecretCreatedAt(widget),
      updated_at: widget.updated_at,
    };
  };

  return [
    {
      method: 'GET',
      path: '/chatbots/{id}/widget',
      options: {
        description: 'Get a chatbot’s widget settings',
        notes: 'Every field, defaults filled in, and `embed_code`: the script tag to paste into a page.',
        tags: ['api', 'widget'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params },
        response: { schema: widgetSettingsResponse },
        handler: async (request) => {
          const chatbot = await chatbotOf(request);
          return present(request, await widgets.ensure(tenantOf(request), chatbot.id));
        },
      },
    },
    {
      method: 'PUT',
      path: '/chatbots/{id}/widget',
      options: {
        description: 'Replace a chatbot’s widget settings',
        notes:
          'Replaces the whole object: a field left out takes its default. Display-rule URL patterns match the page’s path and query ' +
          '(or the whole URL when they start with http:// or https://); `*` is any run of characters. `allowed_origins` empty: any ' +
          'site may embed the widget; a wildcard only below a registrable domain (`https://*.example.co.uk`, not `https://*.co.uk` ' +
          'or `https://*.github.io`: 400). Archived chatbots are read-only (409 `chatbot_archived`).',
        tags: ['api', 'widget'],
        plugins: { platform: { chatbotKey: true, errors: { 409: ['chatbot_archived', 'identity_secret_missing'] } } },
        validate: { params, payload: widgetSettingsInput.required() },
        response: { schema: widgetSettingsResponse },
        handler: async (request) => {
          const tenant = tenantOf(request);
          const chatbot = await writableChatbotOf(request);
          const widget = await widgets.ensure(tenant, chatbot.id);
          const settings = request.payload as WidgetSettings;
          if (settings.identity_verification && !widget.identity_secret) {
            throw apiError(409, 'identity_secret_missing', 'Make an identity secret (POST …/widget/identity-secret) before turning identity verification on');
          }
          return present(request, await widgets.save(tenant, widget, settings));
        },
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/widget/identity-secret',
      options: {
        description: 'Make (or replace) the widget’s identity secret',
        notes:
          'The secret your site’s server signs its signed-in visitor’s id with: `user_hash` = HMAC-SHA256(secret, user_id), hex, ' +
          'sent with `ChatbotWidget.identify({ user_id, user_hash, … })`. Shown once, in this answer; kept encrypted. A new one ' +
          'replaces the old at once (hashes signed with the old one are refused from then on). Archived chatbots are read-only.',
        tags: ['api', 'widget'],
        plugins: { platform: { chatbotKey: true, errors: { 409: ['chatbot_archived'] } } },
        validate: { params, payload: Joi.object({}).allow(null) },
        response: {
          status: {
            201: Joi.object({
              secret: Joi.string().required().description('Shown once'),
              created_at: Joi.string().isoDate().required(),
            }).label('WidgetIdentitySecret'),
          },
        },
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const chatbot = await writableChatbotOf(request);
          const secret = newIdentitySecret();
          const widget = await widgets.setIdentitySecret(tenant, await widgets.ensure(tenant, chatbot.id), (await secrets()).seal(secret));
          return h.response({ secret, created_at: identitySecretCreatedAt(widget) }).code(201).header('Cache-Control', 'no-store');
        },
      },
    },
  ];
}
