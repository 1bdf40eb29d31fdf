// #/webhooks/{id}: edit one endpoint (URL, description, events, on/off) and its delivery log,
// each delivery with its attempts, and retry.
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { href, navigate } from '../router.js';
import { notify } from '../state.js';
import type { Webhook, WebhookDelivery } from '../types.js';

type WebhookPath = `/api/v1/webhooks/${string}`;
import { Badge, Checkbox, Empty, ErrorMessage, Field, FormError, formatDate, html, Loading, PageHeader, SecretBox, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { disabledReason, EventsField, WebhookActions, type EventSubscription } from './webhooks.js';

export function WebhookPage({ webhookId }: { webhookId: string }) {
  const base = `/api/v1/webhooks/${encode(webhookId)}` as const;
  const webhook = useLoad(() => api.get(base), [base]);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);

  if (webhook.error && !webhook.data) {
    return html`<section>
      <${PageHeader} title="Webhook" />
      <${ErrorMessage} error=${webhook.error} retry=${webhook.reload} />
      <p><a href=${href('webhooks')}>Back to webhooks</a></p>
    </section>`;
  }
  if (!webhook.data) return html`<${Loading} label="Loading the webhook…" />`;
  const current = webhook.data;
  return html`<section>
    <p class="breadcrumb"><a href=${href('webhooks')}>Webhooks</a> <span aria-hidden="true">›</span></p>
    <${PageHeader} title=${current.description ?? current.url} description=${current.description ? current.url : undefined}>
      <${Badge} status=${current.status} />
    <//>
    ${secret ? html`<${SecretBox} title=${secret.title} secret=${secret.value} onDone=${() => setSecret(null)} />` : null}
    <div class="card">
      <${WebhookActions} webhook=${current} onSecret=${setSecret} onChange=${webhook.reload} onDeleted=${() => navigate(href('webhooks'))} />
    </div>
    <div class="two-columns">
      <${EditWebhookForm} key=${current.id} webhook=${current} base=${base} onSaved=${webhook.setData} />
      <${Deliveries} base=${base} />
    </div>
  </section>`;
}

function EditWebhookForm({ webhook, base, onSaved }: { webhook: Webhook; base: WebhookPath; onSaved: (webhook: Webhook) => void }) {
  const [url, setUrl] = useState(webhook.url);
  const [description, setDescription] = useState(webhook.description ?? '');
  // The document answers the subscriptions as strings: they are those the API accepted.
  const [events, setEvents] = useState(webhook.events as EventSubscription[]);
  const [enabled, setEnabled] = useState(webhook.status === 'enabled');
  const submit = useSubmit(async () => {
    onSaved(await api.patch(base, { url: url.trim(), description: description.trim() || null, events, status: enabled ? 'enabled' : 'disabled' }));
    notify('Webhook saved');
  });
  return html`<form
    class="card"
    aria-labelledby="edit-webhook-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="edit-webhook-heading">Settings</h2>
    ${webhook.disabled_reason ? html`<p class="notice">${disabledReason(webhook.disabled_reason)}.</p>` : null}
    <${Field} label="Endpoint URL" path="url" type="url" required value=${url} onInput=${setUrl} error=${submit.error} />
    <${Field} label="Description" path="description" value=${description} onInput=${setDescription} error=${submit.error} />
    <${EventsField} events=${events} setEvents=${setEvents} error=${submit.error} />
    <${Checkbox} label="Enabled" checked=${enabled} onChange=${setEnabled} hint="A disabled endpoint gets no events until you turn it on again." />
    <${FormError} error=${submit.error} shownPaths=${['url', 'description', 'events']} />
    <${SubmitButton} busy=${submit.busy} label="Save webhook" busyLabel="Saving…" />
  </form>`;
}

function Deliveries({ base }: { base: WebhookPath }) {
  const list = useLoad(() => api.get(`${base}/deliveries${query({ limit: 50 })}`), [base]);
  return html`<section class="card" aria-labelledby="deliveries-heading">
    <div class="section-header">
      <h2 id="deliveries-heading">Delivery log</h2>
      <button type="button" class="button small" onClick=${list.reload}>Reload log</button>
    </div>
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading deliveries…" />` : null}
    ${list.data && list.data.data.length === 0 ? html`<${Empty} title="No deliveries yet"><p>Send a test event to see one here.</p><//>` : null}
    ${list.data && list.data.data.length > 0
      ? html`<ul class="deliveries">
          ${list.data.data.map((delivery) => html`<${DeliveryItem} key=${delivery.id} delivery=${delivery} base=${base} onChange=${list.reload} />`)}
        </ul>`
      : null}
  </section>`;
}

function DeliveryItem({ delivery, base, onChange }: { delivery: WebhookDelivery; base: WebhookPath; onChange: () => void }) {
  const retry = useSubmit(async () => {
    await api.post(`${base}/deliveries/${encode(delivery.id)}/retry`);
    notify(`Delivery of ${delivery.event_type} sent again`);
    onChange();
  });
  const last = delivery.attempts[delivery.attempts.length - 1];
  return html`<li class="delivery">
    <p>
      <strong>${delivery.event_type}</strong> <${Badge} status=${delivery.status} />
      <span class="muted small"> ${formatDate(delivery.created_at)} · ${delivery.attempt_count} attempt${delivery.attempt_count === 1 ? '' : 's'}</span>
    </p>
    ${last ? html`<p class="small">Last answer: ${last.status_code ?? 'no answer'}${last.error ? ` (${last.error})` : ''}, ${last.duration_ms} ms</p>` : null}
    ${delivery.next_attempt_at ? html`<p class="small muted">Next attempt ${formatDate(delivery.next_attempt_at)}</p>` : null}
    ${delivery.attempts.length > 0
      ? html`<details>
          <summary>Attempts</summary>
          <ol class="attempts">
            ${delivery.attempts.map(
              (attempt) => html`<li>
                ${formatDate(attempt.at)}: ${attempt.status_code ?? 'no answer'}${attempt.error ? ` (${attempt.error})` : ''}, ${attempt.duration_ms} ms
                ${attempt.response_excerpt ? html`<pre>${attempt.response_excerpt}</pre>` : null}
              </li>`,
            )}
          </ol>
        </details>`
      : null}
    ${delivery.status !== 'pending'
      ? html`<button type="button" class="button small" disabled=${retry.busy} aria-label=${`Retry the ${delivery.event_type} delivery`} onClick=${() => retry.run()}>Retry</button>`
      : null}
    ${retry.error ? html`<p class="field-error" role="alert">${retry.error.message}</p>` : null}
  </li>`;
}
