// #/saved-replies: the texts agents insert with `/shortcut` in the inbox's reply box: list, search,
// create, edit and delete (owners and admins; agents use them from the reply box).
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { notify } from '../state.js';
// The variables the server knows (bundled in), so the hint never names one it would refuse.
import { VARIABLE_LIST } from '../../../../plugins/saved-replies/variables.js';
import type { Chatbot, SavedReply } from '../types.js';
import { ConfirmButton, Empty, ErrorMessage, Field, FormError, formatDate, html, Loading, PageHeader, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { useChatbotNames } from './webhooks.js';

const VARIABLE_HINT = `Variables, filled in for the conversation when an agent uses the reply: ${VARIABLE_LIST}. One without a value (a visitor who gave no name) is left out.`;

export function SavedRepliesPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const list = useLoad(() => api.get(`/api/v1/saved-replies${query({ limit: 100, q: q || undefined })}`), [q]);
  const chatbots = useChatbotNames();
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);
  const chatbotName = (id: string | null) => (id ? (chatbots.data?.find((chatbot) => chatbot.id === id)?.name ?? id) : 'Every chatbot');
  const saved = (message: string) => {
    setEditing(null);
    notify(message);
    list.reload();
  };

  return html`<section>
    <${PageHeader} title="Saved replies" description="Answers your team sends often. In a conversation, type / and part of the shortcut in the reply box to insert one.">
      <button type="button" class="button primary" aria-expanded=${editing === 'new' ? 'true' : 'false'} onClick=${() => setEditing(editing === 'new' ? null : 'new')}>New saved reply</button>
    <//>
    ${editing
      ? html`<${SavedReplyForm}
          key=${editing === 'new' ? 'new' : editing.id}
          reply=${editing === 'new' ? null : editing}
          chatbots=${chatbots.data ?? []}
          onCancel=${() => setEditing(null)}
          onSaved=${(reply: SavedReply) => saved(editing === 'new' ? `Saved reply /${reply.shortcut} created` : `Saved reply /${reply.shortcut} saved`)}
        />`
      : null}
    <form
      class="search-form"
      role="search"
      onSubmit=${(event: Event) => {
        event.preventDefault();
        setQ(search.trim());
      }}
    >
      <${Field} label="Search saved replies" value=${search} onInput=${setSearch} placeholder="Shortcut, title or text" />
      <button type="submit" class="button">Search</button>
    </form>
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading saved replies…" />` : null}
    ${list.data && list.data.data.length === 0
      ? html`<${Empty} title=${q ? 'No saved reply matches' : 'No saved replies yet'}><p>${q ? 'Try another word.' : 'Create one for an answer you write again and again.'}</p><//>`
      : null}
    ${list.data && list.data.data.length > 0
      ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Saved replies table"><table>
          <caption class="visually-hidden">Saved replies</caption>
          <thead><tr><th scope="col">Shortcut</th><th scope="col">Reply</th><th scope="col">Chatbot</th><th scope="col">Used</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            ${list.data.data.map(
              (reply) => html`<tr key=${reply.id}>
                <th scope="row"><code>/${reply.shortcut}</code></th>
                <td><strong>${reply.title}</strong><br /><span class="muted small saved-reply-body">${reply.body}</span></td>
                <td>${chatbotName(reply.chatbot_id)}</td>
                <td class="small">${reply.use_count === 1 ? 'once' : `${reply.use_count} times`}${reply.last_used_at ? html`<br /><span class="muted">last ${formatDate(reply.last_used_at)}</span>` : null}</td>
                <td class="actions">
                  <div class="button-row">
                    <button type="button" class="button small" aria-label=${`Edit /${reply.shortcut}`} onClick=${() => setEditing(reply)}>Edit</button>
                    <${ConfirmButton}
                      label="Delete"
                      ariaLabel=${`Delete /${reply.shortcut}`}
                      className="button small danger"
                      title="Delete this saved reply?"
                      message=${html`<p>Agents can no longer insert <strong>/${reply.shortcut}</strong>. Replies already sent stay as they are.</p>`}
                      confirmLabel="Delete saved reply"
                      danger
                      onConfirm=${async () => {
                        await api.delete(`/api/v1/saved-replies/${encode(reply.id)}`);
                        if (editing !== 'new' && editing?.id === reply.id) setEditing(null);
                        notify(`Saved reply /${reply.shortcut} deleted`);
                        list.reload();
                      }}
                    />
                  </div>
                </td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : null}
  </section>`;
}

function SavedReplyForm({ reply, chatbots, onSaved, onCancel }: { reply: SavedReply | null; chatbots: Chatbot[]; onSaved: (reply: SavedReply) => void; onCancel: () => void }) {
  const [shortcut, setShortcut] = useState(reply?.shortcut ?? '');
  const [title, setTitle] = useState(reply?.title ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [chatbotId, setChatbotId] = useState(reply?.chatbot_id ?? '');
  const submit = useSubmit(async () => {
    const fields = { shortcut: shortcut.trim().replace(/^\//, ''), title: title.trim(), body: body.trim(), chatbot_id: chatbotId || null };
    onSaved(reply ? await api.patch(`/api/v1/saved-replies/${encode(reply.id)}`, fields) : await api.post('/api/v1/saved-replies', fields));
  });
  const heading = reply ? `Edit /${reply.shortcut}` : 'New saved reply';
  return html`<form
    class="card"
    aria-labelledby="saved-reply-form-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="saved-reply-form-heading">${heading}</h2>
    <${Field} label="Shortcut" path="shortcut" required value=${shortcut} onInput=${setShortcut} error=${submit.error} placeholder="refund" hint="Letters, digits and dashes; agents type / and the shortcut." autofocus />
    <${Field} label="Title" path="title" required value=${title} onInput=${setTitle} error=${submit.error} placeholder="Refund policy" />
    <${Field} label="Reply" path="body" required multiline rows=${5} value=${body} onInput=${setBody} error=${submit.error} hint=${VARIABLE_HINT} />
    <${Select}
      label="Chatbot"
      path="chatbot_id"
      value=${chatbotId}
      onChange=${setChatbotId}
      options=${[['', 'Every chatbot'], ...chatbots.map((chatbot) => [chatbot.id, chatbot.name])]}
      error=${submit.error}
    />
    <${FormError} error=${submit.error} shownPaths=${['shortcut', 'title', 'body', 'chatbot_id']} />
    <div class="form-actions">
      <${SubmitButton} busy=${submit.busy} label=${reply ? 'Save changes' : 'Create saved reply'} busyLabel="Saving…" />
      <button type="button" class="button" onClick=${onCancel}>Cancel</button>
    </div>
  </form>`;
}
