// Change password (POST /dashboard/password): the member's other sessions are signed out.
import { useState } from 'preact/hooks';
import { api, ApiError } from '../api.js';
import { notify } from '../state.js';
import { Field, FormError, html, PageHeader, SubmitButton, useSubmit } from '../ui.js';

export function PasswordPage() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const submit = useSubmit(async () => {
    if (next !== again) throw new ApiError(400, 'validation_failed', 'The two new passwords differ.', [{ path: 'new_password_again', message: 'This is not the same password', type: 'client' }]);
    await api.post('/dashboard/password', { current_password: current, new_password: next });
    setCurrent('');
    setNext('');
    setAgain('');
    notify('Password changed. Your other sessions are signed out.');
  });
  return html`<section>
    <${PageHeader} title="Change password" description="Your other signed-in browsers will be signed out." />
    <form
      class="card narrow"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <${Field} label="Current password" type="password" path="current_password" autocomplete="current-password" required value=${current} onInput=${setCurrent} error=${submit.error} />
      <${Field} label="New password" type="password" path="new_password" autocomplete="new-password" required value=${next} onInput=${setNext} error=${submit.error} hint="10 to 200 characters." />
      <${Field} label="New password again" type="password" path="new_password_again" autocomplete="new-password" required value=${again} onInput=${setAgain} error=${submit.error} />
      <${FormError} error=${submit.error} shownPaths=${['current_password', 'new_password', 'new_password_again']} />
      <${SubmitButton} busy=${submit.busy} label="Change password" />
    </form>
  </section>`;
}
