// The widget's records: one per chatbot (its settings, and the key the public routes find the
// chatbot's account by), one per widget conversation (the hash of its visitor token), and one per
// verified visitor (their last conversation, for their other browsers).
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
  /** The identity secret (identity.ts), sealed; absent or null until the owner makes one. */
  identity_secret?: { sealed: string; created_at: string } | null;
  created_at: string;
  updated_at: string | null;
}

export type Widget = Stored<WidgetDoc>;

/** A visitor's conversation token, stored hashed (the record's id is the conversation's). */
export interface VisitorTokenDoc {
  chatbot_id: string;
  /** sha256 of the token, hex. */
  token_hash: string;
  /**
   * Tokens given to the same verified visitor's other browsers (identity.ts), hashed the same way;
   * the newest few, so each browser keeps working.
   */
  device_hashes?: string[];
  created_at: string;
}

/** A verified visitor's last conversation with a chatbot (id: identityRecordId). */
export interface VisitorIdentityDoc {
  chatbot_id: string;
  conversation_id: string;
  updated_at: string;
}

export interface WidgetCollections {
  widgets: Collection<WidgetDoc>;
  tokens: Collection<VisitorTokenDoc>;
  identities: Collection<VisitorIdentityDoc>;
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
    identities: store.collection<VisitorIdentityDoc>({
      name: 'widget_identities',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id'] }],
    }),
  };
}
