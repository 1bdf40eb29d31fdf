// The events API (`/events`): what happened in the account, the payloads webhooks deliver, each
// type visible to a token by the read scope of its area.
import type { Request } from '@hapi/hapi';
import {
  assertSeesEventType,
  callerOf,
  notFound,
  pageSchema,
  paginate,
  presentEvent,
  tenantOf,
  visibleEventTypes,
  withTimeFilter,
  type BuiltInPluginApi,
  type Filter,
  type ListParams,
  type PluginRoute,
} from '../../core/index.js';
import { eventListQuery, eventParams, eventResponse } from './schemas.js';

/**
 * The event-type filter of a feed of events: the type asked for (403 when the caller does not see
 * it), else, for an OAuth token, the types its scopes see (the platform's, external plugins' too).
 */
export function eventTypeFilter(eventTypes: string[], request: Request, asked: string | undefined): Filter[string] | undefined {
  const caller = callerOf(request);
  if (asked) {
    assertSeesEventType(caller, asked);
    return asked;
  }
  const visible = visibleEventTypes(caller, eventTypes);
  return visible ? { in: visible } : undefined;
}

export function eventRoutes(api: BuiltInPluginApi): PluginRoute[] {
  const { eventTypes, outbox } = api.privileged.platform;
  const eventsOf = (request: Request) => outbox.collection.forTenant(tenantOf(request));

  async function listEvents(request: Request) {
    const tenant = tenantOf(request);
    const params = request.query as ListParams & { type?: string; chatbot_id?: string };
    const filter: Filter = {};
    const type = eventTypeFilter(eventTypes, request, params.type);
    if (type) filter.type = type;
    if (params.chatbot_id) filter.chatbot_id = params.chatbot_id;
    return paginate(eventsOf(request), params, {
      filter: withTimeFilter(filter, params),
      present: (event) => presentEvent(event, tenant),
    });
  }

  async function getEvent(request: Request) {
    const { evtId } = request.params as { evtId: string };
    const event = await eventsOf(request).get(evtId);
    if (!event) throw notFound('event', evtId);
    assertSeesEventType(callerOf(request), event.type);
    return presentEvent(event, tenantOf(request));
  }

  return [
    {
      method: 'GET',
      path: '/events',
      options: {
        description: 'List events',
        notes:
          'What happened in the account (this mode), newest first: the payloads webhooks deliver. Filters: `type`, ' +
          '`chatbot_id`, time. An OAuth token sees the event types its scopes see, each type the read scope of its area: ' +
          '`message.*` and `conversation.*` with `conversations:read`, `lead.*` with `leads:read`, `chatbot.*` with ' +
          '`chatbots:read`, `knowledge.*` with `knowledge:read`, `webhook.*` with `webhooks:read` (external plugins’ ' +
          'types: API keys and members only). A `type` it does not see is 403 `insufficient_scope`.',
        tags: ['api', 'events'],
        validate: { query: eventListQuery },
        response: { schema: pageSchema(eventResponse).label('EventList') },
        handler: listEvents,
      },
    },
    {
      method: 'GET',
      path: '/events/{evtId}',
      options: {
        description: 'Get an event',
        notes: 'An OAuth token gets events of the types its scopes see (see `GET /events`); another is 403 `insufficient_scope`.',
        tags: ['api', 'events'],
        validate: { params: eventParams },
        response: { schema: eventResponse },
        handler: getEvent,
      },
    },
  ];
}
