// #/conversations?chatbot=…: a chatbot's conversations, newest first; #/conversations/{chatbot}/{id}:
// one transcript. What agents see; owners and admins too.
import { api, encode, query, type Page } from '../api.js';
import { href, navigate } from '../router.js';
import type { Chatbot, Conversation, Message } from '../types.js';
import { Badge, Empty, ErrorMessage, formatDate, html, Loading, PageHeader, Select, useLoad } from '../ui.js';

export function ConversationsPage({ chatbotId, conversationId }: { chatbotId: string; conversationId: string }) {
  const chatbots = useLoad(async () => (await api.get<Page<Chatbot>>(`/api/v1/chatbots${query({ limit: 100 })}`)).data, []);
  const list = chatbots.data ?? [];
  const selected = chatbotId || list[0]?.id || '';

  if (conversationId && chatbotId) return html`<${Transcript} chatbotId=${chatbotId} conversationId=${conversationId} chatbots=${list} />`;

  return html`<section>
    <${PageHeader} title="Conversations" description="What visitors asked and what they were told." />
    ${chatbots.error ? html`<${ErrorMessage} error=${chatbots.error} retry=${chatbots.reload} />` : null}
    ${chatbots.loading && !chatbots.data ? html`<${Loading} label="Loading chatbots…" />` : null}
    ${chatbots.data && list.length === 0 ? html`<${Empty} title="No chatbots yet"><p>Conversations appear here once a chatbot talks to visitors.</p><//>` : null}
    ${list.length > 0
      ? html`<div class="toolbar">
          <${Select}
            label="Chatbot"
            value=${selected}
            onChange=${(id: string) => navigate(`/conversations?chatbot=${encode(id)}`)}
            options=${list.map((chatbot) => [chatbot.id, chatbot.name])}
          />
        </div>`
      : null}
    ${selected ? html`<${ConversationList} key=${selected} chatbotId=${selected} />` : null}
  </section>`;
}

function ConversationList({ chatbotId }: { chatbotId: string }) {
  const conversations = useLoad(() => api.get<Page<Conversation>>(`/api/v1/chatbots/${encode(chatbotId)}/conversations${query({ limit: 50 })}`), [chatbotId]);
  if (conversations.error) return html`<${ErrorMessage} error=${conversations.error} retry=${conversations.reload} />`;
  if (!conversations.data) return html`<${Loading} label="Loading conversations…" />`;
  if (conversations.data.data.length === 0) return html`<${Empty} title="No conversations yet"><p>Conversations show here as soon as a visitor writes through the widget or the API.</p><//>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Conversations table"><table>
    <caption class="visually-hidden">Conversations</caption>
    <thead><tr><th scope="col">Started</th><th scope="col">Status</th><th scope="col">Channel</th><th scope="col">Messages</th><th scope="col">Last message</th></tr></thead>
    <tbody>
      ${conversations.data.data.map(
        (conversation) => html`<tr key=${conversation.id}>
          <th scope="row"><a href=${href('conversations', chatbotId, conversation.id)}>${formatDate(conversation.started_at)}</a></th>
          <td><${Badge} status=${conversation.status} /></td>
          <td>${conversation.channel}</td>
          <td>${conversation.message_count}</td>
          <td>${formatDate(conversation.last_message_at)}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

const SPEAKERS: Record<Message['role'], string> = { user: 'Visitor', assistant: 'Chatbot', agent: 'Agent' };

function Transcript({ chatbotId, conversationId, chatbots }: { chatbotId: string; conversationId: string; chatbots: Chatbot[] }) {
  const base = `/api/v1/chatbots/${encode(chatbotId)}/conversations/${encode(conversationId)}`;
  const conversation = useLoad(() => api.get<Conversation>(base), [base]);
  const messages = useLoad(() => api.get<Page<Message>>(`${base}/messages${query({ limit: 100, order: 'asc' })}`), [base]);
  const chatbotName = chatbots.find((chatbot) => chatbot.id === chatbotId)?.name ?? 'Chatbot';
  return html`<section>
    <p class="breadcrumb"><a href=${`#/conversations?chatbot=${encode(chatbotId)}`}>Conversations of ${chatbotName}</a> <span aria-hidden="true">›</span></p>
    <${PageHeader} title="Conversation">
      ${conversation.data ? html`<${Badge} status=${conversation.data.status} />` : null}
    <//>
    ${conversation.data ? html`<p class="muted">Started ${formatDate(conversation.data.started_at)} · ${conversation.data.channel} · ${conversation.data.language}</p>` : null}
    ${conversation.error ? html`<${ErrorMessage} error=${conversation.error} retry=${conversation.reload} />` : null}
    ${messages.error ? html`<${ErrorMessage} error=${messages.error} retry=${messages.reload} />` : null}
    ${!messages.data && !messages.error ? html`<${Loading} label="Loading messages…" />` : null}
    ${messages.data && messages.data.data.length === 0 ? html`<p>No messages in this conversation.</p>` : null}
    ${messages.data && messages.data.data.length > 0
      ? html`<ol class="transcript" aria-label="Messages">
          ${messages.data.data.map(
            (message) => html`<li class=${`message ${message.role}`}>
              <p class="speaker"><strong>${SPEAKERS[message.role]}</strong> <span class="muted small">${formatDate(message.created_at)}</span></p>
              <p class="message-text">${message.content}</p>
            </li>`,
          )}
        </ol>`
      : null}
  </section>`;
}
