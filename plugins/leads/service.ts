// The lead rules every way in shares (the API, conversations, the widget form): one lead per e-mail
// and one per phone number per chatbot, an update instead of a duplicate, events with each change,
// and deletion that takes the personal data out of the events too.
//
// Dedupe rests on the store, not on reading first: every lead holds two always-present keys
// (dedupe_key for the e-mail, phone_key for the phone), each under a unique index per chatbot. Two
// captures of one new address or number that race both read "no lead", both insert, and the index
// lets one through; the other gets UniqueConstraintError, reads again, finds the winner and updates
// it. That holds across processes and instances, on SQLite and on MongoDB (a unique insert is
// atomic on every MongoDB-wire server).
import { isDeepStrictEqual } from 'node:util';
import {
  apiError,
  newId,
  notFound,
  recordsInPages,
  UniqueConstraintError,
  VersionConflictError,
  backOffAfterConflict,
  type ChatbotDirectory,
  type Collection,
  type Filter,
  type BuiltInPluginApi,
  type Repository,
  type TenantScope,
} from '../../core/index.js';
import { countryHintOf, normalisePhone, PHONE_PATTERN, type NormalisedPhone } from './phone.js';
import {
  emailKey,
  isIdentityKey,
  LEAD_EVENT_TYPES,
  newLeadDoc,
  placeholderKey,
  presentLead,
  searchTextOf,
  type Lead,
  type LeadDoc,
  type LeadSource,
  type LeadStatus,
  type LeadView,
  VISITOR_SOURCES,
} from './collections.js';

/** How often a write is tried again after another request changed the lead or took its key. */
const WRITE_ATTEMPTS = 5;

/** The longest values a lead keeps (the API's limits; a capture's longer values are not contact details). */
export const LEAD_LIMITS = { name: 200, email: 254, phone: 50, company: 200, notes: 5000 } as const;

/** The fields a capture or POST may give. Absent (or empty) fields leave what the lead has. */
export interface LeadFields {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
  notes?: string | null;
  custom?: Record<string, unknown>;
  status?: LeadStatus;
}

/** A PATCH: each field sent replaces the lead's; null (or '') clears it. */
export type LeadPatch = { [K in keyof LeadFields]?: LeadFields[K] | null };

export interface UpsertInput {
  chatbotId: string;
  /** The conversation the details were seen in (null for the API). */
  conversationId: string | null;
  source: LeadSource;
  /** The conversation's own lead: it takes details that identify no other lead. */
  leadId: string | null;
  /** Hints the country of a phone number given without one (BCP 47 tag or language code); null: the chatbot's language. */
  locale: string | null;
  fields: LeadFields;
}

export interface UpsertResult {
  lead: Lead;
  created: boolean;
}

type DeletedListener = (tenant: TenantScope, leadId: string) => Promise<void>;

/** Fields whose previous values `lead.updated` reports in `previous_attributes`. */
type PublicField = Exclude<keyof LeadView, 'id' | 'chatbot_id' | 'source' | 'created_at' | 'updated_at'>;

