// The leads collection: contact details a chatbot collected. One lead per e-mail per chatbot.
import type { Collection, Store, Stored } from '../../core/store/types.js';

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export const LEAD_SOURCES = ['widget_form', 'conversation', 'api'] as const;

export interface LeadDoc {
  chatbot_id: string;
  conversation_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
  custom: Record<string, unknown>;
  status: (typeof LEAD_STATUSES)[number];
  source: (typeof LEAD_SOURCES)[number];
  /**
   * What makes a lead unique within its chatbot: `email:<lower-case e-mail>`, or while a lead has no
   * e-mail, `lead:<its id>`. Always present, so the unique index works on MongoDB too (where a
   * missing field would count as null and collide).
   */
  dedupe_key: string;
  created_at: string;
  updated_at: string;
}

export type Lead = Stored<LeadDoc>;

export function declareLeads(store: Store): Collection<LeadDoc> {
  return store.collection<LeadDoc>({
    name: 'leads',
    scope: 'tenant',
    indexes: [{ fields: ['chatbot_id', 'dedupe_key'], unique: true }, { fields: ['conversation_id'] }, { fields: ['status'] }],
  });
}

export function emailKey(email: string): string {
  return `email:${email.toLowerCase()}`;
}

export function presentLead(lead: Lead) {
  return {
    id: lead.id,
    chatbot_id: lead.chatbot_id,
    conversation_id: lead.conversation_id,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    company: lead.company,
    notes: lead.notes,
    custom: lead.custom,
    status: lead.status,
    source: lead.source,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
  };
}
