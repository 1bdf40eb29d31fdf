// #/chatbots: the chatbots of the current mode, with an empty state that says what to do first.
import { api, query } from '../api.js';
import { href } from '../router.js';
import { Badge, Empty, ErrorMessage, formatDate, html, Loading, PageHeader, useLoad } from '../ui.js';

export function ChatbotsPage() {
  const list = useLoad(() => api.get(`/api/v1/chatbots${query({ limit: 100 })}`), []);
  return html`<section>
    <${PageHeader} title="Chatbots" description="Each chatbot answers from its own knowledge and has its own widget.">
      <a class="button primary" href=${href('chatbots', 'new')}>Create chatbot</a>
    <//>
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading chatbots…" />` : null}
    ${list.data && list.data.data.length === 0
      ? html`<${Empty} title="No chatbots yet">
          <p>Create your first chatbot, add what it should know, then paste its widget into your site.</p>
          <a class="button primary" href=${href('chatbots', 'new')}>Create your first chatbot</a>
        <//>`
      : null}
    ${list.data && list.data.data.length > 0
      ? html`<ul class="card-list" aria-label="Chatbots">
          ${list.data.data.map(
            (chatbot) => html`<li class="card chatbot-card">
              <h2><a href=${href('chatbots', chatbot.id)}>${chatbot.name}</a></h2>
              <p><${Badge} status=${chatbot.status} /> <span class="muted">${chatbot.language} · ${chatbot.personality}</span></p>
              <p class="muted small">Created ${formatDate(chatbot.created_at)}</p>
              <nav class="inline-links" aria-label=${`${chatbot.name} pages`}>
                <a href=${href('chatbots', chatbot.id, 'knowledge')}>Knowledge</a>
                <a href=${href('chatbots', chatbot.id, 'widget')}>Widget</a>
                <a href=${href('chatbots', chatbot.id, 'behaviour')}>Behaviour</a>
              </nav>
            </li>`,
          )}
        </ul>`
      : null}
  </section>`;
}
