// Sign-in: POST /dashboard/session {email, password}. A wrong e-mail or password is one message
// (401 invalid_credentials); too many failures say how long to wait (429 sign_in_throttled). An
// address may be a member of several accounts: when the password opens more than one, the server
// lists them (409 account_required) and the form asks which, then signs in with `account`.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { session } from '../state.js';
import { Field, FormError, html, Select, SubmitButton, useSubmit } from '../ui.js';

export function waitText(seconds: number | null): string {
  if (!seconds) return 'a few minutes';
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [accounts, setAccounts] = useState<Array<[id: string, name: string]>>([]);
  const [account, setAccount] = useState('');
  const submit = useSubmit(async () => {
    try {
      session.set(await api.post('/dashboard/session', { email, password, ...(account ? { account } : {}) }));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'account_required') {
        const choices = caught.details.filter((detail) => detail.path === 'account' && detail.value).map((detail): [string, string] => [detail.value!, detail.message]);
        setAccounts(choices);
        setAccount(choices[0]?.[0] ?? '');
      }
      throw caught;
    }
  });
  const error = submit.error;
  const message =
    error?.code === 'invalid_credentials'
      ? new ApiError(401, error.code, 'The e-mail address or password is not right.')
      : error?.code === 'sign_in_throttled'
        ? new ApiError(429, error.code, `Too many failed sign-ins. Wait ${waitText(error.retryAfter)} and try again.`)
        : error;

  return html`<main class="auth-page">
    <div class="auth-card">
      <h1>Sign in to the dashboard</h1>
      <form
        noValidate
        onSubmit=${(event: Event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <${Field}
          label="E-mail"
          type="email"
          path="email"
          autocomplete="username"
          required
          value=${email}
          onInput=${(value: string) => {
            setEmail(value);
            setAccounts([]);
            setAccount('');
          }}
          error=${error}
          autofocus
        />
        <${Field}
          label="Password"
          type="password"
          path="password"
          autocomplete="current-password"
          required
          value=${password}
          onInput=${setPassword}
          error=${error}
        />
        ${accounts.length > 0 ? html`<${Select} label="Account" path="account" value=${account} onChange=${setAccount} options=${accounts} />` : null}
        <${FormError} error=${message} shownPaths=${['email', 'password']} />
        <${SubmitButton} busy=${submit.busy} label="Sign in" busyLabel="Signing in…" />
      </form>
      <p class="hint">No account yet? The server’s operator creates the first owner with <code>accounts create --owner-email</code>; others join by invitation.</p>
    </div>
  </main>`;
}
