// Shared pieces of every page: labelled fields that show the API's error for their path, loading,
// empty and error states, a modal dialog that traps and returns focus, confirm buttons, copy
// buttons and the once-only secret box.
import htm from 'htm';
import { h, type ComponentChildren } from 'preact';
import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import { dismiss, notifications, useStore, type Notification } from './state.js';

export const html = htm.bind(h);

// ---------------------------------------------------------------------------------------- data

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
  setData: (data: T) => void;
}

/** Loads with `loader` when `keys` change; `reload()` loads again keeping the shown data meanwhile. */
export function useLoad<T>(loader: () => Promise<T>, keys: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: ApiError | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    loader().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error) => current && setState((previous) => ({ data: previous.data, error: asApiError(error), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [...keys, generation]);
  return {
    ...state,
    reload: useCallback(() => setGeneration((value) => value + 1), []),
    setData: useCallback((data: T) => setState({ data, error: null, loading: false }), []),
  };
}

export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, 'client_error', error instanceof Error ? error.message : String(error));
}

/**
 * A form's submit: runs `action`, keeps its error for the form and its fields, and says
 * `busy` meanwhile so the submit button can say so.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    try {
      await action(...args);
    } catch (caught) {
      setError(asApiError(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** A file the member chose, as text or as base64 (what the API's `content_base64` fields take). */
export function readFile(file: File, as: 'text' | 'base64'): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(`${file.name} could not be read`));
    reader.onload = () => {
      const result = String(reader.result);
      // readAsDataURL gives `data:<type>;base64,<data>`: the API takes the data alone.
      resolve(as === 'base64' ? result.slice(result.indexOf(',') + 1) : result);
    };
    if (as === 'base64') reader.readAsDataURL(file);
    else reader.readAsText(file);
  });
}

// -------------------------------------------------------------------------------------- fields

interface FieldProps {
  label: string;
  value: string | number | null | undefined;
  onInput: (value: string) => void;
  /** The field's path in the API body: its 400 detail shows under it. */
  path?: string;
  error?: ApiError | null;
  hint?: ComponentChildren;
  type?: string;
  required?: boolean;
  autocomplete?: string;
  multiline?: boolean;
  rows?: number;
  min?: number;
  max?: number;
  step?: number | string;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  autofocus?: boolean;
  /** The id of a datalist the input suggests from. */
  list?: string;
}

function fieldProblem(error: ApiError | null | undefined, path: string | undefined): string | undefined {
  return error && path ? error.fieldMessage(path) : undefined;
}

export function Field(props: FieldProps) {
  const id = useId();
  const problem = fieldProblem(props.error, props.path);
  const described = [props.hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: props.path,
    value: props.value ?? '',
    required: props.required,
    disabled: props.disabled,
    readOnly: props.readOnly,
    placeholder: props.placeholder,
    autoFocus: props.autofocus,
    'aria-invalid': problem ? 'true' : undefined,
    'aria-describedby': described,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  };
  return html`<div class=${`field${problem ? ' invalid' : ''}`}>
    <label for=${id}>${props.label}</label>
    ${props.multiline
      ? html`<textarea ...${common} rows=${props.rows ?? 3}></textarea>`
      : html`<input
          ...${common}
          type=${props.type ?? 'text'}
          autocomplete=${props.autocomplete}
          min=${props.min}
          max=${props.max}
          step=${props.step}
          list=${props.list}
        />`}
    ${props.hint ? html`<p class="hint" id=${`${id}-hint`}>${props.hint}</p>` : null}
    ${problem ? html`<p class="field-error" id=${`${id}-error`}>${problem}</p>` : null}
  </div>`;
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[value: string, label: string]>;
  path?: string;
  error?: ApiError | null;
  hint?: ComponentChildren;
  disabled?: boolean;
}

export function Select(props: SelectProps) {
  const id = useId();
  const problem = fieldProblem(props.error, props.path);
  const described = [props.hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return html`<div class=${`field${problem ? ' invalid' : ''}`}>
    <label for=${id}>${props.label}</label>
    <select
      id=${id}
      name=${props.path}
      disabled=${props.disabled}
      aria-invalid=${problem ? 'true' : undefined}
      aria-describedby=${described}
      onChange=${(event: Event) => props.onChange((event.currentTarget as HTMLSelectElement).value)}
    >
      ${props.options.map(([value, label]) => html`<option value=${value} selected=${value === props.value}>${label}</option>`)}
    </select>
    ${props.hint ? html`<p class="hint" id=${`${id}-hint`}>${props.hint}</p>` : null}
    ${problem ? html`<p class="field-error" id=${`${id}-error`}>${problem}</p>` : null}
  </div>`;
}

export function Checkbox(props: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string; path?: string; error?: ApiError | null }) {
  const id = useId();
  const problem = fieldProblem(props.error, props.path);
  return html`<div class="field checkbox">
    <input
      id=${id}
      type="checkbox"
      checked=${props.checked}
      aria-describedby=${props.hint ? `${id}-hint` : undefined}
      onChange=${(event: Event) => props.onChange((event.currentTarget as HTMLInputElement).checked)}
    />
    <label for=${id}>${props.label}</label>
    ${props.hint ? html`<p class="hint" id=${`${id}-hint`}>${props.hint}</p>` : null}
    ${problem ? html`<p class="field-error">${problem}</p>` : null}
  </div>`;
}

