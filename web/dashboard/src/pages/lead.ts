// #/leads/{id}: one lead: their details, the conversation they were captured in (its last
// messages, and a link into the inbox), the follow-up status and notes, and deleting them for good.
import { useEffect, useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { href, navigate } from '../router.js';
import { notify } from '../state.js';
import { LEAD_STATUSES, type Lead, type LeadStatus, type Message } from '../types.js';
import { Badge, ConfirmButton, ErrorMessage, Field, FormError, formatDate, html, Loading, PageHeader, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { SOURCE_LABELS } from './leads.js';

const SHORT_TRANSCRIPT = 6;
const SPEAKERS: Record<Message['role'], string> = { user: 'Visitor', assistant: 'Chatbot', agent: 'Agent' };

export function LeadPage({ leadId }: { leadId: string }) {
  const base = `/api/v1/leads/${encode(leadId)}` as const;
  const lead = useLoad(() => api.get(base), [base]);

  if (lead.error && !lead.data) {
    return html`<section>
      <p class="breadcrumb"><a href=${href('leads')}>Leads</a> <span aria-hidden="true">›</span></p>
      <${PageHeader} title="Lead" />
      <${ErrorMessage} error=${lead.error} retry=${lead.reload} />
    </section>`;
  }
  if (!lead.data) return html`<${Loading} label="Loading the lead…" />`;
  const current = lead.data;
  const title = current.name || current.email || current.phone || 'Lead';

  return html`<section>
    <p class="breadcrumb"><a href=${href('leads')}>Leads</a> <span aria-hidden="true">›</span></p>
    <${PageHeader} title=${title}>
      <${Badge} status=${current.status} />
    <//>
    <div class="two-columns">
      <div>
        <section class="card" aria-labelledby="lead-details-heading">
          <h2 id="lead-details-heading">Details</h2>
          <${LeadFacts} lead=${current} />
        </section>
        <${LeadConversation} lead=${current} />
      </div>
      <div>
        <${FollowUpForm} lead=${current} onSaved=${lead.setData} />
        <section class="card" aria-labelledby="lead-delete-heading">
          <h2 id="lead-delete-heading">Delete</h2>
          <p class="muted">Deletes the lead and their personal details for good (for example when they ask you to). Their conversation stays.</p>
          <${ConfirmButton}
            label="Delete lead"
            title=${`Delete ${title}?`}
            message=${html`<p>The lead and the details they left are deleted for good. This cannot be undone.</p>`}
            confirmLabel="Delete lead"
            danger
            onConfirm=${async () => {
              await api.delete(base);
              notify(`${title} deleted.`);
              navigate('/leads');
            }}
          />
        </section>
      </div>
    </div>
  </section>`;
}

function LeadFacts({ lead }: { lead: Lead }) {
  const chatbot = useLoad(() => api.get(`/api/v1/chatbots/${encode(lead.chatbot_id)}`), [lead.chatbot_id]);
  const custom = Object.entries(lead.custom ?? {});
  return html`<dl class="facts">
    <dt>Name</dt><dd>${lead.name ?? '—'}</dd>
    <dt>E-mail</dt><dd>${lead.email ? html`<a href=${`mailto:${lead.email}`}>${lead.email}</a>` : '—'}</dd>
    <dt>Phone</dt><dd>${lead.phone ? html`<a href=${`tel:${lead.phone}`}>${lead.phone}</a>` : '—'}</dd>
    <dt>Company</dt><dd>${lead.company ?? '—'}</dd>
    <dt>Source</dt><dd>${SOURCE_LABELS[lead.source] ?? lead.source}</dd>
    <dt>Chatbot</dt><dd>${chatbot.data?.name ?? lead.chatbot_id}</dd>
    <dt>Captured</dt><dd>${formatDate(lead.created_at)}</dd>
    <dt>Updated</dt><dd>${formatDate(lead.updated_at)}</dd>
    ${custom.map(([key, value]) => html`<dt>${key}</dt><dd>${typeof value === 'string' ? value : JSON.stringify(value)}</dd>`)}
  </dl>`;
}

function LeadConversation({ lead }: { lead: Lead }) {
  const conversationId = lead.conversation_id;
  const base = conversationId ? (`/api/v1/chatbots/${encode(lead.chatbot_id)}/conversations/${encode(conversationId)}` as const) : '';
  const conversation = useLoad(async () => (base ? api.get(base) : null), [base]);
  // The last few messages, oldest first.
  const messages = useLoad(async () => (base ? (await api.get(`${base}/messages${query({ limit: SHORT_TRANSCRIPT })}`)).data.reverse() : []), [base]);

  return html`<section class="card" aria-labelledby="lead-conversation-heading">
    <h2 id="lead-conversation-heading">Conversation</h2>
    ${!conversationId ? html`<p class="muted">This lead did not come from a conversation (or it was deleted).</p>` : null}
    ${conversation.error ? html`<${ErrorMessage} error=${conversation.error} retry=${conversation.reload} />` : null}
    ${conversation.data
      ? html`<p>
            <${Badge} status=${conversation.data.status} /> started ${formatDate(conversation.data.started_at)}, ${conversation.data.message_count}
            ${conversation.data.message_count === 1 ? ' message' : ' messages'}.
          </p>
          <p><a href=${href('inbox', lead.chatbot_id, conversation.data.id)}>Open in the inbox</a></p>`
      : null}
    ${messages.data && messages.data.length > 0
      ? html`<ol class="transcript compact" aria-label="Last messages of the conversation">
          ${messages.data.map(
            (message) => html`<li key=${message.id} class=${`message ${message.role}`}>
              <p class="speaker"><strong>${SPEAKERS[message.role]}</strong> <span class="muted small">${formatDate(message.created_at)}</span></p>
              <p class="message-text">${message.content}</p>
            </li>`,
          )}
        </ol>`
      : null}
  </section>`;
}

function FollowUpForm({ lead, onSaved }: { lead: Lead; onSaved: (lead: Lead) => void }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [notes, setNotes] = useState(lead.notes ?? '');
  useEffect(() => {
    setStatus(lead.status);
    setNotes(lead.notes ?? '');
  }, [lead.id]);
  const submit = useSubmit(async () => {
    // '' clears the notes (API-DECISIONS.md "Leads").
    const saved = await api.patch(`/api/v1/leads/${encode(lead.id)}`, { status, notes: notes.trim() });
    onSaved(saved);
    notify('Lead saved.');
  });
  const changed = status !== lead.status || notes.trim() !== (lead.notes ?? '');
  return html`<form
    class="card"
    aria-labelledby="lead-follow-up-heading"
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="lead-follow-up-heading">Follow-up</h2>
    <${Select}
      label="Status"
      path="status"
      value=${status}
      error=${submit.error}
      options=${LEAD_STATUSES.map((value) => [value, value[0]!.toUpperCase() + value.slice(1)])}
      onChange=${(value: string) => setStatus(value as LeadStatus)}
    />
    <${Field} label="Notes" path="notes" multiline rows=${6} value=${notes} onInput=${setNotes} error=${submit.error} hint="For your team; the lead never sees them." />
    <${FormError} error=${submit.error} shownPaths=${['status', 'notes']} />
    <div class="form-actions">
      <${SubmitButton} busy=${submit.busy} label="Save" busyLabel="Saving…" />
      ${changed ? html`<span class="muted small">Unsaved changes</span>` : null}
    </div>
  </form>`;
}
