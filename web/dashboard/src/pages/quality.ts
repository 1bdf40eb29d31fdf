// The analytics page's "Quality" panel for one chatbot (GET /chatbots/{id}/quality): how its
// replies turned out (answered, clarified, fell back), the suggestions visitors chose, and the
// questions that fell back, each one click from a Q&A pair made from the visitor's own message
// (POST …/knowledge/qa-from-message).
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { href } from '../router.js';
import { notify } from '../state.js';
import type { FellBackQuestion, QualityReport } from '../types.js';
import { Dialog, ErrorMessage, FormError, html, Loading, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { formatValue } from './analytics-chart.js';
import { AnswerField } from './unanswered.js';

/** The longest period the route reads (its `from`–`to` limit is 31 days). */
export const QUALITY_DAYS = 30;

export function QualityPanel({ chatbotId, from, days }: { chatbotId: string; from: string; days: number }) {
  const report = useLoad(() => api.get(`/api/v1/chatbots/${encode(chatbotId)}/quality${query({ from })}`) as Promise<QualityReport>, [chatbotId, from]);
  return html`<section class="card quality" aria-labelledby="quality-heading">
    <h2 id="quality-heading">Quality</h2>
    <p class="muted small">
      How this chatbot’s replies turned out ${days > QUALITY_DAYS ? `in the last ${QUALITY_DAYS} days (quality covers at most that)` : 'in this period'}: answered,
      suggestions offered instead (clarified), or the fallback.
    </p>
    ${report.error ? html`<${ErrorMessage} error=${report.error} retry=${report.reload} />` : null}
    ${!report.data && !report.error ? html`<${Loading} label="Loading quality…" />` : null}
    ${report.data ? html`<${QualityReportView} report=${report.data} chatbotId=${chatbotId} onAdded=${report.reload} />` : null}
  </section>`;
}

function QualityReportView({ report, chatbotId, onAdded }: { report: QualityReport; chatbotId: string; onAdded: () => void }) {
  const { turns } = report;
  const share = (label: string, value: number, count: number, detail: string) => html`<div class="stat">
    <dt>${label}</dt>
    <dd><span class="stat-value">${formatValue(value, 'percent')}</span><span class="stat-detail muted small">${count} ${count === 1 ? 'reply' : 'replies'}, ${detail}</span></dd>
  </div>`;
  return html`
    <dl class="stats">
      ${share('Answered', turns.answered_share, turns.answered, 'from rules, Q&A, knowledge or the model')}
      ${share('Clarified', turns.clarified_share, turns.clarified, 'suggestions offered instead')}
      ${share('Fell back', turns.fallback_share, turns.fallback, 'nothing to offer')}
    </dl>
    <h3>Suggestions visitors chose</h3>
    ${report.suggestions_chosen.length === 0
      ? html`<p>No suggestion was chosen in this period.</p>`
      : html`<ol class="suggestions-chosen">
          ${report.suggestions_chosen.map(
            (chosen) => html`<li>
              <a href=${href('chatbots', chatbotId, 'knowledge')}>${chosen.question}</a>
              <span class="muted small"> chosen ${chosen.times} ${chosen.times === 1 ? 'time' : 'times'}</span>
            </li>`,
          )}
        </ol>`}
    <${FellBackQuestions} questions=${report.fell_back} chatbotId=${chatbotId} onAdded=${onAdded} />
  `;
}

function FellBackQuestions({ questions, chatbotId, onAdded }: { questions: FellBackQuestion[]; chatbotId: string; onAdded: () => void }) {
  const [open, setOpen] = useState<FellBackQuestion | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  return html`<h3>Questions that fell back</h3>
    ${questions.length === 0
      ? html`<p>None in this period.</p>`
      : html`<ol class="unanswered">
          ${questions.map(
            (question) => html`<li class="unanswered-item">
              <div class="unanswered-question">
                <p class="question-text">“${question.question}”</p>
                <p class="muted small">Fell back ${question.count} ${question.count === 1 ? 'time' : 'times'}.</p>
              </div>
              ${added.has(question.message_id)
                ? html`<p class="added" role="status"><span aria-hidden="true">✓ </span>Q&A pair added</p>`
                : html`<button type="button" class="button" aria-label=${`Add as Q&A pair: ${question.question}`} onClick=${() => setOpen(question)}>Add as Q&A pair</button>`}
            </li>`,
          )}
        </ol>`}
    ${open
      ? html`<${QaFromMessageDialog}
          question=${open}
          chatbotId=${chatbotId}
          onClose=${() => setOpen(null)}
          onAdded=${() => {
            setAdded(new Set([...added, open.message_id]));
            setOpen(null);
            notify('Q&A pair added. The bot uses it once it is processed, usually within seconds.');
            onAdded();
          }}
        />`
      : null}`;
}

/** The visitor's message becomes the pair's question as they wrote it; the owner writes the answer. */
function QaFromMessageDialog({ question, chatbotId, onClose, onAdded }: { question: FellBackQuestion; chatbotId: string; onClose: () => void; onAdded: () => void }) {
  const [answer, setAnswer] = useState('');
  const submit = useSubmit(async () => {
    await api.post(`/api/v1/chatbots/${encode(chatbotId)}/knowledge/qa-from-message`, { message_id: question.message_id, answer });
    onAdded();
  });
  return html`<${Dialog} title="Add as Q&A pair" onClose=${onClose}>
    <form
      class="answer-form"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <div class="field">
        <span class="field-label">Question</span>
        <p class="question-text">${question.question}</p>
      </div>
      <${AnswerField} value=${answer} onInput=${setAnswer} error=${submit.error} />
      <${FormError} error=${submit.error} shownPaths=${['answer']} />
      <div class="dialog-actions">
        <button type="button" class="button" onClick=${onClose}>Cancel</button>
        <${SubmitButton} busy=${submit.busy} label="Add Q&A pair" busyLabel="Adding…" />
      </div>
    </form>
  <//>`;
}
