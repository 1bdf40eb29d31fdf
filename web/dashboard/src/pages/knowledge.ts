// The chatbot's knowledge tab: the items with their status and error, adding a file (text,
// Markdown, HTML as text; PDF and DOCX as base64), a URL or a Q&A pair, delete, refresh, and a
// search preview of the passages the chatbot would answer from.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, encode, query } from '../api.js';
import { notify } from '../state.js';
import type { Chatbot, KnowledgeDocumentInput, KnowledgeItem, KnowledgePassage } from '../types.js';

type KnowledgePath = `/api/v1/chatbots/${string}/knowledge`;
import { Badge, Checkbox, ConfirmButton, Empty, ErrorMessage, Field, FormError, formatDate, html, Loading, readFile, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function KnowledgeTab({ chatbot }: { chatbot: Chatbot }) {
  const base = `/api/v1/chatbots/${encode(chatbot.id)}/knowledge` as const;
  const list = useLoad(() => api.get(`${base}${query({ limit: 100 })}`), [base]);
  const [adding, setAdding] = useState<'qa' | 'url' | 'file'>('qa');
  const items = list.data?.data ?? [];
  const working = items.some((item) => item.status === 'pending' || item.status === 'processing');

  // Items are processed in the background: look again while some are not done, less and less
  // often (2 s, 4 s, … up to a minute). Dashboard requests count against the plan's rate limits,
  // and a slow crawl must not use up a Free plan's 100 requests a day.
  const checks = useRef(0);
  useEffect(() => {
    if (!working) {
      checks.current = 0;
      return;
    }
    const timer = setTimeout(list.reload, Math.min(2000 * 2 ** checks.current++, 60_000));
    return () => clearTimeout(timer);
  }, [working, list.data]);

  const added = (item: KnowledgeItem) => {
    notify(`Added ${item.title ?? item.question ?? item.url ?? 'the item'}: ${item.status}`);
    checks.current = 0;
    list.reload();
  };

  return html`<div class="stack">
    <section class="card" aria-labelledby="add-knowledge-heading">
      <h2 id="add-knowledge-heading">Add knowledge</h2>
      <div class="segmented" role="group" aria-label="Kind of knowledge to add">
        ${(
          [
            ['qa', 'Q&A pair'],
            ['url', 'Web page'],
            ['file', 'File'],
          ] as const
        ).map(
          ([key, label]) => html`<button type="button" class=${`button${adding === key ? ' selected' : ''}`} aria-pressed=${adding === key ? 'true' : 'false'} onClick=${() => setAdding(key)}>
            ${label}
          </button>`,
        )}
      </div>
      ${adding === 'qa' ? html`<${QaForm} base=${base} onAdded=${added} />` : null}
      ${adding === 'url' ? html`<${UrlForm} base=${base} onAdded=${added} />` : null}
      ${adding === 'file' ? html`<${FileForm} base=${base} onAdded=${added} />` : null}
    </section>

    <section class="card" aria-labelledby="knowledge-list-heading">
      <div class="section-header">
        <h2 id="knowledge-list-heading">Knowledge items</h2>
        <button type="button" class="button small" onClick=${list.reload}>Reload list</button>
      </div>
      ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
      ${list.loading && !list.data ? html`<${Loading} label="Loading knowledge…" />` : null}
      ${list.data && items.length === 0
        ? html`<${Empty} title="No knowledge yet"><p>Add a Q&A pair, a web page or a file above: the chatbot answers from them.</p><//>`
        : null}
      ${items.length > 0
        ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Knowledge items table"><table>
            <caption class="visually-hidden">Knowledge items of ${chatbot.name}</caption>
            <thead><tr><th scope="col">Item</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Added</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              ${items.map((item) => html`<${KnowledgeRow} key=${item.id} item=${item} base=${base} onChange=${list.reload} />`)}
            </tbody>
          </table></div>`
        : null}
    </section>

    <${SearchPreview} base=${base} />
  </div>`;
}

function itemName(item: KnowledgeItem): string {
  return item.title ?? item.question ?? item.url ?? item.id;
}

function KnowledgeRow({ item, base, onChange }: { item: KnowledgeItem; base: KnowledgePath; onChange: () => void }) {
  const refresh = useSubmit(async () => {
    await api.post(`${base}/${encode(item.id)}/refresh`);
    notify(`Fetching ${itemName(item)} again`);
    onChange();
  });
  const name = itemName(item);
  return html`<tr>
    <th scope="row">
      <span class="item-name">${name}</span>
      ${item.type === 'url' && item.url && item.url !== name ? html`<br /><span class="muted small">${item.url}</span>` : null}
      ${item.type === 'qa' && item.answer ? html`<br /><span class="muted small">${item.answer.slice(0, 140)}</span>` : null}
    </th>
    <td>${{ qa: 'Q&A', url: 'Web page', document: 'File' }[item.type]}</td>
    <td>
      <${Badge} status=${item.status} />
      ${item.status === 'ready' ? html`<br /><span class="muted small">${item.chunk_count} ${item.chunk_count === 1 ? 'passage' : 'passages'}</span>` : null}
      ${item.error ? html`<p class="field-error">${item.error}</p>` : null}
      ${refresh.error ? html`<p class="field-error" role="alert">${refresh.error.message}</p>` : null}
    </td>
    <td>${formatDate(item.created_at)}</td>
    <td class="actions">
      ${item.type === 'url'
        ? html`<button type="button" class="button small" disabled=${refresh.busy} aria-label=${`Refresh ${name}`} onClick=${() => refresh.run()}>Refresh</button>`
        : null}
      <${ConfirmButton}
        label="Delete"
        ariaLabel=${`Delete ${name}`}
        className="button small danger"
        title="Delete this knowledge item?"
        message=${html`<p>The chatbot will no longer answer from <strong>${name}</strong>.</p>`}
        confirmLabel="Delete"
        danger
        onConfirm=${async () => {
          await api.delete(`${base}/${encode(item.id)}`);
          notify(`Deleted ${name}`);
          onChange();
        }}
      />
    </td>
  </tr>`;
}

function QaForm({ base, onAdded }: { base: KnowledgePath; onAdded: (item: KnowledgeItem) => void }) {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [alternatives, setAlternatives] = useState('');
  const submit = useSubmit(async () => {
    const list = alternatives
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    onAdded(await api.post(base, { type: 'qa', question, answer, alternatives: list }));
    setQuestion('');
    setAnswer('');
    setAlternatives('');
  });
  return html`<form
    aria-label="Add a Q&A pair"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <${Field} label="Question" path="question" required value=${question} onInput=${setQuestion} error=${submit.error} />
    <${Field} label="Answer" path="answer" required multiline rows=${4} value=${answer} onInput=${setAnswer} error=${submit.error} />
    <${Field} label="Other ways to ask" path="alternatives" multiline value=${alternatives} onInput=${setAlternatives} error=${submit.error} hint="Optional, one per line." />
    <${FormError} error=${submit.error} shownPaths=${['question', 'answer', 'alternatives']} />
    <${SubmitButton} busy=${submit.busy} label="Add Q&A pair" busyLabel="Adding…" />
  </form>`;
}

function UrlForm({ base, onAdded }: { base: KnowledgePath; onAdded: (item: KnowledgeItem) => void }) {
  const [url, setUrl] = useState('');
  const [maxPages, setMaxPages] = useState('1');
  const [sitemap, setSitemap] = useState(false);
  const [refreshInterval, setRefreshInterval] = useState<'' | 'daily' | 'weekly'>('');
  const submit = useSubmit(async () => {
    onAdded(
      await api.post(base, {
        type: 'url',
        url: url.trim(),
        max_pages: Number(maxPages),
        sitemap,
        refresh_interval: refreshInterval || null,
      }),
    );
    setUrl('');
  });
  return html`<form
    aria-label="Add a web page"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <${Field} label="Page URL" path="url" type="url" required value=${url} onInput=${setUrl} error=${submit.error} placeholder="https://example.com/help" />
    <${Field} label="Pages of the same site to read" path="max_pages" type="number" min=${1} max=${100} value=${maxPages} onInput=${setMaxPages} error=${submit.error} />
    <${Checkbox} label="Also read the pages the site's sitemap lists" checked=${sitemap} onChange=${setSitemap} />
    <${Select}
      label="Fetch again"
      path="refresh_interval"
      value=${refreshInterval}
      onChange=${setRefreshInterval}
      options=${[
        ['', 'Never'],
        ['daily', 'Daily'],
        ['weekly', 'Weekly'],
      ]}
      error=${submit.error}
    />
    <${FormError} error=${submit.error} shownPaths=${['url', 'max_pages', 'refresh_interval']} />
    <${SubmitButton} busy=${submit.busy} label="Add web page" busyLabel="Adding…" />
  </form>`;
}

/** The body POST …/knowledge takes for a file: text formats as text, PDF and DOCX as base64. */
async function documentBody(file: File, title: string): Promise<KnowledgeDocumentInput> {
  const name = file.name.toLowerCase();
  const body = { type: 'document' as const, title: title.trim() || file.name };
  if (file.type === PDF || name.endsWith('.pdf')) return { ...body, content_base64: await readFile(file, 'base64'), mime_type: PDF };
  if (file.type === DOCX || name.endsWith('.docx')) return { ...body, content_base64: await readFile(file, 'base64'), mime_type: DOCX };
  const format = name.endsWith('.md') || name.endsWith('.markdown') ? 'markdown' : name.endsWith('.html') || name.endsWith('.htm') ? 'html' : 'text';
  return { ...body, content: await readFile(file, 'text'), format };
}

function FileForm({ base, onAdded }: { base: KnowledgePath; onAdded: (item: KnowledgeItem) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [inputKey, setInputKey] = useState(0);
  const submit = useSubmit(async () => {
    if (!file) throw new ApiError(400, 'validation_failed', 'Choose a file first.');
    onAdded(await api.post(base, await documentBody(file, title)));
    setFile(null);
    setTitle('');
    setInputKey(inputKey + 1);
  });
  return html`<form
    aria-label="Upload a file"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <div class="field">
      <label for="knowledge-file">File</label>
      <input
        key=${inputKey}
        id="knowledge-file"
        type="file"
        accept=".pdf,.docx,.txt,.md,.markdown,.html,.htm,text/plain,text/markdown,text/html,${PDF},${DOCX}"
        aria-describedby="knowledge-file-hint"
        onChange=${(event: Event) => setFile((event.currentTarget as HTMLInputElement).files?.[0] ?? null)}
      />
      <p class="hint" id="knowledge-file-hint">PDF, DOCX, plain text, Markdown or HTML.</p>
    </div>
    <${Field} label="Title" path="title" value=${title} onInput=${setTitle} error=${submit.error} hint="Empty: the file's name." />
    <${FormError} error=${submit.error} shownPaths=${['title']} />
    <${SubmitButton} busy=${submit.busy} label="Upload file" busyLabel="Uploading…" />
  </form>`;
}

function SearchPreview({ base }: { base: KnowledgePath }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<KnowledgePassage[] | null>(null);
  const search = useSubmit(async () => {
    setResults((await api.post(`${base}/search`, { query: text, limit: 5 })).data);
  });
  return html`<section class="card" aria-labelledby="search-heading">
    <h2 id="search-heading">Try a question</h2>
    <p class="hint">See the passages the chatbot would answer from, best first.</p>
    <form
      role="search"
      aria-label="Search the knowledge"
      class="inline-form"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void search.run();
      }}
    >
      <${Field} label="Question to search" path="query" value=${text} onInput=${setText} error=${search.error} />
      <${SubmitButton} busy=${search.busy} label="Search" busyLabel="Searching…" className="button" />
    </form>
    <${FormError} error=${search.error} shownPaths=${['query']} />
    ${results && results.length === 0 ? html`<p role="status">Nothing in the knowledge matches. The chatbot would give its fallback message.</p>` : null}
    ${results && results.length > 0
      ? html`<ol class="search-results" aria-label="Search results">
          ${results.map(
            (passage) => html`<li>
              <p><strong>${passage.title ?? (passage.kind === 'qa' ? 'Q&A pair' : 'Passage')}</strong> <span class="muted small">confidence ${passage.confidence.toFixed(2)}</span></p>
              <p>${passage.snippet}</p>
            </li>`,
          )}
        </ol>`
      : null}
  </section>`;
}