export class LeadService {
  private readonly deletedListeners: DeletedListener[] = [];

  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly collection: Collection<LeadDoc>,
    private readonly directory: ChatbotDirectory,
  ) {}

  repository(tenant: TenantScope): Repository<LeadDoc> {
    return this.collection.forTenant(tenant);
  }

  /** The lead, 404 when it is not this caller's (or not of `chatbotId`, for chatbot-scoped keys). */
  async find(tenant: TenantScope, leadId: string, chatbotId: string | null = null): Promise<Lead> {
    const lead = await this.repository(tenant).get(leadId);
    if (!lead || (chatbotId && lead.chatbot_id !== chatbotId)) throw notFound('lead', leadId);
    return lead;
  }

  /**
   * Creates the lead, or updates the one the details identify: the chatbot's lead with this
   * e-mail, else its lead with this phone number (unless that one has another e-mail: e-mail
   * wins), else the conversation's own lead (unless it has another e-mail or phone). A phone
   * number another lead holds stays with that lead. Publishes `lead.captured` for a new lead and
   * `lead.updated` when something changed; details it already has change nothing and publish nothing.
   */
  async upsert(tenant: TenantScope, input: UpsertInput): Promise<UpsertResult> {
    const fields = usableFields(input.fields);
    const locale = input.locale ?? (await this.directory.find(tenant, input.chatbotId))?.language ?? null;
    const phone = fields.phone ? normalisePhone(fields.phone, countryHintOf(locale)) : null;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.upsertOnce(tenant, input, fields, phone);
      } catch (error) {
        // Another capture of this e-mail or number, or a change to the lead, landed first: read again.
        if (!(error instanceof UniqueConstraintError || error instanceof VersionConflictError)) throw error;
        if (attempt >= WRITE_ATTEMPTS) throw apiError(409, 'conflict', 'The lead is being changed by concurrent requests; retry');
      }
    }
  }

  /** Applies a PATCH. A new e-mail or phone another lead of the chatbot holds is 409 `conflict`. */
  async patch(tenant: TenantScope, lead: Lead, patch: LeadPatch): Promise<Lead> {
    const language = (await this.directory.find(tenant, lead.chatbot_id))?.language;
    const phone = patch.phone ? normalisePhone(patch.phone, countryHintOf(language)) : null;
    let current = lead;
    for (let attempt = 1; ; attempt++) {
      const change = new LeadChange(current);
      for (const field of ['name', 'company', 'notes', 'custom', 'status'] as const) {
        if (patch[field] !== undefined) change.set(field, patch[field] === '' ? null : patch[field]);
      }
      if (patch.email !== undefined) {
        const email = patch.email || null;
        change.set('email', email);
        if (change.changed('email')) change.setKey('dedupe_key', email ? emailKey(email) : placeholderKey(current.id));
      }
      if (patch.phone !== undefined) {
        change.set('phone', phone?.value ?? null);
        if (change.changed('phone')) change.setKey('phone_key', phone?.key ?? placeholderKey(current.id));
      }
      try {
        return await this.commit(tenant, change);
      } catch (error) {
        if (error instanceof UniqueConstraintError) throw await this.keyTaken(tenant, current, change);
        if (!(error instanceof VersionConflictError) || attempt >= WRITE_ATTEMPTS) throw error;
        await backOffAfterConflict(attempt);
        current = await this.find(tenant, lead.id);
      }
    }
  }

  /**
   * Deletes the lead, and its personal data from the `lead.*` events still kept (the outbox and the
   * events log): they keep only the lead's id. The events are scrubbed before the delete, so a
   * failure leaves the lead for a retry, and again after it, for a capture that landed in between.
   */
  async delete(tenant: TenantScope, lead: Lead): Promise<void> {
    await this.scrubEvents(tenant, { 'data.id': lead.id });
    await this.repository(tenant).delete(lead.id);
    await this.scrubEvents(tenant, { 'data.id': lead.id });
    for (const listener of this.deletedListeners) {
      try {
        await listener(tenant, lead.id);
      } catch (error) {
        this.api.logger.error({ err: error, lead_id: lead.id }, 'a reaction to a deleted lead failed');
      }
    }
  }

  /** A deleted chatbot's leads, and their personal data in its `lead.*` events. Idempotent. */
  async deleteForChatbot(tenant: TenantScope, chatbotId: string): Promise<void> {
    await this.repository(tenant).deleteMany({ chatbot_id: chatbotId });
    await this.scrubEvents(tenant, { chatbot_id: chatbotId });
  }

  /** A deleted conversation: its leads stop naming it (`lead.updated`). */
  async forgetConversation(tenant: TenantScope, conversationId: string): Promise<void> {
    for await (const lead of recordsInPages(this.repository(tenant), { conversation_id: conversationId })) {
      let current: Lead | null = lead;
      for (let attempt = 1; current?.conversation_id === conversationId; attempt++) {
        const change = new LeadChange(current);
        change.set('conversation_id', null);
        try {
          await this.commit(tenant, change);
          break;
        } catch (error) {
          if (!(error instanceof VersionConflictError) || attempt >= WRITE_ATTEMPTS) throw error;
          await backOffAfterConflict(attempt);
          current = await this.repository(tenant).get(lead.id);
        }
      }
    }
  }

  /** Runs after every lead deletion (other areas drop their links to it); a failure is logged. */
  onDeleted(listener: DeletedListener): void {
    this.deletedListeners.push(listener);
  }

  private async upsertOnce(tenant: TenantScope, input: UpsertInput, fields: LeadFields, phone: NormalisedPhone | null): Promise<UpsertResult> {
    const repository = this.repository(tenant);
    const email = fields.email ? emailKey(fields.email) : null;
    const byEmail = email ? await repository.findOne({ chatbot_id: input.chatbotId, dedupe_key: email }) : null;
    const byPhone = phone ? await repository.findOne({ chatbot_id: input.chatbotId, phone_key: phone.key }) : null;
    const ownLead = input.leadId ? await repository.get(input.leadId) : null;
    const own = ownLead?.chatbot_id === input.chatbotId ? ownLead : null;

    let target: Lead | null = null;
    if (byEmail) target = byEmail;
    else if (byPhone && !(email && hasEmail(byPhone))) target = byPhone;
    else if (own && !(email && hasEmail(own)) && !(phone && hasPhone(own) && own.phone_key !== phone.key)) target = own;
    // The number stays with the lead that holds it: e-mail wins a conflict, the other lead is not touched.
    const ownPhone = phone && (!byPhone || byPhone.id === target?.id) ? phone : null;

    if (!target) return { lead: await this.create(tenant, input, fields, ownPhone), created: true };

    const change = new LeadChange(target);
    // What a visitor sends (no credential, any address typed in) fills in what the lead lacks and
    // never replaces what it has: otherwise anyone knowing a customer's e-mail rewrites their lead.
    const fillOnly = VISITOR_SOURCES.includes(input.source);
    for (const field of ['name', 'company', 'notes', 'custom', 'status'] as const) {
      if (fields[field] === undefined) continue;
      if (fillOnly && target[field] !== null && target[field] !== undefined) continue;
      change.set(field, fields[field]);
    }
    // An address the lead has in other letter case stays as first written.
    if (email && !hasEmail(target)) {
      change.set('email', fields.email!);
      change.setKey('dedupe_key', email);
    }
    if (ownPhone && target.phone_key !== ownPhone.key && !(fillOnly && target.phone)) {
      change.set('phone', ownPhone.value);
      change.setKey('phone_key', ownPhone.key);
    }
    if (!target.conversation_id && input.conversationId) change.set('conversation_id', input.conversationId);
    return { lead: await this.commit(tenant, change), created: false };
  }

  private async create(tenant: TenantScope, input: UpsertInput, fields: LeadFields, phone: NormalisedPhone | null): Promise<Lead> {
    const now = this.api.now();
    const doc = newLeadDoc({
      ...fields,
      id: newId('lead', now.getTime()),
      chatbotId: input.chatbotId,
      conversationId: input.conversationId,
      source: input.source,
      at: now.toISOString(),
      phone,
    });
    const lead: Lead = { ...doc, version: 1 };
    await this.api.events.publish(tenant, { type: 'lead.captured', chatbotId: input.chatbotId, data: presentLead(lead) }, [
      this.repository(tenant).ops.insert(doc),
    ]);
    return lead;
  }

  /** Writes a change with its `lead.updated` event; a change of nothing writes and publishes nothing. */
  private async commit(tenant: TenantScope, change: LeadChange): Promise<Lead> {
    const { lead } = change;
    if (!change.any()) return lead;
    const changes = change.changes();
    if (['name', 'email', 'phone', 'company'].some((field) => change.changed(field as PublicField))) {
      changes.search_text = searchTextOf({ ...lead, ...changes } as LeadDoc);
    }
    changes.updated_at = this.api.now().toISOString();
    const updated: Lead = { ...lead, ...changes, version: lead.version + 1 };
    await this.api.events.publish(
      tenant,
      { type: 'lead.updated', chatbotId: lead.chatbot_id, data: { ...presentLead(updated), previous_attributes: change.previous } },
      [this.repository(tenant).ops.update(lead.id, changes, { ifVersion: lead.version })],
    );
    return updated;
  }

  /** The 409 for a PATCH whose e-mail or phone another lead of the chatbot holds, naming that lead. */
  private async keyTaken(tenant: TenantScope, lead: Lead, change: LeadChange) {
    const changes = change.changes();
    const repository = this.repository(tenant);
    for (const [key, what] of [
      ['dedupe_key', 'e-mail address'],
      ['phone_key', 'phone number'],
    ] as const) {
      const value = changes[key];
      if (!value) continue;
      const holder = await repository.findOne({ chatbot_id: lead.chatbot_id, [key]: value });
      if (holder && holder.id !== lead.id) return apiError(409, 'conflict', `Lead ${holder.id} of this chatbot already has this ${what}`);
    }
    return apiError(409, 'conflict', 'Another lead of this chatbot already has this e-mail address or phone number');
  }

  /** Replaces the data of `lead.*` events in `filter` with the lead's id alone. */
  private async scrubEvents(tenant: TenantScope, filter: Filter): Promise<void> {
    const events = this.api.privileged.platform.outbox.collection.forTenant(tenant);
    for await (const event of recordsInPages(events, { ...filter, type: { in: LEAD_EVENT_TYPES } })) {
      const keys = Object.keys(event.data);
      if (keys.length === 1 && keys[0] === 'id') continue;
      await events.update(event.id, { data: { id: event.data.id } });
    }
  }
}

