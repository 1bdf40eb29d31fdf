// #/webhooks: the endpoints (one chatbot's or every chatbot's events), creating one (its signing
// secret shown once), sending a test event, rotating the secret and deleting.
import { useState } from 'preact/hooks';
import { api, encode, query, type ApiError } from '../api.js';
import { href } from '../router.js';
import { notify } from '../state.js';
// The platform's own list (bundled in): plugins' event types are subscribed to with `*`.
import { BUILT_IN_EVENT_TYPES } from '../../../../common/event-types.js';
import type { Chatbot, Webhook, WebhookWithSecret } from '../types.js';
import { Badge, Checkbox, ConfirmButton, Empty, ErrorMessage, Field, FormError, html, Loading, PageHeader, SecretBox, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';

export function useChatbotNames() {
  return useLoad(async () => (await api.get(`/api/v1/chatbots${query({ limit: 100 })}`)).data, []);
}

/** What a webhook subscribes to: a built-in event type, or `*` for all (plugins' types included). */
export type EventSubscription = (typeof BUILT_IN_EVENT_TYPES)[number] | '*';

export function EventsField({ events, setEvents, error }: { events: EventSubscription[]; setEvents: (events: EventSubscription[]) => void; error: ApiError | null }) {
  const all = events.includes('*');
  return html`<fieldset class="inline-choices events">
    <legend>Events</legend>
    <${Checkbox} label="Every event" checked=${all} onChange=${(on: boolean) => setEvents(on ? ['*'] : [])} />
    ${all
      ? null
      : BUILT_IN_EVENT_TYPES.map(
          (event) => html`<${Checkbox}
            label=${event}
            checked=${events.includes(event)}
            onChange=${(on: boolean) => setEvents(on ? [...events, event] : events.filter((candidate) => candidate !== event))}
          />`,
        )}
    ${error?.fieldMessage('events') ? html`<p class="field-error">${error.fieldMessage('events')}</p>` : null}
  </fieldset>`;
}

export function WebhooksPage() {
  const list = useLoad(() => api.get(`/api/v1/webhooks${query({ limit: 100 })}`), []);
  const chatbots = useChatbotNames();
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const chatbotName = (id: string | null) => (id ? (chatbots.data?.find((chatbot) => chatbot.id === id)?.name ?? id) : 'Every chatbot');
  const description = 'Your server gets a signed HTTP request when something happens: a conversation starts, a lead is captured, knowledge is ready.';

  if (list.error?.code === 'plan_feature_unavailable') {
    return html`<section>
      <${PageHeader} title="Webhooks" description=${description} />
      <${Empty} title="Your plan does not include webhooks"><p>${list.error.message}. See <a href="#/plan">Plan and usage</a>.</p><//>
    </section>`;
  }

  return html`<section>
    <${PageHeader} title="Webhooks" description=${description}>
      <button type="button" class="button primary" aria-expanded=${creating ? 'true' : 'false'} onClick=${() => setCreating(!creating)}>Add webhook</button>
    <//>
    ${secret ? html`<${SecretBox} title=${secret.title} secret=${secret.value} onDone=${() => setSecret(null)}><p class="hint">Use it to check the <code>webhook-signature</code> header of each request.</p><//>` : null}
    ${creating
      ? html`<${CreateWebhookForm}
          chatbots=${chatbots.data ?? []}
          onCancel=${() => setCreating(false)}
          onCreated=${(webhook: WebhookWithSecret) => {
            setCreating(false);
            setSecret({ title: `Signing secret of ${webhook.url}`, value: webhook.secret });
            notify('Webhook added');
            list.reload();
          }}
        />`
      : null}
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading webhooks…" />` : null}
    ${list.data && list.data.data.length === 0
      ? html`<${Empty} title="No webhooks yet"><p>Add a webhook to send events to your own server or to an automation tool.</p><//>`
      : null}
    ${list.data && list.data.data.length > 0
      ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Webhooks table"><table>
          <caption class="visually-hidden">Webhooks</caption>
          <thead><tr><th scope="col">Endpoint</th><th scope="col">Chatbot</th><th scope="col">Events</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            ${list.data.data.map(
              (webhook) => html`<tr key=${webhook.id}>
                <th scope="row"><a href=${href('webhooks', webhook.id)}>${webhook.url}</a>${webhook.description ? html`<br /><span class="muted small">${webhook.description}</span>` : null}</th>
                <td>${chatbotName(webhook.chatbot_id)}</td>
                <td class="small">${webhook.events.includes('*') ? 'Every event' : webhook.events.join(', ')}</td>
                <td><${Badge} status=${webhook.status} />${webhook.disabled_reason ? html`<br /><span class="muted small">${disabledReason(webhook.disabled_reason)}</span>` : null}</td>
                <td class="actions">
                  <${WebhookActions} webhook=${webhook} onSecret=${setSecret} onChange=${list.reload} />
                </td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : null}
  </section>`;
}

export function disabledReason(reason: Webhook['disabled_reason']): string {
  if (reason === 'gone') return 'The endpoint answered 410 Gone';
  if (reason === 'failing') return 'Turned off after failing for days';
  if (reason === 'api') return 'Turned off by a member or the API';
  return '';
}

export function WebhookActions({ webhook, onSecret, onChange, onDeleted }: { webhook: Webhook; onSecret: (secret: { title: string; value: string }) => void; onChange: () => void; onDeleted?: () => void }) {
  const base = `/api/v1/webhooks/${encode(webhook.id)}` as const;
  const test = useSubmit(async () => {
    await api.post(`${base}/test`);
    notify(`Test event sent to ${webhook.url}: see the delivery log`);
    onChange();
  });
  return html`<div class="button-row">
    <button type="button" class="button small" disabled=${test.busy} aria-label=${`Send test event to ${webhook.url}`} onClick=${() => test.run()}>Send test event</button>
    <${ConfirmButton}
      label="Rotate secret"
      ariaLabel=${`Rotate secret of ${webhook.url}`}
      className="button small"
      title="Rotate the signing secret?"
      message=${html`<p>A new secret signs every request from now on. The old one keeps signing too for 24 hours, so you can switch without losing events.</p>`}
      confirmLabel="Rotate secret"
      onConfirm=${async () => {
        const rotated = await api.post(`${base}/rotate-secret`);
        if (rotated.secret) onSecret({ title: `New signing secret of ${webhook.url}`, value: rotated.secret });
        onChange();
      }}
    />
    <${ConfirmButton}
      label="Delete"
      ariaLabel=${`Delete the webhook ${webhook.url}`}
      className="button small danger"
      title="Delete this webhook?"
      message=${html`<p>Events stop going to <strong>${webhook.url}</strong>, and its delivery log is deleted.</p>`}
      confirmLabel="Delete webhook"
      danger
      onConfirm=${async () => {
        await api.delete(base);
        notify('Webhook deleted');
        (onDeleted ?? onChange)();
      }}
    />
    ${test.error ? html`<p class="field-error" role="alert">${test.error.message}</p>` : null}
  </div>`;
}

function CreateWebhookForm({ chatbots, onCreated, onCancel }: { chatbots: Chatbot[]; onCreated: (webhook: WebhookWithSecret) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [chatbotId, setChatbotId] = useState('');
  const [events, setEvents] = useState<EventSubscription[]>(['*']);
  const submit = useSubmit(async () => {
    onCreated(await api.post('/api/v1/webhooks', { url: url.trim(), description: description.trim() || null, chatbot_id: chatbotId || null, events }));
  });
  return html`<form
    class="card"
    aria-labelledby="new-webhook-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="new-webhook-heading">New webhook</h2>
    <${Field} label="Endpoint URL" path="url" type="url" required value=${url} onInput=${setUrl} error=${submit.error} placeholder="https://example.com/hooks/chatbot" />
    <${Field} label="Description" path="description" value=${description} onInput=${setDescription} error=${submit.error} />
    <${Select}
      label="Chatbot"
      path="chatbot_id"
      value=${chatbotId}
      onChange=${setChatbotId}
      options=${[['', 'Every chatbot'], ...chatbots.map((chatbot) => [chatbot.id, chatbot.name])]}
      error=${submit.error}
    />
    <${EventsField} events=${events} setEvents=${setEvents} error=${submit.error} />
    <${FormError} error=${submit.error} shownPaths=${['url', 'description', 'chatbot_id', 'events']} />
    <div class="form-actions">
      <${SubmitButton} busy=${submit.busy} label="Create webhook" busyLabel="Creating…" />
      <button type="button" class="button" onClick=${onCancel}>Cancel</button>
    </div>
  </form>`;
}
