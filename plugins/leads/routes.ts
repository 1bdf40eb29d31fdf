// Lead routes (docs/ARCHITECTURE.md A4, A6): create (or update the lead the details identify), list (per account
// and per chatbot), get, update, delete. Chatbot-scoped keys see and change their chatbot's only.
import type { Request } from '@hapi/hapi';
import {
  apiError,
  assertChatbotKeyAllows,
  chatbotKeyScope,
  foldForSearch,
  notFound,
  paginate,
  paginateMatching,
  tenantOf,
  withTimeFilter,
  type ChatbotDirectory,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import {
  chatbotLeadListQuery,
  chatbotParams,
  createLeadInput,
  deletedLeadResponse,
  leadListQuery,
  leadListResponse,
  leadParams,
  leadResponse,
  updateLeadInput,
} from './schemas.js';
import type { LeadFields, LeadPatch, LeadService } from './service.js';
import { presentLead, searchTextOf, type Lead } from './collections.js';

/**
 * A `q` search reads at most this many leads per page, in slices of SEARCH_SLICE (see
 * paginateMatching): about 5 MB of documents at most, whatever the account holds.
 */
const SEARCH_SCAN_LIMIT = 5000;
const SEARCH_SLICE = 500;

const scoped = { platform: { chatbotKey: 'scoped' as const } };

export interface LeadListParams extends ListParams {
  chatbot_id?: string;
  status?: string;
  source?: string;
  q?: string;
}

/** The store-side filters of the list and the export. */
export function leadFilter(params: LeadListParams, chatbotId: string | undefined): Filter {
  const filter: Filter = {};
  if (chatbotId) filter.chatbot_id = chatbotId;
  if (params.status) filter.status = params.status;
  if (params.source) filter.source = params.source;
  return withTimeFilter(filter, params);
}

/**
 * The chatbot a list or export is confined to: the one asked for (`chatbot_id`), which a
 * chatbot-scoped key must own (403 `key_scope_chatbot` otherwise), else the key's own, else none.
 */
export function listedChatbot(request: Request, asked: string | undefined): string | undefined {
  if (asked) assertChatbotKeyAllows(request, asked);
  return asked ?? chatbotKeyScope(request) ?? undefined;
}

/**
 * What `q` looks for in a lead's search text: the digits of something that looks like a phone
 * number ("030 123-4567" finds +49301234567), else the text folded like names (case, accents).
 */
export function searchNeedle(q: string): string {
  const digits = q.replace(/\D/g, '');
  return /^[\d\s().\/+-]+$/.test(q) && digits.length >= 3 ? digits : foldForSearch(q.trim());
}

export function leadMatcher(q: string): (lead: Lead) => boolean {
  const needle = searchNeedle(q);
  // Leads stored before search_text existed get it computed here.
  return (lead) => (lead.search_text ?? searchTextOf(lead)).includes(needle);
}

export function leadRoutes(service: LeadService, directory: ChatbotDirectory): PluginRoute[] {
  const leadIdOf = (request: Request) => (request.params as { leadId: string }).leadId;

  /** The lead of the path, 404 when it is not the caller's, or not the chatbot-scoped key's chatbot's. */
  const leadOf = (request: Request) => service.find(tenantOf(request), leadIdOf(request), chatbotKeyScope(request));

  function list(request: Request, chatbotId: string | undefined) {
    const params = request.query as LeadListParams;
    const repository = service.repository(tenantOf(request));
    const filter = leadFilter(params, chatbotId);
    if (!params.q) return paginate(repository, params, { filter, present: presentLead });
    return paginateMatching(repository, params, {
      filter,
      present: presentLead,
      matches: leadMatcher(params.q),
      matchKey: searchNeedle(params.q),
      scanLimit: SEARCH_SCAN_LIMIT,
      sliceSize: SEARCH_SLICE,
    });
  }

  return [
    {
      method: 'POST',
      path: '/leads',
      options: {
        description: 'Create a lead, or update the one with the same e-mail or phone number',
        notes:
          '`chatbot_id` and at least one of `email`, `phone`. When the chatbot already has a lead with this e-mail ' +
          '(ignoring case) or this phone number (compared in E.164), that lead is updated with the fields sent and the ' +
          'answer is 200; otherwise 201 with the new lead. An e-mail identifies before a phone number: a number held by ' +
          'a lead with another e-mail stays with that lead. Publishes `lead.captured` for a new lead, `lead.updated` ' +
          '(with `previous_attributes`) when something changed. Unknown chatbot: 404 `chatbot_not_found`; an archived ' +
          'chatbot takes no new leads (409 `chatbot_archived`).',
        tags: ['api', 'leads'],
        plugins: { platform: { ...scoped.platform, errors: { 404: ['chatbot_not_found'], 409: ['chatbot_archived'] } } },
        validate: { payload: createLeadInput },
        response: { status: { 200: leadResponse, 201: leadResponse } },
        handler: async (request, h) => {
          const tenant = tenantOf(request);
          const { chatbot_id: chatbotId, ...fields } = request.payload as LeadFields & { chatbot_id: string };
          assertChatbotKeyAllows(request, chatbotId);
          const chatbot = await directory.find(tenant, chatbotId);
          if (!chatbot) throw notFound('chatbot', chatbotId);
          if (chatbot.status === 'archived') {
            throw apiError(409, 'chatbot_archived', `Chatbot ${chatbotId} is archived; restore it to add leads`);
          }
          const { lead, created } = await service.upsert(tenant, {
            chatbotId,
            conversationId: null,
            source: 'api',
            leadId: null,
            locale: chatbot.language,
            fields,
          });
          const response = h.response(presentLead(lead)).code(created ? 201 : 200);
          return created ? response.header('Location', `/api/v1/leads/${lead.id}`) : response;
        },
      },
    },
    {
      method: 'GET',
      path: '/leads',
      options: {
        description: 'List leads',
        notes:
          'Newest first, across the account’s chatbots (a chatbot-scoped key: its chatbot’s). Filters: `chatbot_id`, ' +
          '`status`, `source`, time, and `q`: part of the name, e-mail, company or phone number, ignoring case and ' +
          'accents. A `q` search reads at most 5,000 leads per page, so a page may hold fewer than `limit` leads, ' +
          'even none, while `has_more` is true: follow `next_cursor`.',
        tags: ['api', 'leads'],
        plugins: scoped,
        validate: { query: leadListQuery },
        response: { schema: leadListResponse },
        handler: async (request) => list(request, listedChatbot(request, (request.query as LeadListParams).chatbot_id)),
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/leads',
      options: {
        description: 'List a chatbot’s leads',
        notes: 'As `GET /leads` with `chatbot_id`: newest first; filters `status`, `source`, `q` and time.',
        tags: ['api', 'leads'],
        plugins: { platform: { chatbotKey: true } },
        validate: { params: chatbotParams, query: chatbotLeadListQuery },
        response: { schema: leadListResponse },
        handler: async (request) => {
          const { id } = request.params as { id: string };
          if (!(await directory.find(tenantOf(request), id))) throw notFound('chatbot', id);
          return list(request, id);
        },
      },
    },
    {
      method: 'GET',
      path: '/leads/{leadId}',
      options: {
        description: 'Get a lead',
        tags: ['api', 'leads'],
        plugins: scoped,
        validate: { params: leadParams },
        response: { schema: leadResponse },
        handler: async (request) => presentLead(await leadOf(request)),
      },
    },
    {
      method: 'PATCH',
      path: '/leads/{leadId}',
      options: {
        description: 'Update a lead',
        notes:
          'Changes only the fields sent; `null` clears one. Statuses: `new`, `contacted`, `qualified`, `converted`, ' +
          '`lost`, in any order. An e-mail or phone number another lead of the chatbot has is 409 `conflict` naming ' +
          'that lead. Publishes `lead.updated` with `previous_attributes` when something changed.',
        tags: ['api', 'leads'],
        plugins: scoped,
        validate: { params: leadParams, payload: updateLeadInput },
        response: { schema: leadResponse },
        handler: async (request) => {
          const lead = await leadOf(request);
          return presentLead(await service.patch(tenantOf(request), lead, request.payload as LeadPatch));
        },
      },
    },
    {
      method: 'DELETE',
      path: '/leads/{leadId}',
      options: {
        description: 'Delete a lead and its personal data, for good',
        notes:
          'Removes the lead, and the personal data of the `lead.captured` and `lead.updated` events still kept ' +
          '(they keep only the lead’s id; webhook retries send them so). A conversation the lead came from stops ' +
          'naming it, but keeps its messages: what the visitor wrote stays there until the conversation is deleted.',
        tags: ['api', 'leads'],
        plugins: scoped,
        validate: { params: leadParams },
        response: { schema: deletedLeadResponse },
        handler: async (request) => {
          const lead = await leadOf(request);
          await service.delete(tenantOf(request), lead);
          return { id: lead.id, deleted: true };
        },
      },
    },
  ];
}