/** The changes to one lead, with the previous API values of the fields that changed. */
class LeadChange {
  readonly previous: Partial<Record<PublicField, unknown>> = {};
  private readonly fields: Partial<LeadDoc> = {};
  private readonly before: LeadView;

  constructor(readonly lead: Lead) {
    this.before = presentLead(lead);
  }

  set<F extends PublicField>(field: F, value: LeadDoc[F] | null | undefined): void {
    const next = value ?? null;
    if (isDeepStrictEqual(this.before[field], next)) return;
    this.previous[field] = this.before[field];
    (this.fields as Record<string, unknown>)[field] = next;
  }

  setKey(key: 'dedupe_key' | 'phone_key', value: string): void {
    this.fields[key] = value;
  }

  changed(field: PublicField): boolean {
    return field in this.previous;
  }

  any(): boolean {
    return Object.keys(this.previous).length > 0;
  }

  changes(): Partial<LeadDoc> {
    return { ...this.fields };
  }
}

function hasEmail(lead: Lead): boolean {
  return isIdentityKey(lead.dedupe_key);
}

function hasPhone(lead: Lead): boolean {
  return isIdentityKey(lead.phone_key);
}

/**
 * The fields worth keeping: strings trimmed, empty ones dropped (a capture never erases what an
 * earlier one found), and values longer than the API allows dropped too: text a visitor typed that
 * only looks like an address is not contact details.
 */
function usableFields(fields: LeadFields): LeadFields {
  const usable: LeadFields = {};
  for (const field of ['name', 'email', 'phone', 'company', 'notes'] as const) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    // A number a visitor typed may hold tabs or no-break spaces between its digits.
    const trimmed = field === 'phone' ? value.replace(/\s+/g, ' ').trim() : value.trim();
    if (trimmed === '' || [...trimmed].length > LEAD_LIMITS[field]) continue;
    if (field === 'phone' && !PHONE_PATTERN.test(trimmed)) continue;
    usable[field] = trimmed;
  }
  if (fields.custom !== undefined) usable.custom = fields.custom;
  if (fields.status !== undefined) usable.status = fields.status;
  return usable;
}
