// First run: while the server has no account (GET /dashboard/setup says `open`), the dashboard
// offers to create the first one: POST /dashboard/setup with the setup code the server printed at
// start-up, the organisation's name, and the owner's e-mail and password. It signs the owner in.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { firstRunOpen, session } from '../state.js';
import { Field, FormError, html, SubmitButton, useSubmit } from '../ui.js';
import { waitText } from './sign-in.js';

export function SetupPage() {
  const [code, setCode] = useState('');
  const [organisation, setOrganisation] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit(async () => {
    const signedIn = await api.post('/dashboard/setup', { setup_code: code, organisation_name: organisation, email, password });
    firstRunOpen.set(false);
    session.set(signedIn);
  });
  const error = submit.error;
  const message =
    error?.code === 'setup_code_invalid'
      ? new ApiError(403, error.code, 'The setup code is not right: copy it from the server’s start-up output (“Setup code: …”).')
      : error?.code === 'sign_in_throttled'
        ? new ApiError(429, error.code, `Too many attempts. Wait ${waitText(error.retryAfter)} and try again.`)
        : error?.code === 'setup_complete'
          ? new ApiError(409, error.code, 'This server is set up already: reload the page to sign in.')
          : error;

  return html`<main class="auth-page">
    <div class="auth-card">
      <h1>Create the first account</h1>
      <p class="hint">This server has no account yet. You become its owner; invite others from Members afterwards.</p>
      <form
        noValidate
        onSubmit=${(event: Event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <${Field}
          label="Setup code"
          path="setup_code"
          autocomplete="off"
          required
          value=${code}
          onInput=${setCode}
          error=${error}
          hint="Printed in the terminal where the server started: Setup code: XXXX-XXXX-XXXX"
          autofocus
        />
        <${Field} label="Organisation name" path="organisation_name" autocomplete="organization" required value=${organisation} onInput=${setOrganisation} error=${error} />
        <${Field} label="Your e-mail" type="email" path="email" autocomplete="username" required value=${email} onInput=${setEmail} error=${error} />
        <${Field}
          label="Password"
          type="password"
          path="password"
          autocomplete="new-password"
          required
          value=${password}
          onInput=${setPassword}
          error=${error}
          hint="At least 10 characters"
        />
        <${FormError} error=${message} shownPaths=${['setup_code', 'organisation_name', 'email', 'password']} />
        <${SubmitButton} busy=${submit.busy} label="Create the account" busyLabel="Creating…" />
      </form>
    </div>
  </main>`;
}
