// What the leads plugin offers other areas (`server.plugins.leads.recorder`): storing a lead seen
// somewhere (a conversation, the widget form) by the one rule every way in follows, and keeping
// the links between leads and conversations when either is deleted.
import type { TenantScope } from '../store/types.js';

export interface LeadDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  company?: string | null;
}

/**
 * Where a lead was found; `handoff_offline`: the e-mail a visitor left when nobody could answer their
 * handoff; `widget_identity`: a visitor the site signed in and proved (`ChatbotWidget.identify` with a
 * valid `user_hash`) who gave an e-mail address.
 */
export const LEAD_SOURCES = ['widget_form', 'conversation', 'api', 'handoff_offline', 'widget_identity'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What an agent answering a conversation needs of its lead: how to reach the visitor. */
export interface LeadContact {
  lead_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  source: LeadSource;
}

export interface CapturedLead {
  id: string;
  /** False when an existing lead (this e-mail or phone number for this chatbot, or this conversation's lead) was updated. */
  created: boolean;
}

export interface LeadRecorder {
  /**
   * Creates the lead or updates the one the details identify (the same e-mail, ignoring case, or
   * the same phone number in E.164), publishing `lead.captured` or `lead.updated`. Empty details
   * are ignored: a capture never erases what an earlier one found. A visitor's capture
   * (`widget_form`, `conversation`, `handoff_offline`) only fills in what the lead lacks: anyone can type a
   * customer's e-mail, so it never replaces a stored name, phone or company.
   */
  capture(
    tenant: TenantScope,
    input: {
      chatbotId: string;
      conversationId: string | null;
      source: LeadSource;
      /** The conversation's own lead, which takes details that identify no other lead. */
      leadId: string | null;
      details: LeadDetails;
      /** Where a phone number without a country code is from: a BCP 47 tag (`de-AT`) or language code; default the chatbot's language. */
      locale?: string | null;
    },
  ): Promise<CapturedLead>;
  /** The lead's contact details, null when there is no such lead. */
  contact(tenant: TenantScope, leadId: string): Promise<LeadContact | null>;
  /** A conversation was deleted: leads captured in it stop naming it. */
  forgetConversation(tenant: TenantScope, conversationId: string): Promise<void>;
  /** `listener` runs after each lead deletion, so other areas can drop their links to the lead. */
  onDeleted(listener: (tenant: TenantScope, leadId: string) => Promise<void>): void;
}
