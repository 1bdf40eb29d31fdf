// The chatbot's profile tab: edit name, language, personality and welcome message (PATCH), and
// pause / resume / archive / restore / delete.
import { useState } from 'preact/hooks';
import { api, encode } from '../api.js';
import { href, navigate } from '../router.js';
import { notify } from '../state.js';
import type { Chatbot, Personality } from '../types.js';
import { ConfirmButton, FormError, html, SubmitButton, useSubmit } from '../ui.js';
import { ChatbotProfileFields, profileBody, PROFILE_PATHS, type ChatbotDraft } from './chatbot-fields.js';

function draftOf(chatbot: Chatbot): ChatbotDraft {
  return { name: chatbot.name, language: chatbot.language, // The document answers any string; the API stores one of PERSONALITIES.
    personality: chatbot.personality as Personality, welcome_message: chatbot.welcome_message ?? '' };
}

export function ChatbotProfileTab({ chatbot, onChange }: { chatbot: Chatbot; onChange: (chatbot: Chatbot) => void }) {
  const [draft, setDraft] = useState(() => draftOf(chatbot));
  const path = `/api/v1/chatbots/${encode(chatbot.id)}` as const;
  const save = useSubmit(async () => {
    const updated = await api.patch(path, profileBody(draft));
    onChange(updated);
    notify('Chatbot saved');
  });
  const lifecycle = useSubmit(async (action: 'pause' | 'resume' | 'archive' | 'restore') => {
    const updated = await api.post(`${path}/${action}`);
    onChange(updated);
    notify(`Chatbot ${{ pause: 'paused', resume: 'resumed', archive: 'archived', restore: 'restored' }[action]}`);
  });
  const archived = chatbot.status === 'archived';

  return html`<div class="two-columns">
    <form
      class="card"
      aria-labelledby="profile-heading"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <h2 id="profile-heading">Profile</h2>
      ${archived ? html`<p class="notice">This chatbot is archived and read-only. Restore it to change it.</p>` : null}
      <${ChatbotProfileFields} draft=${draft} change=${(patch: Partial<ChatbotDraft>) => setDraft({ ...draft, ...patch })} error=${save.error} />
      <${FormError} error=${save.error} shownPaths=${PROFILE_PATHS} />
      <${SubmitButton} busy=${save.busy} label="Save profile" busyLabel="Saving…" />
    </form>
    <section class="card" aria-labelledby="status-heading">
      <h2 id="status-heading">Status</h2>
      <p>${statusText(chatbot.status)}</p>
      <${FormError} error=${lifecycle.error} />
      <div class="button-row">
        ${chatbot.status === 'active' ? html`<button type="button" class="button" disabled=${lifecycle.busy} onClick=${() => lifecycle.run('pause')}>Pause</button>` : null}
        ${chatbot.status === 'paused' ? html`<button type="button" class="button" disabled=${lifecycle.busy} onClick=${() => lifecycle.run('resume')}>Resume</button>` : null}
        ${!archived ? html`<button type="button" class="button" disabled=${lifecycle.busy} onClick=${() => lifecycle.run('archive')}>Archive</button>` : null}
        ${archived ? html`<button type="button" class="button" disabled=${lifecycle.busy} onClick=${() => lifecycle.run('restore')}>Restore</button>` : null}
      </div>
      <h3>Delete</h3>
      <p class="muted">Deleting removes the chatbot, its keys, knowledge, conversations, leads and webhooks for good.</p>
      <${ConfirmButton}
        label="Delete chatbot"
        title=${`Delete ${chatbot.name}?`}
        message=${html`<p>This deletes <strong>${chatbot.name}</strong> and everything under it, for good. It cannot be undone.</p>`}
        confirmLabel="Delete for good"
        danger
        onConfirm=${async () => {
          await api.delete(path);
          notify(`Chatbot ${chatbot.name} deleted`);
          navigate(href('chatbots'));
        }}
      />
    </section>
  </div>`;
}

function statusText(status: Chatbot['status']): string {
  if (status === 'active') return 'Active: the chatbot answers visitors.';
  if (status === 'paused') return 'Paused: the widget shows that the chat is unavailable, and the chatbot does not answer.';
  return 'Archived: read-only, and its widget does not load.';
}
