// #/chatbots/new: create a chatbot; its own API key is shown once on the next page.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { href, navigate } from '../router.js';
import { handedSecret, notify } from '../state.js';
import { FormError, html, PageHeader, SubmitButton, useSubmit } from '../ui.js';
import { ChatbotProfileFields, profileBody, PROFILE_PATHS, type ChatbotDraft } from './chatbot-fields.js';

export function ChatbotCreatePage() {
  const [draft, setDraft] = useState<ChatbotDraft>({ name: '', language: 'en', personality: 'friendly', welcome_message: '' });
  const submit = useSubmit(async () => {
    const created = await api.post('/api/v1/chatbots', profileBody(draft));
    if (created.api_key) handedSecret.set({ forPath: `/chatbots/${created.id}`, label: `API key of ${created.name}`, secret: created.api_key });
    notify(`Chatbot ${created.name} created`);
    navigate(href('chatbots', created.id));
  });
  return html`<section>
    <${PageHeader} title="Create chatbot" description="You can change all of this later." />
    <form
      class="card narrow"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <${ChatbotProfileFields} draft=${draft} change=${(patch: Partial<ChatbotDraft>) => setDraft({ ...draft, ...patch })} error=${submit.error} />
      <${FormError} error=${submit.error} shownPaths=${PROFILE_PATHS} />
      <div class="form-actions">
        <${SubmitButton} busy=${submit.busy} label="Create chatbot" busyLabel="Creating…" />
        <a class="button" href=${href('chatbots')}>Cancel</a>
      </div>
    </form>
  </section>`;
}