/**
 * The form-wide error: the API's message, unless every problem it names sits under a field of the
 * form (`shownPaths`), where it already shows.
 */
export function FormError({ error, shownPaths = [] }: { error: ApiError | null; shownPaths?: string[] }) {
  if (!error) return null;
  const allShown = error.details.length > 0 && error.details.every((detail) => shownPaths.includes(detail.path));
  const text = allShown ? 'Please correct the fields marked below.' : error.message;
  return html`<p class="form-error" role="alert">${text}</p>`;
}

export function SubmitButton({ busy, label, busyLabel, className = 'button primary' }: { busy: boolean; label: string; busyLabel?: string; className?: string }) {
  return html`<button type="submit" class=${className} disabled=${busy} aria-busy=${busy ? 'true' : undefined}>${busy ? (busyLabel ?? label + '…') : label}</button>`;
}

// -------------------------------------------------------------------------------------- states

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return html`<p class="loading" role="status">${label}</p>`;
}

export function ErrorMessage({ error, retry }: { error: ApiError; retry?: () => void }) {
  return html`<div class="error-box" role="alert">
    <p>${error.message}</p>
    ${retry ? html`<button type="button" class="button" onClick=${retry}>Try again</button>` : null}
  </div>`;
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return html`<div class="empty"><h2>${title}</h2>${children}</div>`;
}

export function PageHeader({ title, children, description }: { title: string; children?: ComponentChildren; description?: ComponentChildren }) {
  return html`<div class="page-header">
    <div>
      <h1 tabindex="-1" data-page-heading>${title}</h1>
      ${description ? html`<p class="page-description">${description}</p>` : null}
    </div>
    ${children ? html`<div class="page-actions">${children}</div>` : null}
  </div>`;
}

const STATUS_TONES: Record<string, string> = {
  active: 'good',
  enabled: 'good',
  ready: 'good',
  succeeded: 'good',
  open: 'good',
  paused: 'warn',
  pending: 'warn',
  processing: 'warn',
  invited: 'warn',
  handoff: 'warn',
  archived: 'muted',
  ended: 'muted',
  cancelled: 'muted',
  revoked: 'bad',
  disabled: 'bad',
  failed: 'bad',
  // Leads
  new: 'warn',
  contacted: 'muted',
  qualified: 'good',
  converted: 'good',
  lost: 'bad',
};

export function Badge({ status, label }: { status: string; label?: string }) {
  return html`<span class=${`badge ${STATUS_TONES[status] ?? 'muted'}`}>${label ?? status}</span>`;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

// ------------------------------------------------------------------------------------- dialogs

/**
 * A modal dialog (the native <dialog>: the page behind is inert, so focus stays inside; Escape
 * closes). Focus goes back to what had it when the dialog closes.
 */
export function Dialog({ title, onClose, children, labelledBy }: { title: string; onClose: () => void; children: ComponentChildren; labelledBy?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const element = dialog.current!;
    element.showModal();
    element.querySelector<HTMLElement>('[data-autofocus], input, textarea, select, button')?.focus();
    return () => {
      if (element.open) element.close();
      // Again after the frame: the browser's own focus fix-up for a closed dialog may come later.
      // When what opened it is gone (its row was removed), the page's heading takes focus.
      const restore = () => (opener?.isConnected ? opener.focus() : focusPageHeading());
      restore();
      requestAnimationFrame(restore);
    };
  }, []);
  return html`<dialog
    ref=${dialog}
    class="dialog"
    aria-labelledby=${labelledBy ?? `${id}-title`}
    onCancel=${(event: Event) => {
      event.preventDefault();
      onClose();
    }}
  >
    <h2 id=${`${id}-title`}>${title}</h2>
    ${children}
  </dialog>`;
}

interface ConfirmProps {
  /** The button's text (and accessible name). */
  label: string;
  /** The dialog's title. */
  title: string;
  message: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  danger?: boolean;
  className?: string;
  /** An accessible name for the button when its text alone is ambiguous in a list (`Delete Shop helper`). */
  ariaLabel?: string;
}

