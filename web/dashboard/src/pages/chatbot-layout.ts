// #/chatbots/{id}[/tab]: one chatbot, its tabs (profile, behaviour, widget, knowledge) and the
// link to its conversations. Loads the chatbot once for every tab.
import { api, encode } from '../api.js';
import { href } from '../router.js';
import { handedSecret, useStore } from '../state.js';
import { Badge, ErrorMessage, html, Loading, PageHeader, SecretBox, useLoad } from '../ui.js';
import { BehaviourTab } from './behaviour.js';
import { ChatbotProfileTab } from './chatbot-profile.js';
import { KnowledgeTab } from './knowledge.js';
import { WidgetTab } from './widget.js';

const TABS: Array<[key: string, label: string]> = [
  ['profile', 'Profile'],
  ['behaviour', 'Behaviour'],
  ['widget', 'Widget'],
  ['knowledge', 'Knowledge'],
];

export function ChatbotLayout({ chatbotId, tab }: { chatbotId: string; tab: string }) {
  const chatbot = useLoad(() => api.get(`/api/v1/chatbots/${encode(chatbotId)}`), [chatbotId]);
  const secret = useStore(handedSecret);

  if (chatbot.error && !chatbot.data) {
    return html`<section>
      <${PageHeader} title="Chatbot" />
      <${ErrorMessage} error=${chatbot.error} retry=${chatbot.reload} />
      <p><a href=${href('chatbots')}>Back to chatbots</a></p>
    </section>`;
  }
  if (!chatbot.data) return html`<${Loading} label="Loading the chatbot…" />`;
  const current = chatbot.data;
  const known = TABS.some(([key]) => key === tab);

  return html`<section>
    <p class="breadcrumb"><a href=${href('chatbots')}>Chatbots</a> <span aria-hidden="true">›</span></p>
    <${PageHeader} title=${current.name}>
      <${Badge} status=${current.status} />
    <//>
    ${secret && secret.forPath === `/chatbots/${current.id}`
      ? html`<${SecretBox} title=${secret.label} secret=${secret.secret} onDone=${() => handedSecret.set(null)}>
          <p class="hint">This key works for this chatbot only. You can also create account keys under API keys.</p>
        <//>`
      : null}
    <nav class="tabs" aria-label="Chatbot sections">
      ${TABS.map(
        ([key, label]) => html`<a href=${key === 'profile' ? href('chatbots', current.id) : href('chatbots', current.id, key)} aria-current=${key === tab ? 'page' : undefined}
          >${label}</a
        >`,
      )}
      <a href=${`#/inbox?chatbot=${encode(current.id)}`}>Conversations</a>
    </nav>
    ${tab === 'profile' ? html`<${ChatbotProfileTab} chatbot=${current} onChange=${chatbot.setData} />` : null}
    ${tab === 'behaviour' ? html`<${BehaviourTab} chatbot=${current} />` : null}
    ${tab === 'widget' ? html`<${WidgetTab} chatbot=${current} />` : null}
    ${tab === 'knowledge' ? html`<${KnowledgeTab} chatbot=${current} />` : null}
    ${!known ? html`<p role="alert">There is no “${tab}” section. Pick one above.</p>` : null}
  </section>`;
}
