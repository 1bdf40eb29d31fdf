// The leads collection: contact details a chatbot collected. One lead per e-mail and one per phone
// number per chatbot, held by two unique indexes.
import { foldForSearch, LEAD_SOURCES, type Collection, type LeadSource, type CollectionDeclarer, type Stored } from '../../core/index.js';
import { countryHintOf, normalisePhone, type NormalisedPhone } from './phone.js';

export { LEAD_SOURCES, type LeadSource };
export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
/** Sources anyone can write through without a credential: what they send only fills in what a lead lacks. */
export const VISITOR_SOURCES: readonly LeadSource[] = ['widget_form', 'conversation', 'handoff_offline', 'widget_identity'];
export const LEAD_EVENT_TYPES = ['lead.captured', 'lead.updated'];

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface LeadDoc {
  chatbot_id: string;
  /** The conversation the lead was first captured in; null for leads made through the API. */
  conversation_id: string | null;
  name: string | null;
  email: string | null;
  /** E.164 when the number could be read (see phone.ts), else as given. */
  phone: string | null;
  company: string | null;
  notes: string | null;
  custom: Record<string, unknown>;
  status: LeadStatus;
  source: LeadSource;
  /**
   * The e-mail key: `email:<the address in lower case>`, or while the lead has no e-mail a
   * placeholder unique to it (`none:<id>`; leads stored before phones counted have `lead:<id>`).
   * Always present, so the unique index works on MongoDB too, where a missing field counts as null
   * and would collide. Named before phone numbers counted; kept so stored leads and their index
   * stay as they are.
   */
  dedupe_key: string;
  /** The phone key: `phone:<E.164>` (see phone.ts), or `none:<id>`. Always present, as dedupe_key. */
  phone_key: string;
  /** Name, e-mail and company folded (case, accents) and the phone's digit forms, for `q`. */
  search_text: string;
  created_at: string;
  updated_at: string;
}

export type Lead = Stored<LeadDoc>;

export function declareLeads(store: CollectionDeclarer): Collection<LeadDoc> {
  return store.collection<LeadDoc>({
    name: 'leads',
    scope: 'tenant',
    indexes: [
      { fields: ['chatbot_id', 'dedupe_key'], unique: true },
      { fields: ['chatbot_id', 'phone_key'], unique: true },
      { fields: ['conversation_id'] },
      { fields: ['status'] },
    ],
    // Leads stored before phones counted have neither key: a placeholder phone key (they keep
    // matching by e-mail only, as they did) and their search text, before the unique index is made.
    upgrade: {
      missing: 'phone_key',
      fill: (doc) => ({ phone_key: placeholderKey(doc.id), search_text: searchTextOf(doc as unknown as LeadDoc) }),
    },
  });
}

export function emailKey(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function placeholderKey(leadId: string): string {
  return `none:${leadId}`;
}

/** True when the key identifies the lead by a real e-mail or phone, not a placeholder. */
export function isIdentityKey(key: string | undefined): boolean {
  return Boolean(key && (key.startsWith('email:') || key.startsWith('phone:')));
}

/** A new lead as stored: its keys (or placeholders) and search text derived from its details. */
export function newLeadDoc(lead: {
  id: string;
  chatbotId: string;
  conversationId: string | null;
  source: LeadSource;
  at: string;
  name?: string | null;
  email?: string | null;
  phone?: NormalisedPhone | null;
  company?: string | null;
  notes?: string | null;
  custom?: Record<string, unknown>;
  status?: LeadStatus;
}): LeadDoc & { id: string } {
  const details = { name: lead.name ?? null, email: lead.email ?? null, phone: lead.phone?.value ?? null, company: lead.company ?? null };
  return {
    id: lead.id,
    chatbot_id: lead.chatbotId,
    conversation_id: lead.conversationId,
    ...details,
    notes: lead.notes ?? null,
    custom: lead.custom ?? {},
    status: lead.status ?? 'new',
    source: lead.source,
    dedupe_key: details.email ? emailKey(details.email) : placeholderKey(lead.id),
    phone_key: lead.phone?.key ?? placeholderKey(lead.id),
    search_text: searchTextOf(details),
    created_at: lead.at,
    updated_at: lead.at,
  };
}

/** The text `q` searches; `phoneCountry` reads numbers stored without a country code (leads stored before phones were normalised). */
export function searchTextOf(lead: Pick<LeadDoc, 'name' | 'email' | 'company' | 'phone'>, phoneCountry?: string): string {
  const phoneForms = lead.phone ? normalisePhone(lead.phone, countryHintOf(phoneCountry)).searchForms : [];
  return [lead.name, lead.email, lead.company]
    .filter((part): part is string => Boolean(part))
    .map(foldForSearch)
    .concat(phoneForms)
    .join('\n');
}

/** The lead as the API returns it. Leads stored before `notes` and `custom` existed read as empty. */
export function presentLead(lead: Lead) {
  return {
    id: lead.id,
    chatbot_id: lead.chatbot_id,
    conversation_id: lead.conversation_id ?? null,
    name: lead.name ?? null,
    email: lead.email ?? null,
    phone: lead.phone ?? null,
    company: lead.company ?? null,
    notes: lead.notes ?? null,
    custom: lead.custom ?? {},
    status: lead.status,
    source: lead.source,
    created_at: lead.created_at,
    updated_at: lead.updated_at,
  };
}

export type LeadView = ReturnType<typeof presentLead>;
