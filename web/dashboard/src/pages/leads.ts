// #/leads?filters: the people who left their details, newest first, with filters, a search and
// the CSV export of what the filters show. Owners and admins.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, query } from '../api.js';
import { href, navigate } from '../router.js';
import { notify } from '../state.js';
import { LEAD_SOURCES, LEAD_STATUSES, type Chatbot, type Lead } from '../types.js';
import { asApiError, Badge, Empty, ErrorMessage, formatDate, html, Loading, PageHeader, Select, useLoad } from '../ui.js';
import { SINCE_OPTIONS } from './inbox.js';

const PAGE_SIZE = 50;

export const SOURCE_LABELS: Record<string, string> = { widget_form: 'Widget form', conversation: 'In conversation', api: 'API', handoff_offline: 'Offline handoff', widget_identity: 'Signed-in visitor' };

interface LeadFilters {
  status: string;
  source: string;
  chatbot: string;
  since: string;
  q: string;
}
const FILTER_NAMES: Array<keyof LeadFilters> = ['status', 'source', 'chatbot', 'since', 'q'];

/** The filters as GET /api/v1/leads (and its export) name them. */
function leadParams(filters: LeadFilters) {
  return {
    status: filters.status,
    source: filters.source,
    chatbot_id: filters.chatbot,
    created_after: filters.since ? new Date(Date.now() - Number(filters.since) * 86_400_000).toISOString() : undefined,
    q: filters.q,
  };
}

function hashOf(filters: LeadFilters): string {
  return `${href('leads')}${query(Object.fromEntries(FILTER_NAMES.map((name) => [name, filters[name]])))}`;
}

