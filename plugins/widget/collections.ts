// The widget's records: one per chatbot (its settings, and the key the public routes find the
// chatbot's account by), and one per widget conversation (the hash of its visitor token).
import type { Collection, CollectionDeclarer, Stored } from '../../core/index.js';
import type { WidgetSettings } from './settings.js';

export interface WidgetDoc {
  /**
   * The chatbot (also the record's id). Unique across tenants: the public routes know only the
   * chatbot id and find the account and mode from it.
   */
  chatbot_id: string;
  /** Null until the owner saves settings: every field takes its default. */
  settings: WidgetSettings | null;
  created_at: string;
  updated_at: string | null;
}

export type Widget = Stored<WidgetDoc>;

/** A visitor's conversation token, stored hashed (the record's id is the conversation's). */
export interface VisitorTokenDoc {
  chatbot_id: string;
  /** sha256 of the token, hex. */
  token_hash: string;
  created_at: string;
}

export interface WidgetCollections {
  widgets: Collection<WidgetDoc>;
  tokens: Collection<VisitorTokenDoc>;
}

export function declareWidgetCollections(store: CollectionDeclarer): WidgetCollections {
  return {
    widgets: store.collection<WidgetDoc>({
      name: 'widgets',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id'], unique: true, acrossTenants: true }],
    }),
    tokens: store.collection<VisitorTokenDoc>({
      name: 'widget_visitor_tokens',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id'] }],
    }),
  };
}
