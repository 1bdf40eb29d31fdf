// An event as subscribers, durable reactions, webhooks and `GET /events` see it. A module of its
// own, so the bus (events.ts) and the reactions it feeds (reactions.ts) both name it without
// importing each other.
export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  livemode: boolean;
  account_id: string;
  chatbot_id: string | null;
  data: Record<string, unknown>;
}
