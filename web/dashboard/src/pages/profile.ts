// The signed-in member's own profile (PATCH /dashboard/profile): the name and avatar visitors see
// beside their messages in the widget. Every role, agents too.
import { useState } from 'preact/hooks';
import { api } from '../api.js';
import { notify, session, useStore } from '../state.js';
import { Field, FormError, html, PageHeader, SubmitButton, useSubmit } from '../ui.js';

export function ProfilePage() {
  const current = useStore(session);
  const [name, setName] = useState(current?.member.name ?? '');
  const [avatarUrl, setAvatarUrl] = useState(current?.member.avatar_url ?? '');
  const submit = useSubmit(async () => {
    const updated = await api.patch('/dashboard/profile', { name: name.trim(), avatar_url: avatarUrl.trim() || null });
    session.set(updated);
    notify('Profile saved: visitors see it on your next messages.');
  });
  const preview = /^https:\/\//i.test(avatarUrl.trim()) ? avatarUrl.trim() : null;
  return html`<section>
    <${PageHeader} title="Your profile" description="Visitors see your name, and your picture when you set one, beside your replies in the chat widget." />
    <form
      class="card narrow"
      noValidate
      onSubmit=${(event: Event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <${Field} label="Name" path="name" autocomplete="name" required value=${name} onInput=${setName} error=${submit.error} />
      <${Field}
        label="Picture (avatar) address"
        type="url"
        path="avatar_url"
        value=${avatarUrl}
        onInput=${setAvatarUrl}
        error=${submit.error}
        hint="An https address of an image, at most 1,000 characters. Leave it empty for none."
      />
      ${preview ? html`<p class="avatar-preview"><img src=${preview} alt="" width="40" height="40" referrerpolicy="no-referrer" /> <span class="muted small">How it shows beside your replies</span></p>` : null}
      <${FormError} error=${submit.error} shownPaths=${['name', 'avatar_url']} />
      <${SubmitButton} busy=${submit.busy} label="Save profile" />
    </form>
  </section>`;
}
