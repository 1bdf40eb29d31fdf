// #/plan: the account's plan and limits (GET /api/v1/account) and this mode's request counters
// (GET /api/v1/usage).
import { api } from '../api.js';
import { ErrorMessage, formatDate, html, Loading, PageHeader, useLoad } from '../ui.js';

const limit = (value: number | null) => (value === null ? 'No limit' : value.toLocaleString());
const ACCESS: Record<string, string> = {
  read: 'Read-only with API keys (members may still create and edit here)',
  write: 'Read and write',
  full: 'Full, including webhooks and OAuth',
};

export function PlanPage() {
  const account = useLoad(() => api.get('/api/v1/account'), []);
  const usage = useLoad(() => api.get('/api/v1/usage'), []);
  return html`<section>
    <${PageHeader} title="Plan and usage" />
    <div class="two-columns">
      <section class="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Plan</h2>
        ${account.error ? html`<${ErrorMessage} error=${account.error} retry=${account.reload} />` : null}
        ${!account.data && !account.error ? html`<${Loading} />` : null}
        ${account.data
          ? html`<dl class="facts">
              <dt>Account</dt><dd>${account.data.name}</dd>
              <dt>Plan</dt><dd class="capitalize">${account.data.plan}</dd>
              <dt>Status</dt><dd>${account.data.status}</dd>
              <dt>Chatbots</dt><dd>${limit(account.data.limits.chatbots)}</dd>
              <dt>Requests per minute</dt><dd>${limit(account.data.limits.requests_per_minute)}</dd>
              <dt>Requests per day</dt><dd>${limit(account.data.limits.requests_per_day)}</dd>
              <dt>Webhooks</dt><dd>${account.data.limits.webhooks ? 'Included' : 'Not in this plan'}</dd>
              <dt>API access</dt><dd>${ACCESS[account.data.limits.access] ?? account.data.limits.access}</dd>
              <dt>Since</dt><dd>${formatDate(account.data.created_at)}</dd>
            </dl>
            <p class="hint">
              Running this server yourself? The operator changes an account’s plan with
              <code>chatbot-platform accounts update ${account.data.id} --plan …</code>, and what each plan allows in the
              configuration: <code>plans</code> in the config file, or <code>PLANS_PROFILE=unlimited</code> for no limits.
            </p>`
          : null}
      </section>
      <section class="card" aria-labelledby="usage-heading">
        <h2 id="usage-heading">Usage${usage.data ? ` (${usage.data.mode} mode)` : ''}</h2>
        ${usage.error ? html`<${ErrorMessage} error=${usage.error} retry=${usage.reload} />` : null}
        ${!usage.data && !usage.error ? html`<${Loading} />` : null}
        ${usage.data && usage.data.windows.length === 0 ? html`<p>This plan has no request limits.</p>` : null}
        ${usage.data?.windows.map(
          (window) => html`<div class="meter-block">
            <p><strong>${window.window === 'minute' ? 'This minute' : 'Today'}</strong>: ${window.used.toLocaleString()} of ${window.limit.toLocaleString()} requests</p>
            <meter min="0" max=${window.limit} value=${window.used} aria-label=${`Requests ${window.window === 'minute' ? 'this minute' : 'today'}`}></meter>
            <p class="muted small">${window.remaining.toLocaleString()} left; resets ${formatDate(window.resets_at)}</p>
          </div>`,
        )}
      </section>
    </div>
  </section>`;
}
