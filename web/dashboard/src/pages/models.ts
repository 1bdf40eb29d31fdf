// #/models: the account's model providers (its own OpenAI-compatible or Ollama servers): add one
// (the key is sent once and never shown again), test it (each model's answer, latency and the
// embeddings' dimensions), edit, delete. A chatbot's Behaviour tab picks one for LLM answers.
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { notify } from '../state.js';
import type { ModelProvider, ModelProviderTest } from '../types.js';
import { Badge, ConfirmButton, Empty, ErrorMessage, Field, FormError, html, Loading, PageHeader, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';

const TYPES: Array<[string, string]> = [
  ['openai', 'OpenAI-compatible (OpenAI, Azure, vLLM, LM Studio, llama.cpp)'],
  ['ollama', 'Ollama'],
];

export function ModelsPage() {
  const list = useLoad(() => api.get(`/api/v1/model-providers${query({ limit: 100 })}`), []);
  const [editing, setEditing] = useState<ModelProvider | 'new' | null>(null);
  const saved = (message: string) => {
    setEditing(null);
    notify(message);
    list.reload();
  };
  const providers = list.data?.data ?? [];
  return html`<section>
    <${PageHeader} title="Models" description="Language-model and embedding servers of your own. Test one here, then pick it for a chatbot in its Behaviour tab (answer mode LLM).">
      <button type="button" class="button primary" aria-expanded=${editing === 'new' ? 'true' : 'false'} onClick=${() => setEditing(editing === 'new' ? null : 'new')}>Add a provider</button>
    <//>
    ${editing
      ? html`<${ProviderForm}
          key=${editing === 'new' ? 'new' : editing.id}
          provider=${editing === 'new' ? null : editing}
          onCancel=${() => setEditing(null)}
          onSaved=${(provider: ModelProvider) => saved(editing === 'new' ? `${provider.name} added` : `${provider.name} saved`)}
        />`
      : null}
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading model providers…" />` : null}
    ${list.data && providers.length === 0
      ? html`<${Empty} title="No model providers yet"><p>Add an OpenAI key, or the address of an Ollama server, to let chatbots write answers with a language model.</p><//>`
      : null}
    ${providers.map((provider) => html`<${ProviderCard} key=${provider.id} provider=${provider} onEdit=${() => setEditing(provider)} onChange=${list.reload} />`)}
  </section>`;
}

function ProviderCard({ provider, onEdit, onChange }: { provider: ModelProvider; onEdit: () => void; onChange: () => void }) {
  const [report, setReport] = useState<ModelProviderTest | null>(null);
  const test = useSubmit(async () => {
    setReport(null);
    setReport(await api.post(`/api/v1/model-providers/${encode(provider.id)}/test`));
  });
  const headingId = `provider-${provider.id}`;
  return html`<article class="card" aria-labelledby=${headingId}>
    <h2 id=${headingId}>${provider.name}</h2>
    <dl class="facts">
      <dt>Type</dt><dd>${provider.type === 'ollama' ? 'Ollama' : 'OpenAI-compatible'}</dd>
      <dt>Address</dt><dd><code>${provider.base_url}</code></dd>
      <dt>API key</dt><dd>${provider.api_key_set ? (provider.api_key_last4 ? html`<code>…${provider.api_key_last4}</code>` : 'set') : 'none'}</dd>
      <dt>Chat model</dt><dd>${provider.chat_model ?? '—'}</dd>
      <dt>Embedding model</dt><dd>${provider.embedding_model ?? '—'}</dd>
    </dl>
    <div class="button-row">
      <button type="button" class="button" aria-label=${`Test ${provider.name}`} disabled=${test.busy} onClick=${() => void test.run()}>${test.busy ? 'Testing…' : 'Test'}</button>
      <button type="button" class="button" aria-label=${`Edit ${provider.name}`} onClick=${onEdit}>Edit</button>
      <${ConfirmButton}
        label="Delete"
        ariaLabel=${`Delete ${provider.name}`}
        className="button danger"
        title=${`Delete ${provider.name}?`}
        message=${html`<p>Its key is forgotten. A chatbot that answers with it must be pointed elsewhere first.</p>`}
        confirmLabel="Delete provider"
        danger
        onConfirm=${async () => {
          await api.delete(`/api/v1/model-providers/${encode(provider.id)}`);
          notify(`${provider.name} deleted`);
          onChange();
        }}
      />
    </div>
    ${test.error ? html`<${ErrorMessage} error=${test.error} />` : null}
    ${report ? html`<${TestReport} report=${report} name=${provider.name} />` : null}
  </article>`;
}

function TestReport({ report, name }: { report: ModelProviderTest; name: string }) {
  const rows: Array<[string, ModelProviderTest['chat'] | ModelProviderTest['embeddings'], string]> = [
    ['Chat', report.chat, report.chat?.reply ? `answered “${report.chat.reply}”` : ''],
    ['Embeddings', report.embeddings, report.embeddings?.dimensions ? `${report.embeddings.dimensions} dimensions` : ''],
  ];
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${`Test of ${name}`} aria-live="polite"><table>
    <caption class="visually-hidden">Test of ${name}</caption>
    <thead><tr><th scope="col">Model</th><th scope="col">Result</th><th scope="col">Time</th><th scope="col">Details</th></tr></thead>
    <tbody>
      ${rows.map(
        ([kind, check, detail]) => html`<tr key=${kind}>
          <th scope="row">${kind}${check ? html`: <code>${check.model}</code>` : null}</th>
          <td>${check ? html`<${Badge} status=${check.ok ? 'succeeded' : 'failed'} label=${check.ok ? 'works' : 'failed'} />` : html`<span class="muted">no model named</span>`}</td>
          <td>${check ? `${check.latency_ms} ms` : '—'}</td>
          <td>${check?.error ? check.error.message : detail}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

function ProviderForm({ provider, onSaved, onCancel }: { provider: ModelProvider | null; onSaved: (provider: ModelProvider) => void; onCancel: () => void }) {
  const [name, setName] = useState(provider?.name ?? '');
  const [type, setType] = useState<'openai' | 'ollama'>(provider?.type ?? 'openai');
  const [baseUrl, setBaseUrl] = useState(provider?.base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [chatModel, setChatModel] = useState(provider?.chat_model ?? '');
  const [embeddingModel, setEmbeddingModel] = useState(provider?.embedding_model ?? '');
  const submit = useSubmit(async () => {
    const fields = { name: name.trim(), type, base_url: baseUrl.trim(), chat_model: chatModel.trim() || null, embedding_model: embeddingModel.trim() || null };
    // Editing: an empty key field keeps the stored key (it is never shown to fill in).
    const key = apiKey.trim() ? { api_key: apiKey.trim() } : provider ? {} : { api_key: null };
    onSaved(provider ? await api.patch(`/api/v1/model-providers/${encode(provider.id)}`, { ...fields, ...key }) : await api.post('/api/v1/model-providers', { ...fields, ...key }));
  });
  const heading = provider ? `Edit ${provider.name}` : 'Add a model provider';
  return html`<form
    class="card"
    aria-labelledby="provider-form-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="provider-form-heading">${heading}</h2>
    <${Field} label="Name" path="name" required value=${name} onInput=${setName} error=${submit.error} placeholder="OpenAI" autofocus />
    <${Select} label="Type" path="type" value=${type} onChange=${(value: string) => setType(value as 'openai' | 'ollama')} options=${TYPES} error=${submit.error} />
    <${Field}
      label="Address"
      path="base_url"
      required
      value=${baseUrl}
      onInput=${setBaseUrl}
      error=${submit.error}
      placeholder=${type === 'ollama' ? 'http://ollama.example.com:11434' : 'https://api.example.com'}
      hint="The server’s root: OpenAI’s is api.openai.com over https; Ollama listens on port 11434. Private addresses work only where this server’s operator allows them."
    />
    <${Field}
      label="API key"
      path="api_key"
      type="password"
      autocomplete="off"
      value=${apiKey}
      onInput=${setApiKey}
      error=${submit.error}
      hint=${provider?.api_key_set ? 'Leave empty to keep the stored key; it is never shown again.' : 'Optional (a local Ollama takes none). Stored encrypted, never shown again.'}
    />
    <div class="field-pair">
      <${Field} label="Chat model" path="chat_model" value=${chatModel} onInput=${setChatModel} error=${submit.error} placeholder=${type === 'ollama' ? 'llama3.2' : 'gpt-4o-mini'} hint="Writes answers in LLM mode." />
      <${Field} label="Embedding model" path="embedding_model" value=${embeddingModel} onInput=${setEmbeddingModel} error=${submit.error} placeholder=${type === 'ollama' ? 'nomic-embed-text' : 'text-embedding-3-small'} hint="Optional." />
    </div>
    <${FormError} error=${submit.error} shownPaths=${['name', 'type', 'base_url', 'api_key', 'chat_model', 'embedding_model']} />
    <div class="form-actions">
      <${SubmitButton} busy=${submit.busy} label=${provider ? 'Save changes' : 'Add provider'} busyLabel="Saving…" />
      <button type="button" class="button" onClick=${onCancel}>Cancel</button>
    </div>
  </form>`;
}
