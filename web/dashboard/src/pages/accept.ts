// #/accept?token=…: an invited member sets a password (and name) and is signed in
// (POST /dashboard/invitations/accept).
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { navigate } from '../router.js';
import { notify, session } from '../state.js';
import { Field, FormError, html, SubmitButton, useSubmit } from '../ui.js';

export function AcceptInvitationPage({ token }: { token: string }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const submit = useSubmit(async () => {
    if (password !== again) throw new ApiError(400, 'validation_failed', 'The two passwords differ.', [{ path: 'password_again', message: 'This is not the same password', type: 'client' }]);
    const body: { token: string; password: string; name?: string } = { token, password };
    if (name.trim()) body.name = name.trim();
    const signedIn = await api.post('/dashboard/invitations/accept', body);
    session.set(signedIn);
    notify('Welcome! Your password is set and you are signed in.');
    navigate(signedIn.member.role === 'agent' ? '/inbox' : '/chatbots');
  });

  if (!token) {
    return html`<main class="auth-page"><div class="auth-card">
      <h1>Accept your invitation</h1>
      <p role="alert" class="form-error">This link has no invitation token. Open the whole link from your invitation, or ask for a new one.</p>
    </div></main>`;
  }

  return html`<main class="auth-page">
    <div class="auth-card">
      <h1>Accept your invitation</h1>
      <p>Choose a password (10 to 200 characters) to join the account.</p>
      <form
        noValidate
        onSubmit=${(event: Event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <${Field} label="Your name" path="name" autocomplete="name" value=${name} onInput=${setName} error=${submit.error} autofocus />
        <${Field} label="Password" type="password" path="password" autocomplete="new-password" required value=${password} onInput=${setPassword} error=${submit.error} hint="At least 10 characters." />
        <${Field} label="Password again" type="password" path="password_again" autocomplete="new-password" required value=${again} onInput=${setAgain} error=${submit.error} />
        <${FormError} error=${submit.error} shownPaths=${['name', 'password', 'password_again']} />
        <${SubmitButton} busy=${submit.busy} label="Set password and sign in" />
      </form>
    </div>
  </main>`;
}
