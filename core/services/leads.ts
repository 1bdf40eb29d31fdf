// What the leads plugin offers other areas (`server.plugins.leads.recorder`): storing a lead seen
// somewhere (a conversation, the widget form) and publishing `lead.captured`.
import type { TenantScope } from '../store/types.js';

export interface LeadDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
}

export interface CapturedLead {
  id: string;
  /** False when an existing lead (the same e-mail for this chatbot, or this conversation's lead) was updated. */
  created: boolean;
}

export interface LeadRecorder {
  capture(
    tenant: TenantScope,
    input: { chatbotId: string; conversationId: string | null; source: 'widget_form' | 'conversation' | 'api'; leadId: string | null; details: LeadDetails },
  ): Promise<CapturedLead>;
}
