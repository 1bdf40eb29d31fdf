// #/api-keys: the account's keys of the current mode; create (secret shown once), rotate (the new
// secret shown once, the old one working for a grace period) and revoke.
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { notify } from '../state.js';
import type { ApiKey, Session } from '../types.js';
import { Badge, ConfirmButton, Empty, ErrorMessage, Field, FormError, formatDate, html, Loading, PageHeader, SecretBox, SubmitButton, useLoad, useSubmit } from '../ui.js';

export function ApiKeysPage({ session }: { session: Session }) {
  const list = useLoad(() => api.get(`/api/v1/api-keys${query({ limit: 100 })}`), []);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const keys = list.data?.data ?? [];
  return html`<section>
    <${PageHeader}
      title="API keys"
      description=${`Keys of ${session.mode} mode: they call the API as this account. Switch to ${session.mode === 'live' ? 'test' : 'live'} mode for the other mode's keys.`}
    />
    ${secret ? html`<${SecretBox} title=${secret.title} secret=${secret.value} onDone=${() => setSecret(null)}><p class="hint">Send it as <code>Authorization: Bearer …</code>.</p><//>` : null}
    <${CreateKeyForm}
      onCreated=${(key: ApiKey) => {
        setSecret({ title: `New API key “${key.name}”`, value: key.secret ?? '' });
        list.reload();
      }}
    />
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading keys…" />` : null}
    ${list.data && keys.length === 0 ? html`<${Empty} title="No API keys in this mode"><p>Create one above to call the API from your own code.</p><//>` : null}
    ${keys.length > 0
      ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="API keys table"><table>
          <caption class="visually-hidden">API keys</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Scope</th><th scope="col">Last used</th><th scope="col">Status</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            ${keys.map((key) => html`<${KeyRow} key=${key.id} apiKey=${key} onSecret=${setSecret} onChange=${list.reload} />`)}
          </tbody>
        </table></div>`
      : null}
  </section>`;
}

function keyStatus(key: ApiKey): { status: string; label: string } {
  if (key.revoked_at) return { status: 'revoked', label: 'revoked' };
  if (key.expires_at && new Date(key.expires_at) <= new Date()) return { status: 'disabled', label: 'expired' };
  if (key.expires_at) return { status: 'pending', label: `expires ${formatDate(key.expires_at)}` };
  return { status: 'active', label: 'active' };
}

function KeyRow({ apiKey, onSecret, onChange }: { apiKey: ApiKey; onSecret: (secret: { title: string; value: string }) => void; onChange: () => void }) {
  const state = keyStatus(apiKey);
  const usable = !apiKey.revoked_at;
  const base = `/api/v1/api-keys/${encode(apiKey.id)}` as const;
  return html`<tr>
    <th scope="row">${apiKey.name}</th>
    <td><code>${apiKey.redacted_key}</code></td>
    <td>${apiKey.kind === 'chatbot' ? `Chatbot ${apiKey.chatbot_id}` : 'Account'}</td>
    <td>${formatDate(apiKey.last_used_at)}</td>
    <td><${Badge} status=${state.status} label=${state.label} /></td>
    <td class="actions">
      ${usable
        ? html`<div class="button-row">
            <${ConfirmButton}
              label="Rotate"
              ariaLabel=${`Rotate ${apiKey.name}`}
              className="button small"
              title=${`Rotate ${apiKey.name}?`}
              message=${html`<p>A new key replaces this one. The old key keeps working for 24 hours, so you can update your code in between.</p>`}
              confirmLabel="Rotate key"
              onConfirm=${async () => {
                const rotated = await api.post(`${base}/rotate`, { grace_period_seconds: 86_400 });
                onSecret({ title: `New key replacing “${apiKey.name}”`, value: rotated.new_key?.secret ?? '' });
                onChange();
              }}
            />
            <${ConfirmButton}
              label="Revoke"
              ariaLabel=${`Revoke ${apiKey.name}`}
              className="button small danger"
              title=${`Revoke ${apiKey.name}?`}
              message=${html`<p>Requests with this key fail at once. This cannot be undone.</p>`}
              confirmLabel="Revoke key"
              danger
              onConfirm=${async () => {
                await api.delete(base);
                notify(`${apiKey.name} revoked`);
                onChange();
              }}
            />
          </div>`
        : null}
    </td>
  </tr>`;
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKey) => void }) {
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const submit = useSubmit(async () => {
    const body: Record<string, string> = {};
    if (name.trim()) body.name = name.trim();
    if (expires) body.expires_at = new Date(`${expires}T23:59:59`).toISOString();
    onCreated(await api.post('/api/v1/api-keys', body));
    setName('');
    setExpires('');
  });
  return html`<form
    class="card"
    aria-labelledby="new-key-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="new-key-heading">Create a key</h2>
    <div class="field-pair">
      <${Field} label="Key name" path="name" value=${name} onInput=${setName} error=${submit.error} placeholder="Production server" />
      <${Field} label="Expires on" path="expires_at" type="date" value=${expires} onInput=${setExpires} error=${submit.error} hint="Optional." />
    </div>
    <${FormError} error=${submit.error} shownPaths=${['name', 'expires_at']} />
    <${SubmitButton} busy=${submit.busy} label="Create key" busyLabel="Creating…" />
  </form>`;
}
