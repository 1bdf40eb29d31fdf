// Storing a lead seen somewhere (a conversation, later the widget form and the API) and publishing
// `lead.captured` in the same commit. One lead per e-mail per chatbot: a second capture updates it.
import { newId } from '../../core/ids.js';
import type { Platform } from '../../core/platform.js';
import type { CapturedLead, LeadDetails, LeadRecorder } from '../../core/services/leads.js';
import { UniqueConstraintError } from '../../core/store/errors.js';
import type { Collection, TenantScope } from '../../core/store/types.js';
import { emailKey, presentLead, type Lead, type LeadDoc } from './store.js';

export function leadRecorder(platform: Platform, leads: Collection<LeadDoc>): LeadRecorder {
  async function captureOnce(
    tenant: TenantScope,
    input: Parameters<LeadRecorder['capture']>[1],
  ): Promise<CapturedLead> {
    const repository = leads.forTenant(tenant);
    const details = definedDetails(input.details);
    const own = input.leadId ? await repository.get(input.leadId) : null;
    // An e-mail already known for this chatbot wins over the conversation's own lead.
    const byEmail = details.email ? await repository.findOne({ chatbot_id: input.chatbotId, dedupe_key: emailKey(details.email) }) : null;
    // The conversation's own lead takes the details unless it already holds another e-mail: a second
    // address is another lead.
    const ownFits = own && (!details.email || !own.email || emailKey(own.email) === emailKey(details.email));
    const target: Lead | null = byEmail ?? (ownFits ? own : null);
    const now = platform.now().toISOString();

    if (!target) {
      const id = newId('lead', platform.now().getTime());
      const doc: LeadDoc & { id: string } = {
        id,
        chatbot_id: input.chatbotId,
        conversation_id: input.conversationId,
        name: details.name ?? null,
        email: details.email ?? null,
        phone: details.phone ?? null,
        company: details.company ?? null,
        notes: null,
        custom: {},
        status: 'new',
        source: input.source,
        dedupe_key: details.email ? emailKey(details.email) : `lead:${id}`,
        created_at: now,
        updated_at: now,
      };
      await platform.events.publish(
        tenant,
        { type: 'lead.captured', chatbotId: input.chatbotId, data: presentLead({ ...doc, version: 1 }) },
        [repository.ops.insert(doc)],
      );
      return { id, created: true };
    }

    const changes: Partial<LeadDoc> = { ...details, updated_at: now };
    // The same address typed in other letter case stays as first written.
    if (target.email) delete changes.email;
    if (details.email && !target.email) changes.dedupe_key = emailKey(details.email);
    if (!target.conversation_id && input.conversationId) changes.conversation_id = input.conversationId;
    const updated: Lead = { ...target, ...changes, version: target.version + 1 };
    await platform.events.publish(
      tenant,
      { type: 'lead.captured', chatbotId: input.chatbotId, data: presentLead(updated) },
      [repository.ops.update(target.id, changes, { ifVersion: target.version })],
    );
    return { id: target.id, created: false };
  }

  return {
    async capture(tenant, input) {
      try {
        return await captureOnce(tenant, input);
      } catch (error) {
        // Two captures of one new e-mail raced: the loser finds the winner's lead and updates it.
        if (error instanceof UniqueConstraintError) return captureOnce(tenant, input);
        throw error;
      }
    },
  };
}

/** The details given, without empty ones: a capture never erases what an earlier one found. */
function definedDetails(details: LeadDetails): LeadDetails {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as LeadDetails;
}
