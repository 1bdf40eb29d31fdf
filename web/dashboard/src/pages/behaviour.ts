// The chatbot's behaviour tab: GET/PUT /api/v1/chatbots/{id}/settings. PUT replaces the settings,
// so the whole form is sent; the rules editor edits `rules` (keywords or a pattern, then a reply,
// a lead request or a hand-off to a human).
import { useState } from 'preact/hooks';
import { api, encode, type ApiError } from '../api.js';
import { PERSONALITIES, type BehaviourRule, type BusinessHours, type Chatbot, type ChatbotSettings, type Personality } from '../types.js';
import { Checkbox, ErrorMessage, Field, FormError, html, Loading, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { notify } from '../state.js';
import { BusinessHoursFields, DEFAULT_BUSINESS_HOURS } from './business-hours.js';

const LEAD_FIELDS = ['name', 'email', 'phone', 'company'] as const;

/** A rule as edited: keywords as one comma-separated line. */
interface RuleDraft {
  name: string;
  matchBy: 'keywords' | 'pattern';
  keywords: string;
  pattern: string;
  action: BehaviourRule['action']['type'];
  reply: string;
}

function ruleDraft(rule: BehaviourRule): RuleDraft {
  return {
    name: rule.name ?? '',
    matchBy: rule.match.pattern && !rule.match.keywords ? 'pattern' : 'keywords',
    keywords: (rule.match.keywords ?? []).join(', '),
    pattern: rule.match.pattern ?? '',
    action: rule.action.type,
    reply: rule.action.reply ?? '',
  };
}

function ruleBody(draft: RuleDraft): BehaviourRule {
  const rule: BehaviourRule = {
    match:
      draft.matchBy === 'keywords'
        ? {
            keywords: draft.keywords
              .split(',')
              .map((keyword) => keyword.trim())
              .filter(Boolean),
          }
        : { pattern: draft.pattern },
    action: draft.action === 'reply' ? { type: 'reply', reply: draft.reply } : { type: draft.action },
  };
  if (draft.name.trim()) rule.name = draft.name;
  return rule;
}

/** The settings as PUT takes them: without the response-only fields. */
function settingsBody(settings: ChatbotSettings, rules: RuleDraft[]) {
  const { chatbot_id: _id, updated_at: _updated, ...input } = settings;
  return { ...input, welcome_message: input.welcome_message?.trim() ? input.welcome_message : null, rules: rules.map(ruleBody) };
}

export function BehaviourTab({ chatbot }: { chatbot: Chatbot }) {
  const path = `/api/v1/chatbots/${encode(chatbot.id)}/settings` as const;
  const loaded = useLoad(() => api.get(path), [path]);
  if (loaded.error && !loaded.data) return html`<${ErrorMessage} error=${loaded.error} retry=${loaded.reload} />`;
  if (!loaded.data) return html`<${Loading} label="Loading the behaviour settings…" />`;
  return html`<${BehaviourForm} path=${path} initial=${loaded.data} />`;
}

function BehaviourForm({ path, initial }: { path: `/api/v1/chatbots/${string}/settings`; initial: ChatbotSettings }) {
  const [settings, setSettings] = useState(initial);
  const [rules, setRules] = useState(() => initial.rules.map(ruleDraft));
  const save = useSubmit(async () => {
    // The document answers the settings' nested parts as free-form objects (types.ts).
    const saved = (await api.put(path, settingsBody(settings, rules))) as ChatbotSettings;
    setSettings(saved);
    setRules(saved.rules.map(ruleDraft));
    notify('Behaviour saved');
  });
  const change = (patch: Partial<ChatbotSettings>) => setSettings({ ...settings, ...patch });
  const answer = settings.answer;
  const changeAnswer = (patch: Partial<ChatbotSettings['answer']>) => change({ answer: { ...answer, ...patch } });
  const lead = settings.lead_capture;
  const changeLead = (patch: Partial<ChatbotSettings['lead_capture']>) => change({ lead_capture: { ...lead, ...patch } });
  const changeHandoff = (patch: Partial<ChatbotSettings['handoff']>) => change({ handoff: { ...settings.handoff, ...patch } });
  const autoAssign = settings.handoff.auto_assign ?? { enabled: false, max_open_per_agent: 3 };
  const changeAutoAssign = (patch: Partial<typeof autoAssign>) => changeHandoff({ auto_assign: { ...autoAssign, ...patch } });
  const error = save.error;
  const number = (value: string) => (value.trim() === '' ? (Number.NaN as number) : Number(value));

  return html`<form
    class="stack"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void save.run();
    }}
  >
    <fieldset class="card">
      <legend>Conversation</legend>
      <${Select}
        label="Personality"
        path="personality"
        value=${settings.personality}
        onChange=${(personality: string) => change({ personality: personality as Personality })}
        options=${PERSONALITIES.map((value) => [value, value])}
        error=${error}
      />
      <${Field} label="Language" path="language" value=${settings.language} onInput=${(language: string) => change({ language })} error=${error} hint="ISO 639-1 code, such as en." />
      <${Field} label="Welcome message" path="welcome_message" multiline value=${settings.welcome_message} onInput=${(welcome_message: string) => change({ welcome_message })} error=${error} />
      <${Field}
        label="Instructions"
        path="instructions"
        multiline
        rows=${5}
        value=${settings.instructions}
        onInput=${(instructions: string) => change({ instructions })}
        error=${error}
        hint="What the chatbot should know about how to answer (used in LLM mode), up to 10,000 characters."
      />
      <${Field}
        label="Fallback message"
        path="fallback_message"
        multiline
        value=${settings.fallback_message}
        onInput=${(fallback_message: string) => change({ fallback_message })}
        error=${error}
        hint="Said when the knowledge has no good answer."
      />
      <${Field}
        label="End a conversation after this many idle minutes"
        path="inactivity_timeout_minutes"
        type="number"
        min=${1}
        max=${1440}
        value=${settings.inactivity_timeout_minutes}
        onInput=${(value: string) => change({ inactivity_timeout_minutes: number(value) })}
        error=${error}
      />
    </fieldset>

    <fieldset class="card">
      <legend>Answers</legend>
      <${Select}
        label="Answer mode"
        path="answer.mode"
        value=${answer.mode}
        onChange=${(mode: string) => changeAnswer({ mode: mode as 'retrieval' | 'llm' })}
        options=${[
          ['retrieval', 'Retrieval: quote the best passage or Q&A answer'],
          ['llm', 'LLM: a language model writes the answer from passages'],
        ]}
        error=${error}
        hint="LLM mode needs a language-model provider: one of your account's (the Models page) or one the server's operator configured."
      />
      ${answer.mode === 'llm'
        ? html`<${ProviderChoice} value=${answer.provider} onChange=${(provider: string | null) => changeAnswer({ provider })} error=${error} />
            <${Field} label="Model" path="answer.model" value=${answer.model} onInput=${(model: string) => changeAnswer({ model: model || null })} error=${error} />
            <${Field} label="Temperature" path="answer.temperature" type="number" step="0.1" min=${0} max=${2} value=${answer.temperature} onInput=${(v: string) => changeAnswer({ temperature: number(v) })} error=${error} />
            <${Field} label="Maximum tokens" path="answer.max_tokens" type="number" min=${1} max=${8192} value=${answer.max_tokens} onInput=${(v: string) => changeAnswer({ max_tokens: number(v) })} error=${error} />
            <${Field} label="Minimum passage score" path="answer.min_passage_score" type="number" step="0.05" min=${0} max=${1} value=${answer.min_passage_score} onInput=${(v: string) => changeAnswer({ min_passage_score: number(v) })} error=${error} />`
        : null}
      <${Select}
        label="Retrieval"
        path="answer.retrieval"
        value=${answer.retrieval}
        onChange=${(retrieval: string) => changeAnswer({ retrieval: retrieval as 'lexical' | 'hybrid' })}
        options=${[
          ['lexical', 'Words: questions are matched by their words'],
          ['hybrid', 'Words and meaning: an embedding model also matches paraphrases'],
        ]}
        error=${error}
        hint="Meaning needs one of your model providers with an embedding model (the Models page). The knowledge is embedded in the background once saved."
      />
      ${answer.retrieval === 'hybrid' ? html`<${EmbeddingChoice} value=${answer.embedding_provider} onChange=${(id: string | null) => changeAnswer({ embedding_provider: id })} error=${error} />` : null}
      <${Field}
        label="Minimum confidence to answer"
        path="answer.min_confidence"
        type="number"
        step="0.05"
        min=${0}
        max=${1}
        value=${answer.min_confidence}
        onInput=${(v: string) => changeAnswer({ min_confidence: number(v) })}
        error=${error}
        hint="From 0 to 1. Below it, the fallback message is said."
      />
      <${Field}
        label="Confidence to suggest a question (“did you mean”)"
        path="answer.suggest_confidence"
        type="number"
        step="0.05"
        min=${0}
        max=${1}
        value=${answer.suggest_confidence}
        onInput=${(v: string) => changeAnswer({ suggest_confidence: number(v) })}
        error=${error}
      />
      <${Checkbox} label="Show sources under answers" checked=${answer.show_sources} onChange=${(show_sources: boolean) => changeAnswer({ show_sources })} />
      <${Checkbox}
        label="Learn from thumbs-up"
        checked=${answer.learn_from_feedback}
        onChange=${(learn_from_feedback: boolean) => changeAnswer({ learn_from_feedback })}
        hint="A thumbs-up on a Q&A answer adds the visitor's question to that pair's alternatives."
      />
    </fieldset>

    <fieldset class="card">
      <legend>Lead capture</legend>
      <${Checkbox} label="Ask visitors for their contact details" checked=${lead.enabled} onChange=${(enabled: boolean) => changeLead({ enabled })} />
      <${Field}
        label="Ask after this many messages"
        path="lead_capture.ask_after_messages"
        type="number"
        min=${0}
        max=${50}
        value=${lead.ask_after_messages}
        onInput=${(v: string) => changeLead({ ask_after_messages: number(v) })}
        error=${error}
      />
      <fieldset class="inline-choices">
        <legend>Fields to ask for</legend>
        ${LEAD_FIELDS.map(
          (field) => html`<${Checkbox}
            label=${field}
            checked=${lead.fields.includes(field)}
            onChange=${(on: boolean) => changeLead({ fields: on ? [...lead.fields, field] : lead.fields.filter((name) => name !== field) })}
          />`,
        )}
      </fieldset>
      ${error?.fieldMessage('lead_capture.fields') ? html`<p class="field-error">${error.fieldMessage('lead_capture.fields')}</p>` : null}
    </fieldset>

    <fieldset class="card">
      <legend>Handoff to a person</legend>
      <${Checkbox}
        label="Hand off visitors who ask for a person"
        checked=${settings.handoff.on_visitor_request}
        onChange=${(on_visitor_request: boolean) => changeHandoff({ on_visitor_request })}
        hint="“I want to talk to a person”, “Mitarbeiter bitte”, “parler à un conseiller”… The widget also offers “Talk to a person” after a reply that did not know. Your rules are checked first."
      />
      <${Checkbox}
        label="Tell visitors when no member is available"
        checked=${settings.handoff.require_available_member ?? true}
        onChange=${(require_available_member: boolean) => changeHandoff({ require_available_member })}
        hint="Members set themselves available in the dashboard. With nobody available, the visitor is told so and asked for an e-mail, and the conversation waits in the inbox. Turn it off if your team answers handoffs elsewhere (webhooks, a helpdesk)."
      />
      <${BusinessHoursFields}
        hours=${settings.handoff.business_hours ?? DEFAULT_BUSINESS_HOURS}
        change=${(business_hours: BusinessHours) => changeHandoff({ business_hours })}
        error=${error}
      />
      <${Checkbox}
        label="Assign handoffs automatically"
        checked=${autoAssign.enabled}
        onChange=${(enabled: boolean) => changeAutoAssign({ enabled })}
        hint="Each handoff goes to the available member who was assigned least recently, in turn; one that waits goes to the next member who becomes available or has room. Otherwise it waits in the inbox until someone takes it."
      />
      ${autoAssign.enabled
        ? html`<${Field}
            label="Open conversations per member"
            path="handoff.auto_assign.max_open_per_agent"
            type="number"
            min=${1}
            max=${100}
            value=${autoAssign.max_open_per_agent}
            onInput=${(v: string) => changeAutoAssign({ max_open_per_agent: number(v) })}
            error=${error}
            hint="A member with this many handed-off conversations is passed over until one ends or goes back to the bot."
          />`
        : null}
    </fieldset>

    <${RulesEditor} rules=${rules} setRules=${setRules} error=${error} />

    <${FormError} error=${error} shownPaths=${[]} />
    <div class="form-actions sticky-actions">
      <${SubmitButton} busy=${save.busy} label="Save behaviour" busyLabel="Saving…" />
    </div>
  </form>`;
}

function RulesEditor({ rules, setRules, error }: { rules: RuleDraft[]; setRules: (rules: RuleDraft[]) => void; error: ApiError | null }) {
  const update = (index: number, patch: Partial<RuleDraft>) => setRules(rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  const move = (index: number, by: number) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    next.splice(index + by, 0, rule!);
    setRules(next);
  };
  return html`<fieldset class="card">
    <legend>Rules</legend>
    <p class="hint">Rules are checked in order before the knowledge: the first whose keywords or pattern match the visitor's message decides.</p>
    ${rules.length === 0 ? html`<p class="muted">No rules yet. Add one to answer a question the same way every time, ask for contact details, or hand over to a person.</p>` : null}
    <ol class="rules">
      ${rules.map(
        (rule, index) => html`<li class="rule" key=${index}>
          <fieldset>
            <legend>Rule ${index + 1}${rule.name ? `: ${rule.name}` : ''}</legend>
            <${Field} label="Rule name" path=${`rules.${index}.name`} value=${rule.name} onInput=${(name: string) => update(index, { name })} error=${error} />
            <${Select}
              label="Match by"
              value=${rule.matchBy}
              onChange=${(matchBy: string) => update(index, { matchBy: matchBy as RuleDraft['matchBy'] })}
              options=${[
                ['keywords', 'Keywords'],
                ['pattern', 'Regular expression'],
              ]}
            />
            ${rule.matchBy === 'keywords'
              ? html`<${Field}
                  label="Keywords"
                  path=${`rules.${index}.match.keywords`}
                  value=${rule.keywords}
                  onInput=${(keywords: string) => update(index, { keywords })}
                  error=${error}
                  hint="Separated by commas; any one matches."
                />`
              : html`<${Field} label="Pattern" path=${`rules.${index}.match.pattern`} value=${rule.pattern} onInput=${(pattern: string) => update(index, { pattern })} error=${error} />`}
            <${Select}
              label="Then"
              path=${`rules.${index}.action.type`}
              value=${rule.action}
              onChange=${(action: string) => update(index, { action: action as RuleDraft['action'] })}
              options=${[
                ['reply', 'Reply with a fixed answer'],
                ['lead_request', 'Ask for contact details'],
                ['handoff', 'Hand over to a person'],
              ]}
              error=${error}
            />
            ${rule.action === 'reply'
              ? html`<${Field} label="Reply" path=${`rules.${index}.action.reply`} multiline value=${rule.reply} onInput=${(reply: string) => update(index, { reply })} error=${error} />`
              : null}
            ${error?.fieldMessage(`rules.${index}.match`) ? html`<p class="field-error">${error.fieldMessage(`rules.${index}.match`)}</p>` : null}
            <div class="button-row">
              <button type="button" class="button small" disabled=${index === 0} onClick=${() => move(index, -1)} aria-label=${`Move up: rule ${index + 1}`}>Move up</button>
              <button type="button" class="button small" disabled=${index === rules.length - 1} onClick=${() => move(index, 1)} aria-label=${`Move down: rule ${index + 1}`}>
                Move down
              </button>
              <button type="button" class="button small danger" onClick=${() => setRules(rules.filter((_, i) => i !== index))} aria-label=${`Remove: rule ${index + 1}`}>Remove</button>
            </div>
          </fieldset>
        </li>`,
      )}
    </ol>
    <button
      type="button"
      class="button"
      disabled=${rules.length >= 50}
      onClick=${() => setRules([...rules, { name: '', matchBy: 'keywords', keywords: '', pattern: '', action: 'reply', reply: '' }])}
    >
      Add rule
    </button>
  </fieldset>`;
}

/** Marks the choice of a provider the server's operator configured, named in the text field. */
const OPERATOR_PROVIDER = '__operator';

/**
 * The provider of LLM answers: one of the account's model providers, by name, or one the server's
 * operator configured (`LLM_PROVIDERS`), typed by its name (the dashboard cannot list those).
 */
function ProviderChoice({ value, onChange, error }: { value: string | null; onChange: (provider: string | null) => void; error: ApiError | null }) {
  const providers = useLoad(() => api.get('/api/v1/model-providers?limit=100'), []);
  const own = providers.data?.data ?? [];
  const isOwn = value !== null && value.startsWith('mp_');
  const [operator, setOperator] = useState(value !== null && !isOwn);
  const selected = operator ? OPERATOR_PROVIDER : (value ?? '');
  const options: Array<[string, string]> = [
    ['', own.length > 0 ? 'Choose a provider' : 'No provider yet: add one on the Models page'],
    ...own.map((provider): [string, string] => [provider.id, `${provider.name}${provider.chat_model ? ` (${provider.chat_model})` : ''}`]),
    // A provider deleted meanwhile is still named, so the form shows what is saved.
    ...(isOwn && !own.some((provider) => provider.id === value) && providers.data ? [[value!, `${value} (not found)`] as [string, string]] : []),
    [OPERATOR_PROVIDER, "One of the server operator's providers…"],
  ];
  return html`<${Select}
      label="Provider"
      path="answer.provider"
      value=${selected}
      onChange=${(choice: string) => {
        setOperator(choice === OPERATOR_PROVIDER);
        onChange(choice === OPERATOR_PROVIDER || choice === '' ? null : choice);
      }}
      options=${options}
      error=${error}
    />
    ${operator
      ? html`<${Field} label="Operator's provider name" path="answer.provider" value=${isOwn ? '' : (value ?? '')} onInput=${(name: string) => onChange(name.trim() || null)} error=${error} hint="The name the server's operator gave it (LLM_PROVIDERS)." />`
      : null}`;
}

/** The account's model providers that name an embedding model, for hybrid retrieval. */
function EmbeddingChoice({ value, onChange, error }: { value: string | null; onChange: (provider: string | null) => void; error: ApiError | null }) {
  const providers = useLoad(() => api.get('/api/v1/model-providers?limit=100'), []);
  const usable = (providers.data?.data ?? []).filter((provider) => provider.embedding_model);
  const options: Array<[string, string]> = [
    ['', usable.length > 0 ? 'Choose a provider' : 'No provider with an embedding model yet: add one on the Models page'],
    ...usable.map((provider): [string, string] => [provider.id, `${provider.name} (${provider.embedding_model})`]),
  ];
  return html`<${Select} label="Embedding provider" path="answer.embedding_provider" value=${value ?? ''} onChange=${(id: string) => onChange(id || null)} options=${options} error=${error} />`;
}
