// GET /leads/export: every lead in the filter, oldest first, as JSON Lines or CSV. Read from the
// store a page at a time as the response is written, so memory stays flat however many leads.
import { Readable } from 'node:stream';
import { csvLine, recordsInPages, tenantOf, type Filter, type PluginRoute, type Repository } from '../../core/index.js';
import { leadFilter, leadMatcher, listedChatbot, type LeadListParams } from './routes.js';
import { exportQuery } from './schemas.js';
import type { LeadService } from './service.js';
import { presentLead, type Lead, type LeadDoc } from './collections.js';

export const CSV_COLUMNS = [
  'id',
  'chatbot_id',
  'conversation_id',
  'name',
  'email',
  'phone',
  'company',
  'status',
  'source',
  'notes',
  'custom',
  'created_at',
  'updated_at',
] as const;

export type ExportFormat = 'jsonl' | 'csv';

/** Leads read per page: a lead is small (at most about 15 KB with its notes and custom data), so 500 hold a few MB. */
export const LEAD_EXPORT_PAGE = 500;

function csvRow(lead: Lead): string {
  const view = presentLead(lead);
  return csvLine(CSV_COLUMNS, { ...view, custom: Object.keys(view.custom).length > 0 ? JSON.stringify(view.custom) : null });
}

/** The export's text, a line at a time; the next page of leads is read only when the consumer asks. */
export async function* leadExportLines(
  repository: Repository<LeadDoc>,
  filter: Filter,
  format: ExportFormat,
  matches: (lead: Lead) => boolean = () => true,
  pageSize = LEAD_EXPORT_PAGE,
): AsyncGenerator<string> {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const lead of recordsInPages(repository, filter, pageSize)) {
    if (!matches(lead)) continue;
    yield format === 'csv' ? csvRow(lead) : `${JSON.stringify(presentLead(lead))}\n`;
  }
}

export function exportRoute(service: LeadService): PluginRoute {
  return {
    method: 'GET',
    path: '/leads/export',
    options: {
      description: 'Export leads (JSON Lines or CSV)',
      notes:
        '`format=jsonl` (default): one lead per line, as `GET /leads/{leadId}` returns it. `format=csv`: a header row, ' +
        'then one row per lead (`custom` as JSON); cells starting with = + - @ are prefixed with an apostrophe so ' +
        'spreadsheets do not run them. Oldest first; takes the list filters (`chatbot_id`, `status`, `source`, `q`, ' +
        'time). Streamed in constant memory. Needs full API access.',
      tags: ['api', 'leads'],
      plugins: { platform: { chatbotKey: 'scoped', access: 'full' } },
      validate: { query: exportQuery },
      response: { status: { 200: true } }, // a stream: one Lead per line, or CSV rows
      handler: async (request, h) => {
        const params = request.query as LeadListParams & { format: ExportFormat };
        const chatbotId = listedChatbot(request, params.chatbot_id);
        const filter = leadFilter(params, chatbotId);
        const lines = leadExportLines(service.repository(tenantOf(request)), filter, params.format, params.q ? leadMatcher(params.q) : undefined);
        const csv = params.format === 'csv';
        return h
          .response(Readable.from(lines, { objectMode: false }))
          .type(csv ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          // The filter's chatbot id is the caller's text, not a found record's: in a header only when it is a plain id
          // (a control character there made Node refuse the header: a 500, found by schemathesis).
          .header('Content-Disposition', `attachment; filename="leads${chatbotId && /^cb_[0-9a-z]{1,60}$/.test(chatbotId) ? `-${chatbotId}` : ''}.${params.format}"`);
      },
    },
  };
}
