// The chatbot's widget tab: GET/PUT /api/v1/chatbots/{id}/widget (colours, texts, position, display
// rules, lead form, allowed sites), the live preview of the real widget and the embed code.
import { useState } from 'preact/hooks';
import { api, encode, type ApiError } from '../api.js';
import { notify } from '../state.js';
import type { Chatbot, WidgetSettings } from '../types.js';
import { Checkbox, CopyField, ErrorMessage, Field, FormError, html, Loading, SecretBox, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';
import { WidgetPreview } from './widget-preview.js';

const LEAD_FIELDS = ['name', 'email', 'phone', 'company'] as const;

const lines = (value: string[]) => value.join('\n');
const fromLines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const orNull = (value: string) => (value.trim() ? value : null);
/** A number field's value; empty is NaN, which the server names as the field's error. */
const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

function settingsBody(settings: WidgetSettings) {
  const { chatbot_id: _id, embed_code: _embed, updated_at: _updated, ignored_origins: _ignored, identity_secret_created_at: _secret, ...input } = settings;
  return input;
}

export function WidgetTab({ chatbot }: { chatbot: Chatbot }) {
  const path = `/api/v1/chatbots/${encode(chatbot.id)}/widget` as const;
  const loaded = useLoad(() => api.get(path), [path]);
  if (loaded.error && !loaded.data) return html`<${ErrorMessage} error=${loaded.error} retry=${loaded.reload} />`;
  if (!loaded.data) return html`<${Loading} label="Loading the widget settings…" />`;
  return html`<${WidgetEditor} chatbot=${chatbot} path=${path} initial=${loaded.data} />`;
}

function ColourField({ label, path, value, onInput, error }: { label: string; path: string; value: string; onInput: (value: string) => void; error: ApiError | null }) {
  return html`<div class="colour-pair">
    <${Field} label=${label} type="color" path=${path} value=${value} onInput=${onInput} error=${error} />
    <${Field} label=${`${label} (hex)`} value=${value} onInput=${(hex: string) => onInput(hex.trim().toLowerCase())} placeholder="#4f46e5" />
  </div>`;
}

type Proactive = WidgetSettings['display_rules']['proactive'];

/** The proactive messages: a row each (pages, seconds, message), at most 10. */
function ProactiveEditor({ messages, onChange, error }: { messages: Proactive; onChange: (messages: Proactive) => void; error: ApiError | null }) {
  const update = (index: number, change: Partial<Proactive[number]>) => onChange(messages.map((message, i) => (i === index ? { ...message, ...change } : message)));
  return html`<fieldset class="proactive-editor">
    <legend>Proactive messages</legend>
    <p class="hint">Shown beside the launcher after some seconds on matching pages, once per visitor.</p>
    ${messages.map(
      (message, index) => html`<div class="proactive-row" key=${index}>
        <${Field} label=${`Pages (${index + 1})`} path=${`display_rules.proactive.${index}.match`} value=${message.match} onInput=${(match: string) => update(index, { match })} error=${error} hint="A pattern such as /pricing or *" />
        <${Field} label=${`Seconds (${index + 1})`} path=${`display_rules.proactive.${index}.delay_seconds`} type="number" min=${0} max=${3600} value=${message.delay_seconds} onInput=${(v: string) => update(index, { delay_seconds: number(v) })} error=${error} />
        <${Field} label=${`Message (${index + 1})`} path=${`display_rules.proactive.${index}.message`} value=${message.message} onInput=${(text: string) => update(index, { message: text })} error=${error} />
        <button type="button" class="button small danger" onClick=${() => onChange(messages.filter((_, i) => i !== index))}>Remove message ${index + 1}</button>
      </div>`,
    )}
    ${messages.length < 10
      ? html`<button type="button" class="button small" onClick=${() => onChange([...messages, { match: '*', delay_seconds: 10, message: '' }])}>Add a proactive message</button>`
      : null}
  </fieldset>`;
}

/** The identity secret: when it was made, and a button that makes a new one, shown once. */
function IdentitySecret({ path, createdAt, onMade }: { path: `/api/v1/chatbots/${string}/widget`; createdAt: string | null; onMade: (createdAt: string) => void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const make = useSubmit(async () => {
    const made = await api.post(`${path}/identity-secret`, {});
    setSecret(made.secret);
    onMade(made.created_at);
  });
  if (secret) {
    return html`<${SecretBox} title="Identity secret" secret=${secret} onDone=${() => setSecret(null)}>
      <p class="hint">Keep it on your server: compute <code>user_hash</code> there, never in the page.</p>
    <//>`;
  }
  return html`<section class="card" aria-labelledby="identity-heading">
    <h2 id="identity-heading">Identity secret</h2>
    <p>${createdAt ? `Made ${new Date(createdAt).toLocaleString()}. A new one replaces it at once.` : 'None yet.'}</p>
    ${make.error ? html`<${FormError} error=${make.error} shownPaths=${[]} />` : null}
    <button type="button" class="button" disabled=${make.busy} onClick=${() => void make.run()}>${createdAt ? 'Replace the identity secret' : 'Make an identity secret'}</button>
  </section>`;
}

function WidgetEditor({ chatbot, path, initial }: { chatbot: Chatbot; path: `/api/v1/chatbots/${string}/widget`; initial: WidgetSettings }) {
  const [settings, setSettings] = useState(initial);
  const save = useSubmit(async () => {
    // The document answers the settings' nested parts as free-form objects (types.ts).
    setSettings((await api.put(path, settingsBody(settings))) as WidgetSettings);
    notify('Widget saved');
  });
  const change = (patch: Partial<WidgetSettings>) => setSettings({ ...settings, ...patch });
  const rules = settings.display_rules;
  const changeRules = (patch: Partial<WidgetSettings['display_rules']>) => change({ display_rules: { ...rules, ...patch } });
  const form = settings.lead_form;
  const changeForm = (patch: Partial<WidgetSettings['lead_form']>) => change({ lead_form: { ...form, ...patch } });
  const error = save.error;

  return html`<div class="widget-layout">
    <form
      class="stack"
      aria-label="Widget settings"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void save.run();
      }}
    >
      <fieldset class="card">
        <legend>Look</legend>
        <${ColourField} label="Primary colour" path="primary_color" value=${settings.primary_color} onInput=${(primary_color: string) => change({ primary_color })} error=${error} />
        <${ColourField} label="Background colour" path="background_color" value=${settings.background_color} onInput=${(background_color: string) => change({ background_color })} error=${error} />
        <${ColourField} label="Text colour" path="text_color" value=${settings.text_color} onInput=${(text_color: string) => change({ text_color })} error=${error} />
        <${Select}
          label="Position"
          path="position"
          value=${settings.position}
          onChange=${(position: string) => change({ position: position as WidgetSettings['position'] })}
          options=${[
            ['bottom-right', 'Bottom right'],
            ['bottom-left', 'Bottom left'],
          ]}
          error=${error}
        />
        <div class="field-pair">
          <${Field} label="Distance from the side (px)" path="offset_x" type="number" min=${0} max=${200} value=${settings.offset_x} onInput=${(v: string) => change({ offset_x: number(v) })} error=${error} />
          <${Field} label="Distance from the bottom (px)" path="offset_y" type="number" min=${0} max=${200} value=${settings.offset_y} onInput=${(v: string) => change({ offset_y: number(v) })} error=${error} />
        </div>
        <${Field} label="Avatar image URL" path="avatar_url" type="url" value=${settings.avatar_url} onInput=${(v: string) => change({ avatar_url: orNull(v) })} error=${error} hint="https://… — leave empty for none." />
        <${Select}
          label="Theme"
          path="theme"
          value=${settings.theme}
          onChange=${(theme: string) => change({ theme: theme as WidgetSettings['theme'] })}
          options=${[
            ['light', 'Light'],
            ['dark', 'Dark'],
            ['auto', 'As the visitor’s system'],
          ]}
          error=${error}
        />
        <${Select}
          label="Launcher icon"
          path="launcher_icon"
          value=${settings.launcher_icon}
          onChange=${(launcher_icon: string) => change({ launcher_icon: launcher_icon as WidgetSettings['launcher_icon'] })}
          options=${[
            ['chat', 'Speech bubble'],
            ['question', 'Question mark'],
            ['headset', 'Headset'],
            ['sparkle', 'Sparkle'],
          ]}
          error=${error}
        />
        <${Field} label="Launcher image URL" path="launcher_image_url" type="url" value=${settings.launcher_image_url} onInput=${(v: string) => change({ launcher_image_url: orNull(v) })} error=${error} hint="Replaces the icon; https://… — leave empty for the icon." />
      </fieldset>

      <fieldset class="card">
        <legend>Texts</legend>
        <${Field} label="Title" path="title" value=${settings.title} onInput=${(v: string) => change({ title: orNull(v) })} error=${error} hint=${`Empty: the chatbot's name (${chatbot.name}).`} />
        <${Field} label="Subtitle" path="subtitle" value=${settings.subtitle} onInput=${(v: string) => change({ subtitle: orNull(v) })} error=${error} />
        <${Field} label="Launcher button text" path="launcher_text" value=${settings.launcher_text} onInput=${(launcher_text: string) => change({ launcher_text })} error=${error} />
        <${Field} label="Message box placeholder" path="input_placeholder" value=${settings.input_placeholder} onInput=${(input_placeholder: string) => change({ input_placeholder })} error=${error} />
        <${Field}
          label="Widget welcome message"
          path="welcome_message"
          multiline
          value=${settings.welcome_message}
          onInput=${(v: string) => change({ welcome_message: orNull(v) })}
          error=${error}
          hint="Empty: the chatbot's welcome message."
        />
        <${Field}
          label="Suggested messages"
          path="suggested_messages"
          multiline
          value=${lines(settings.suggested_messages)}
          onInput=${(v: string) => change({ suggested_messages: fromLines(v) })}
          error=${error}
          hint="One per line, at most 6: buttons visitors can press to start."
        />
      </fieldset>

      <fieldset class="card">
        <legend>Where it shows</legend>
        <${Field} label="Show on pages" path="display_rules.show_on" multiline value=${lines(rules.show_on)} onInput=${(v: string) => changeRules({ show_on: fromLines(v) })} error=${error} hint="One pattern per line such as /pricing or /blog/*; empty: every page." />
        <${Field} label="Hide on pages" path="display_rules.hide_on" multiline value=${lines(rules.hide_on)} onInput=${(v: string) => changeRules({ hide_on: fromLines(v) })} error=${error} hint="Wins over “Show on pages”." />
        <${Field} label="Delay before showing (seconds)" path="display_rules.delay_seconds" type="number" min=${0} max=${3600} value=${rules.delay_seconds} onInput=${(v: string) => changeRules({ delay_seconds: number(v) })} error=${error} />
        <fieldset class="inline-choices">
          <legend>Devices</legend>
          ${(['desktop', 'mobile'] as const).map(
            (device) => html`<${Checkbox}
              label=${device === 'desktop' ? 'Desktop' : 'Mobile'}
              checked=${rules.devices.includes(device)}
              onChange=${(on: boolean) => changeRules({ devices: on ? [...rules.devices, device] : rules.devices.filter((d) => d !== device) })}
            />`,
          )}
        </fieldset>
        ${error?.fieldMessage('display_rules.devices') ? html`<p class="field-error">${error.fieldMessage('display_rules.devices')}</p>` : null}
        <${Checkbox} label="Open the chat when the page loads" checked=${rules.open_on_load} onChange=${(open_on_load: boolean) => changeRules({ open_on_load })} />
        <${Field}
          label="Allowed sites"
          path="allowed_origins"
          multiline
          value=${lines(settings.allowed_origins)}
          onInput=${(v: string) => change({ allowed_origins: fromLines(v) })}
          error=${error}
          hint="One origin per line, such as https://example.com or https://*.example.com; empty: any site may embed it."
        />
        ${initial.ignored_origins?.length
          ? html`<p class="field-error">Ignored, as they would allow every site under a public suffix: ${initial.ignored_origins.join(', ')}. Remove them to save.</p>`
          : null}
      </fieldset>

      <fieldset class="card">
        <legend>Attention and privacy</legend>
        <${ProactiveEditor} messages=${rules.proactive} onChange=${(proactive: WidgetSettings['display_rules']['proactive']) => changeRules({ proactive })} error=${error} />
        <${Checkbox} label="Play a short tone when a reply arrives while the chat is closed" checked=${settings.sound} onChange=${(sound: boolean) => change({ sound })} />
        <${Select}
          label="Visitor’s browser storage"
          path="privacy.storage"
          value=${settings.privacy.storage}
          onChange=${(storage: string) => change({ privacy: { storage: storage as WidgetSettings['privacy']['storage'] } })}
          options=${[
            ['always', 'Remember the conversation from the start'],
            ['after_interaction', 'Only once the visitor opens the chat or writes (consent)'],
            ['never', 'Never: the conversation lasts as long as the page'],
          ]}
          error=${error}
        />
      </fieldset>

      <fieldset class="card">
        <legend>Visitors who are signed in</legend>
        <p class="hint">
          Your site names its signed-in visitor with <code>ChatbotWidget.identify({ user_id, name, email, user_hash })</code>, where
          <code>user_hash</code> is HMAC-SHA256 of <code>user_id</code> under the identity secret, computed on your server. A verified
          visitor's conversation follows them to their other devices.
        </p>
        <${Checkbox}
          label="Refuse visitors named without a valid user_hash"
          checked=${settings.identity_verification}
          onChange=${(identity_verification: boolean) => change({ identity_verification })}
        />
        ${error?.code === 'identity_secret_missing' ? html`<p class="field-error">Make an identity secret first (below the preview).</p>` : null}
      </fieldset>

      <fieldset class="card">
        <legend>Lead form</legend>
        <${Checkbox} label="Show a contact form in the widget" checked=${form.enabled} onChange=${(enabled: boolean) => changeForm({ enabled })} />
        <${Select}
          label="When"
          path="lead_form.when"
          value=${form.when}
          onChange=${(when: string) => changeForm({ when: when as WidgetSettings['lead_form']['when'] })}
          options=${[
            ['after_first_reply', 'After the first reply'],
            ['before_chat', 'Before the chat starts'],
            ['on_request', 'When a rule asks for it'],
          ]}
          error=${error}
        />
        <${Field} label="Form title" path="lead_form.title" value=${form.title} onInput=${(v: string) => changeForm({ title: orNull(v) })} error=${error} />
        <fieldset class="inline-choices">
          <legend>Form fields</legend>
          ${LEAD_FIELDS.map((name) => {
            const field = form.fields.find((candidate) => candidate.name === name);
            return html`<div class="lead-field">
              <${Checkbox}
                label=${`Ask for ${name}`}
                checked=${!!field}
                onChange=${(on: boolean) =>
                  changeForm({ fields: on ? [...form.fields, { name, required: false }] : form.fields.filter((candidate) => candidate.name !== name) })}
              />
              ${field
                ? html`<${Checkbox}
                    label=${`${name} required`}
                    checked=${field.required}
                    onChange=${(required: boolean) => changeForm({ fields: form.fields.map((candidate) => (candidate.name === name ? { ...candidate, required } : candidate)) })}
                  />`
                : null}
            </div>`;
          })}
        </fieldset>
        ${error?.fieldMessage('lead_form.fields') ? html`<p class="field-error">${error.fieldMessage('lead_form.fields')}</p>` : null}
      </fieldset>

      <fieldset class="card">
        <legend>Rating after the conversation</legend>
        <${Select}
          label="Ask the visitor to rate the conversation"
          path="rating.mode"
          value=${settings.rating.mode}
          onChange=${(mode: string) => change({ rating: { ...settings.rating, mode: mode as WidgetSettings['rating']['mode'] } })}
          options=${[
            ['stars', '1 to 5 stars'],
            ['thumbs', 'Thumbs up or down'],
            ['off', 'Do not ask'],
          ]}
          error=${error}
        />
        <${Checkbox}
          label="Let visitors add a comment"
          checked=${settings.rating.comment}
          onChange=${(comment: boolean) => change({ rating: { ...settings.rating, comment } })}
        />
      </fieldset>

      <${FormError} error=${error} shownPaths=${[]} />
      <div class="form-actions sticky-actions">
        <${SubmitButton} busy=${save.busy} label="Save widget" busyLabel="Saving…" />
      </div>
    </form>

    <div class="stack">
      <${WidgetPreview} chatbot=${chatbot} settings=${settings} />
      <${IdentitySecret} path=${path} createdAt=${settings.identity_secret_created_at} onMade=${(identity_secret_created_at: string) => change({ identity_secret_created_at })} />
      <section class="card" aria-labelledby="embed-heading">
        <h2 id="embed-heading">Add it to your site</h2>
        <p>Paste this code before <code>${"</body>"}</code> on every page where the chat should appear.</p>
        <${CopyField} label="Embed code" value=${settings.embed_code ?? initial.embed_code ?? ''} multiline />
      </section>
    </div>
  </div>`;
}
