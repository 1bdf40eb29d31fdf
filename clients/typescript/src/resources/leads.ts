import { segment, type RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, chatbotPath } from './resource.js';

const leadPath = (leadId: string) => `/api/v1/leads/${segment(leadId)}`;

export class Leads extends Resource {
  /** The account's leads, newest first (`chatbot_id`, `status`, `source`, `q` filter them). */
  list(query?: Query<'listLeads'>, options?: RequestOptions) {
    return this.paged('listLeads', '/api/v1/leads', query, options);
  }
  /** One chatbot's leads. */
  listForChatbot(chatbotId: string, query?: Query<'listChatbotLeads'>, options?: RequestOptions) {
    return this.paged('listChatbotLeads', chatbotPath(chatbotId, 'leads'), query, options);
  }
  /** Every lead in the filter, oldest first, as text: JSON Lines by default, `format: 'csv'` for CSV. */
  export(query?: Query<'exportLeads'>, options?: RequestOptions) {
    return this.text('exportLeads', { method: 'GET', path: '/api/v1/leads/export', query, accept: 'application/x-ndjson, text/csv', options });
  }
  create(body: Body<'createLead'>, options?: RequestOptions) {
    return this.call('createLead', { method: 'POST', path: '/api/v1/leads', body, options });
  }
  get(leadId: string, options?: RequestOptions) {
    return this.call('getLead', { method: 'GET', path: leadPath(leadId), options });
  }
  update(leadId: string, body: Body<'updateLead'>, options?: RequestOptions) {
    return this.call('updateLead', { method: 'PATCH', path: leadPath(leadId), body, options });
  }
  delete(leadId: string, options?: RequestOptions) {
    return this.call('deleteLead', { method: 'DELETE', path: leadPath(leadId), options });
  }
}