/** A button that asks first, in a dialog, and shows the action's error there. */
export function ConfirmButton(props: ConfirmProps) {
  const [open, setOpen] = useState(false);
  const submit = useSubmit(async () => {
    await props.onConfirm();
    setOpen(false);
  });
  return html`<span class="confirm">
    <button type="button" class=${props.className ?? `button${props.danger ? ' danger' : ''}`} aria-label=${props.ariaLabel} onClick=${() => setOpen(true)}>
      ${props.label}
    </button>
    ${open
      ? html`<${Dialog} title=${props.title} onClose=${() => setOpen(false)}>
          <div class="dialog-body">${props.message}</div>
          <${FormError} error=${submit.error} />
          <div class="dialog-actions">
            <button type="button" class="button" data-autofocus onClick=${() => setOpen(false)}>Cancel</button>
            <button type="button" class=${`button ${props.danger ? 'danger' : 'primary'}`} disabled=${submit.busy} onClick=${() => submit.run()}>
              ${submit.busy ? props.confirmLabel + '…' : props.confirmLabel}
            </button>
          </div>
        <//>`
      : null}
  </span>`;
}

// ------------------------------------------------------------------------------ copy & secrets

async function copyText(text: string, fallbackSource: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API outside secure contexts (plain http on a LAN address): select and copy.
    const input = fallbackSource?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

export function CopyButton({ text, label = 'Copy', container }: { text: string; label?: string; container?: () => HTMLElement | null }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const button = useRef<HTMLButtonElement>(null);
  const copy = async () => {
    const copied = await copyText(text, container?.() ?? button.current?.parentElement ?? null);
    setState(copied ? 'copied' : 'failed');
    setTimeout(() => setState('idle'), 2500);
  };
  return html`<button type="button" class="button" ref=${button} onClick=${copy}>
    ${label}<span class="visually-hidden" aria-live="polite">${state === 'copied' ? ' copied' : state === 'failed' ? ' failed: select the text and copy it' : ''}</span>
    ${state === 'copied' ? html`<span aria-hidden="true"> ✓</span>` : null}
  </button>`;
}

/** A read-only text with a Copy button beside it (an embed snippet, an invitation link). */
export function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  return html`<div class="field copy-field">
    <label for=${id}>${label}</label>
    <div class="copy-row">
      ${multiline
        ? html`<textarea id=${id} readOnly rows="4" class="mono" value=${value}></textarea>`
        : html`<input id=${id} readOnly class="mono" value=${value} />`}
      <${CopyButton} text=${value} label=${`Copy`} />
    </div>
  </div>`;
}

/**
 * Focus for when what had it is gone (a removed row, a box that closed): the page's heading, so
 * keyboard and screen-reader users stay on the page instead of at the top of the document.
 */
export function focusPageHeading(): void {
  if (document.activeElement && document.activeElement !== document.body && document.activeElement.isConnected) return;
  document.querySelector<HTMLElement>('[data-page-heading]')?.focus();
}

/** A secret the API shows this once: the value, a Copy button and a warning; Done forgets it. */
export function SecretBox({ title, secret, onDone, children }: { title: string; secret: string; onDone: () => void; children?: ComponentChildren }) {
  const box = useRef<HTMLElement>(null);
  useEffect(() => box.current?.focus(), []);
  return html`<section class="secret-box" aria-labelledby="secret-title" tabindex="-1" ref=${box}>
    <h2 id="secret-title">${title}</h2>
    <p class="warning"><strong>Copy it now:</strong> it is shown only this once and cannot be shown again.</p>
    <${CopyField} label="Secret" value=${secret} />
    ${children}
    <button
      type="button"
      class="button"
      onClick=${() => {
        onDone();
        requestAnimationFrame(focusPageHeading);
      }}
    >
      I have copied it
    </button>
  </section>`;
}

// -------------------------------------------------------------------------------- notifications

/** The live region: what just happened ("Chatbot created"), said politely, errors assertively. */
export function Notifications() {
  const shown = useStore(notifications);
  return html`<div class="notifications">
    <div role="status" aria-live="polite" class="notification-list">
      ${shown.filter((item) => item.kind === 'success').map((item) => html`<${NotificationItem} key=${item.id} item=${item} />`)}
    </div>
    <div role="alert" class="notification-list">
      ${shown.filter((item) => item.kind === 'error').map((item) => html`<${NotificationItem} key=${item.id} item=${item} />`)}
    </div>
  </div>`;
}

function NotificationItem({ item }: { item: Notification }) {
  return html`<p class=${`notification ${item.kind}`}>
    <span>${item.text}</span>
    <button type="button" class="icon-button" aria-label="Dismiss notification" onClick=${() => dismiss(item.id)}>×</button>
  </p>`;
}
