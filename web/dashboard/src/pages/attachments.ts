// Files in a conversation (images and PDFs, the visitor's and the agents'), in the inbox: shown in
// the transcript, read from GET …/conversations/{convId}/attachments/{id} with the session cookie
// (same origin; the server serves them inert: nosniff, a sandboxing CSP, PDFs as downloads), and
// the agent's "Attach a file" beside the reply box. A file's name is only ever an attribute or a
// text node, never HTML.
import { useRef } from 'preact/hooks';
import { api, ApiError, encode } from '../api.js';
import { notify } from '../state.js';
import type { Conversation, Message } from '../types.js';
import { html, readFile, useSubmit } from '../ui.js';

export type MessageAttachment = NonNullable<Message['attachment']>;

/** `/api/v1/chatbots/{id}/conversations/{convId}`, the path under which a conversation's calls go. */
export type ConversationPath = `/api/v1/chatbots/${string}/conversations/${string}`;

/** What the API takes (it reads the type from the bytes; the chooser only narrows what is offered). */
export const ATTACHMENT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf';

/**
 * The largest file any plan may take (config/plans.ts MAX_ATTACHMENT_BYTES): a larger one is not
 * read into the page at all. Below it, the account's plan is the server's to apply (413, its message).
 */
const LARGEST_FILE_BYTES = 25 * 1024 * 1024;

/** `812 bytes`, `14.2 KB`, `3.1 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A message's file: an image shown (a click opens it whole in a new tab), a PDF as a download link. */
export function AttachmentView({ base, attachment }: { base: ConversationPath; attachment: MessageAttachment }) {
  const href = `${base}/attachments/${encode(attachment.id)}`;
  if (attachment.content_type === 'application/pdf') {
    return html`<p class="attachment attachment-file">
      <span aria-hidden="true" class="attachment-icon">PDF</span>
      <a href=${href} download=${attachment.name}>${attachment.name}</a>
      <span class="muted small"> (PDF, ${formatSize(attachment.size)})</span>
    </p>`;
  }
  return html`<figure class="attachment attachment-image">
    <a href=${href} target="_blank" rel="noopener noreferrer">
      <img src=${href} alt=${attachment.name} loading="lazy" decoding="async" />
      <span class="visually-hidden"> (opens in a new tab)</span>
    </a>
    <figcaption class="muted small">${attachment.name} · ${formatSize(attachment.size)}</figcaption>
  </figure>`;
}

/**
 * The agent's "Attach a file": a button (the name, the keyboard) opening the browser's file
 * chooser, the file read as base64 and sent (POST …/attachments) as the agent's message. The server
 * refuses what is not an image or a PDF by its bytes, whatever its name: its message is the error.
 */
export function useAttach({ base, onSent }: { base: ConversationPath; onSent: (message: Message, conversation: Conversation) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const send = useSubmit(async (file: File) => {
    if (file.size > LARGEST_FILE_BYTES) {
      throw new ApiError(413, 'attachment_too_large', `${file.name} has ${formatSize(file.size)}: no plan takes files over ${formatSize(LARGEST_FILE_BYTES)}.`);
    }
    const content_base64 = await readFile(file, 'base64');
    const turn = await api.post(`${base}/attachments`, { name: file.name, content_base64 });
    onSent(turn.message, turn.conversation);
    notify(`File sent: ${turn.message.attachment?.name ?? file.name}.`);
  });
  const choose = () => input.current?.click();
  /** `onStart`: a file was chosen and is being sent (the form clears its other error). */
  const view = (enabled: boolean, onStart: () => void) => html`<input
      ref=${input}
      type="file"
      accept=${ATTACHMENT_ACCEPT}
      hidden
      tabIndex=${-1}
      onChange=${(event: Event) => {
        const chooser = event.currentTarget as HTMLInputElement;
        const file = chooser.files?.[0];
        // Emptied at once, so that choosing the same file again is a change too.
        chooser.value = '';
        if (!file) return;
        onStart();
        void send.run(file).then(() => button.current?.focus());
      }}
    />
    <button type="button" class="button" ref=${button} disabled=${!enabled || send.busy} aria-describedby="agent-attach-hint" onClick=${choose}>
      ${send.busy ? 'Sending the file…' : 'Attach a file'}
    </button>
    <span class="visually-hidden" id="agent-attach-hint">An image (PNG, JPEG, GIF or WebP) or a PDF, sent to the visitor at once.</span>`;
  return { busy: send.busy, error: send.error, setError: send.setError, view };
}
