// The recorder other areas capture leads through (core/contracts/leads.ts): the service's upsert,
// with the details a conversation or the widget form found.
import type { LeadRecorder } from '../../core/index.js';
import type { LeadService } from './service.js';

export function leadRecorder(service: LeadService): LeadRecorder {
  return {
    async capture(tenant, input) {
      const { lead, created } = await service.upsert(tenant, {
        chatbotId: input.chatbotId,
        conversationId: input.conversationId,
        source: input.source,
        leadId: input.leadId,
        locale: input.locale ?? null,
        fields: input.details,
      });
      return { id: lead.id, created };
    },
    async contact(tenant, leadId) {
      const lead = await service.repository(tenant).get(leadId);
      return lead ? { lead_id: lead.id, name: lead.name, email: lead.email, phone: lead.phone, source: lead.source } : null;
    },
    forgetConversation: (tenant, conversationId) => service.forgetConversation(tenant, conversationId),
    onDeleted: (listener) => service.onDeleted(listener),
  };
}
