// The event types of the platform, shared by the server (webhook subscriptions, the events API) and
// the dashboard (the webhook form's choices). Each is declared by the built-in area that publishes
// it, in its manifest's `events` (test/core/built-in-areas.test.ts holds the two equal). External
// plugins add their own (core/plugin-api/loader.ts) to `platform.eventTypes`, which webhook
// subscriptions accept.
/** Every built-in event type; `*` subscribes to all, including types added later. */
export const BUILT_IN_EVENT_TYPES = [
  'message.created',
  'message.rated',
  'conversation.started',
  'conversation.handoff',
  'conversation.assigned',
  'conversation.ended',
  'conversation.rated',
  'conversation.deletion_requested',
  'lead.captured',
  'lead.updated',
  'chatbot.created',
  'chatbot.updated',
  'chatbot.deleted',
  'knowledge.ready',
  'knowledge.failed',
  'chatbot.error',
  'webhook.test',
  'webhook.disabled',
] as const;
