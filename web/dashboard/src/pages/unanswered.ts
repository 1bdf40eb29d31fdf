// "Questions the bot could not answer" (top_unanswered of GET /analytics/trends): each one a click
// from a Q&A pair. The form has the question filled in and the chatbot of the question's sample
// conversation chosen; the pair goes through the knowledge API like any other.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, encode, query } from '../api.js';
import { href } from '../router.js';
import { notify } from '../state.js';
import type { Chatbot, QuestionGroup } from '../types.js';
import { Dialog, Field, FormError, html, Select, SubmitButton, useSubmit } from '../ui.js';

interface Added {
  chatbotId: string;
  chatbotName: string;
}

export function UnansweredQuestions({ questions, chatbots, chatbotId }: { questions: QuestionGroup[]; chatbots: Chatbot[]; chatbotId: string }) {
  const [open, setOpen] = useState<QuestionGroup | null>(null);
  const [added, setAdded] = useState<Record<string, Added>>({});
  const unanswered = questions.filter((group) => group.unanswered > 0);

  return html`<section class="card" aria-labelledby="unanswered-heading">
    <h2 id="unanswered-heading">Questions the bot could not answer</h2>
    <p class="muted small">Visitor questions that got the fallback reply or a thumbs-down, most frequent first. Add an answer and the bot gives it next time.</p>
    ${unanswered.length === 0
      ? html`<p>None in this period: every question got an answer.</p>`
      : html`<ol class="unanswered">
          ${unanswered.map((group) => {
            const done = added[group.question];
            return html`<li class="unanswered-item">
              <div class="unanswered-question">
                <p class="question-text">“${group.question}”</p>
                <p class="muted small">
                  ${`Asked ${group.count} ${group.count === 1 ? 'time' : 'times'}, ${group.unanswered} not answered, ${group.clarified} clarified (suggestions offered instead of an answer).`}
                </p>
              </div>
              ${done
                ? html`<p class="added" role="status">
                    <span aria-hidden="true">✓ </span>Answer added to
                    <a href=${href('chatbots', done.chatbotId, 'knowledge')}>${done.chatbotName}’s knowledge</a>
                  </p>`
                : html`<button type="button" class="button" aria-label=${`Add answer: ${group.question}`} onClick=${() => setOpen(group)}>Add answer</button>`}
            </li>`;
          })}
        </ol>`}
    ${open
      ? html`<${AddAnswerDialog}
          group=${open}
          chatbots=${chatbots}
          preferredChatbot=${chatbotId}
          onClose=${() => setOpen(null)}
          onAdded=${(result: Added) => {
            setAdded({ ...added, [open.question]: result });
            setOpen(null);
            notify(`Answer added to ${result.chatbotName}. The bot uses it once it is processed, usually within seconds.`);
          }}
        />`
      : null}
  </section>`;
}

/** The chatbot whose conversation the question came from (the inbox's `q` finds a conversation by id). */
async function chatbotOfConversation(conversationId: string | undefined): Promise<string | null> {
  if (!conversationId) return null;
  const found = await api.get(`/api/v1/conversations${query({ q: conversationId, limit: 1 })}`);
  return found.data.find((conversation) => conversation.id === conversationId)?.chatbot_id ?? null;
}

function AddAnswerDialog({
  group,
  chatbots,
  preferredChatbot,
  onClose,
  onAdded,
}: {
  group: QuestionGroup;
  chatbots: Chatbot[];
  preferredChatbot: string;
  onClose: () => void;
  onAdded: (added: Added) => void;
}) {
  const [question, setQuestion] = useState(group.question);
  const [answer, setAnswer] = useState('');
  const [chatbotId, setChatbotId] = useState(preferredChatbot || (chatbots.length === 1 ? chatbots[0]!.id : ''));

  useEffect(() => {
    if (preferredChatbot) return;
    let current = true;
    chatbotOfConversation(group.sample_conversation_id).then(
      (found) => current && found && setChatbotId(found),
      () => {
        // Not found (deleted since): the owner picks the chatbot.
      },
    );
    return () => {
      current = false;
    };
  }, [group.sample_conversation_id]);

  const submit = useSubmit(async () => {
    if (!chatbotId) throw new ApiError(400, 'validation_failed', 'Choose the chatbot that should give this answer.', [{ path: 'chatbot', message: 'Choose a chatbot', type: 'client' }]);
    await api.post(`/api/v1/chatbots/${encode(chatbotId)}/knowledge`, { type: 'qa', question, answer });
    onAdded({ chatbotId, chatbotName: chatbots.find((chatbot) => chatbot.id === chatbotId)?.name ?? 'the chatbot' });
  });

  return html`<${Dialog} title="Add an answer" onClose=${onClose}>
    <form
      class="answer-form"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <${Field} label="Question" path="question" value=${question} onInput=${setQuestion} error=${submit.error} required />
      <${AnswerField} value=${answer} onInput=${setAnswer} error=${submit.error} />
      <${Select}
        label="Chatbot"
        path="chatbot"
        error=${submit.error}
        value=${chatbotId}
        options=${[['', 'Choose a chatbot'], ...chatbots.map((chatbot) => [chatbot.id, chatbot.name])]}
        onChange=${setChatbotId}
      />
      <${FormError} error=${submit.error} shownPaths=${['question', 'answer', 'chatbot']} />
      <div class="dialog-actions">
        <button type="button" class="button" onClick=${onClose}>Cancel</button>
        <${SubmitButton} busy=${submit.busy} label="Add answer" busyLabel="Adding…" />
      </div>
    </form>
  <//>`;
}

/** The answer of a new Q&A pair, written by the owner; the API's message under it when refused. */
export function AnswerField({ value, onInput, error }: { value: string; onInput: (value: string) => void; error: ApiError | null }) {
  const message = error?.fieldMessage('answer');
  return html`<div class=${`field${message ? ' invalid' : ''}`}>
    <label for="unanswered-answer">Answer</label>
    <textarea
      id="unanswered-answer"
      name="answer"
      rows="5"
      required
      data-autofocus
      value=${value}
      aria-invalid=${message ? 'true' : undefined}
      aria-describedby=${message ? 'unanswered-answer-error' : undefined}
      onInput=${(event: Event) => onInput((event.currentTarget as HTMLTextAreaElement).value)}
    ></textarea>
    ${message ? html`<p class="field-error" id="unanswered-answer-error">${message}</p>` : null}
  </div>`;
}