export function LeadsPage({ params }: { params: URLSearchParams }) {
  const filterKey = params.toString();
  const filters = useMemo(() => Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as unknown as LeadFilters, [filterKey]);
  const chatbots = useLoad(async () => (await api.get(`/api/v1/chatbots${query({ limit: 100 })}`)).data, []);
  const account = useLoad(() => api.get('/api/v1/account'), []);
  const leads = useLoad(() => api.get(`/api/v1/leads${query({ ...leadParams(filters), limit: PAGE_SIZE })}`), [filterKey]);
  const [more, setMore] = useState<{ leads: Lead[]; cursor: string | null; hasMore: boolean } | null>(null);
  const [moreBusy, setMoreBusy] = useState(false);
  useEffect(() => setMore(null), [leads.data]);

  const names = new Map((chatbots.data ?? []).map((chatbot) => [chatbot.id, chatbot.name]));
  const shown = [...(leads.data?.data ?? []), ...(more?.leads ?? [])];
  const cursor = more ? more.cursor : (leads.data?.next_cursor ?? null);
  const hasMore = more ? more.hasMore : Boolean(leads.data?.has_more);
  const exportHref = `/api/v1/leads/export${query({ format: 'csv', ...leadParams(filters) })}`;
  const canExport = account.data?.limits.access === 'full';

  const loadMore = async () => {
    setMoreBusy(true);
    try {
      const page = await api.get(`/api/v1/leads${query({ ...leadParams(filters), limit: PAGE_SIZE, cursor })}`);
      setMore({ leads: [...(more?.leads ?? []), ...page.data], cursor: page.next_cursor, hasMore: page.has_more });
    } catch (error) {
      notify(`More leads could not be loaded: ${asApiError(error).message}`, 'error');
    } finally {
      setMoreBusy(false);
    }
  };

  return html`<section>
    <${PageHeader} title="Leads" description="Visitors who left their contact details, through the widget’s form, in conversation or through the API.">
      ${canExport
        ? html`<a class="button" href=${exportHref} download="leads.csv">Export CSV<span class="visually-hidden"> of the leads shown</span></a>`
        : null}
    <//>
    ${account.data && !canExport ? html`<p class="hint">Exports (CSV) come with plans that have full access; see Plan and usage.</p>` : null}
    <${LeadFilterForm} filters=${filters} chatbots=${chatbots.data ?? []} />
    ${leads.error ? html`<${ErrorMessage} error=${leads.error} retry=${leads.reload} />` : null}
    ${leads.loading && !leads.data ? html`<${Loading} label="Loading leads…" />` : null}
    ${leads.data && shown.length === 0 && !hasMore
      ? html`<${Empty} title="No leads">
          <p>${FILTER_NAMES.some((name) => filters[name]) ? 'None matches these filters.' : 'Leads appear here when visitors leave their details.'}</p>
        <//>`
      : null}
    ${shown.length > 0
      ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Leads table" aria-busy=${leads.loading ? 'true' : undefined}><table class="leads-table">
          <caption class="visually-hidden">Leads</caption>
          <thead><tr><th scope="col">Lead</th><th scope="col">Status</th><th scope="col">Source</th><th scope="col">Chatbot</th><th scope="col">Captured</th></tr></thead>
          <tbody>
            ${shown.map(
              (lead) => html`<tr key=${lead.id}>
                <th scope="row">
                  <a href=${href('leads', lead.id)}>${lead.name || lead.email || lead.phone || lead.id}</a>
                  ${lead.name && (lead.email || lead.phone) ? html`<br /><span class="muted small">${lead.email ?? lead.phone}</span>` : null}
                </th>
                <td><${Badge} status=${lead.status} /></td>
                <td>${SOURCE_LABELS[lead.source] ?? lead.source}</td>
                <td>${names.get(lead.chatbot_id) ?? lead.chatbot_id}</td>
                <td>${formatDate(lead.created_at)}</td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : null}
    ${hasMore ? html`<p><button type="button" class="button" disabled=${moreBusy} onClick=${loadMore}>${moreBusy ? 'Loading…' : 'Load more leads'}</button></p>` : null}
  </section>`;
}

function LeadFilterForm({ filters, chatbots }: { filters: LeadFilters; chatbots: Chatbot[] }) {
  const [text, setText] = useState(filters.q);
  useEffect(() => setText(filters.q), [filters.q]);
  const change = (name: keyof LeadFilters, value: string) => navigate(hashOf({ ...filters, [name]: value }));
  const active = FILTER_NAMES.filter((name) => name !== 'q' && filters[name]).length;
  return html`<div class="filters">
    <form
      role="search"
      aria-label="Search leads"
      class="search-form"
      onSubmit=${(event: Event) => {
        event.preventDefault();
        change('q', text.trim());
      }}
    >
      <label for="lead-search" class="visually-hidden">Search by name, e-mail, phone or company</label>
      <input id="lead-search" type="search" placeholder="Name, e-mail, phone or company" value=${text} onInput=${(event: Event) => setText((event.currentTarget as HTMLInputElement).value)} />
      <button type="submit" class="button">Search</button>
    </form>
    <details class="filter-panel" open=${active > 0}>
      <summary>Filters${active > 0 ? ` (${active} on)` : ''}</summary>
      <div class="filter-grid">
      <${Select} label="Status" value=${filters.status} options=${[['', 'Any status'], ...LEAD_STATUSES.map((status) => [status, status[0]!.toUpperCase() + status.slice(1)])]} onChange=${(value: string) => change('status', value)} />
      <${Select} label="Source" value=${filters.source} options=${[['', 'Any source'], ...LEAD_SOURCES.map((source) => [source, SOURCE_LABELS[source]])]} onChange=${(value: string) => change('source', value)} />
      <${Select} label="Chatbot" value=${filters.chatbot} options=${[['', 'All chatbots'], ...chatbots.map((chatbot) => [chatbot.id, chatbot.name])]} onChange=${(value: string) => change('chatbot', value)} />
      <${Select} label="Captured" value=${filters.since} options=${SINCE_OPTIONS} onChange=${(value: string) => change('since', value)} />
      </div>
    </details>
    ${active > 0 || filters.q ? html`<p><a href=${href('leads')}>Clear filters and search</a></p>` : null}
  </div>`;
}
