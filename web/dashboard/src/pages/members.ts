// #/members: who can sign in to this account. Invite (the one-time link shown to copy), change a
// role, issue a new link, sign a member out everywhere, remove. Owners and admins only.
import { useState } from 'preact/hooks';
import { api, encode, query } from '../api.js';
import { notify } from '../state.js';
import type { Member, Role, Session } from '../types.js';
import { Badge, ConfirmButton, CopyField, ErrorMessage, Field, FormError, formatDate, html, Loading, PageHeader, Select, SubmitButton, useLoad, useSubmit } from '../ui.js';

const ROLE_OPTIONS: Array<[Role, string]> = [
  ['agent', 'Agent: reads and answers conversations'],
  ['admin', 'Admin: manages chatbots, keys, webhooks and members'],
  ['owner', 'Owner: everything, including other owners'],
];

export function MembersPage({ session }: { session: Session }) {
  const list = useLoad(() => api.get(`/api/v1/members${query({ limit: 100 })}`), []);
  const [invitation, setInvitation] = useState<{ email: string; url: string; expires_at: string } | null>(null);
  const isOwner = session.member.role === 'owner';
  const showInvitation = (member: Member) => member.invitation && setInvitation({ email: member.email, ...member.invitation });

  return html`<section>
    <${PageHeader} title="Members" description="People who sign in to this dashboard. Agents see only conversations." />
    ${invitation
      ? html`<section class="secret-box" aria-labelledby="invitation-heading">
          <h2 id="invitation-heading">Invitation link for ${invitation.email}</h2>
          <p>Send this link to them: it works once, until ${formatDate(invitation.expires_at)}. It is shown only now.</p>
          <${CopyField} label="Invitation link" value=${invitation.url} />
          <button type="button" class="button" onClick=${() => setInvitation(null)}>Done</button>
        </section>`
      : null}
    <${InviteForm}
      isOwner=${isOwner}
      onInvited=${(member: Member) => {
        showInvitation(member);
        notify(`${member.email} invited`);
        list.reload();
      }}
    />
    ${list.error ? html`<${ErrorMessage} error=${list.error} retry=${list.reload} />` : null}
    ${list.loading && !list.data ? html`<${Loading} label="Loading members…" />` : null}
    ${list.data
      ? html`<div class="table-wrap" tabindex="0" role="region" aria-label="Members table"><table>
          <caption class="visually-hidden">Members</caption>
          <thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Last sign-in</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            ${list.data.data.map(
              (member) => html`<${MemberRow} key=${member.id} member=${member} session=${session} onInvitation=${showInvitation} onChange=${list.reload} />`,
            )}
          </tbody>
        </table></div>`
      : null}
  </section>`;
}

function MemberRow({ member, session, onInvitation, onChange }: { member: Member; session: Session; onInvitation: (member: Member) => void; onChange: () => void }) {
  const [role, setRole] = useState<Role>(member.role);
  const base = `/api/v1/members/${encode(member.id)}` as const;
  const self = member.id === session.member.id;
  const who = member.name || member.email;
  // Only an owner changes or removes an owner or makes one (the server checks it too).
  const manageable = session.member.role === 'owner' || member.role !== 'owner';
  const saveRole = useSubmit(async () => {
    await api.patch(base, { role });
    notify(`${who} is now ${role === 'agent' ? 'an agent' : `an ${role}`}`);
    onChange();
  });
  const reissue = useSubmit(async () => {
    // The answer is the new link alone: shown as the member's invitation.
    onInvitation({ ...member, invitation: await api.post(`${base}/invitation`) });
    notify(`New invitation link for ${member.email}: the old one no longer works`);
  });
  const options = ROLE_OPTIONS.filter(([value]) => session.member.role === 'owner' || value !== 'owner').map(([value]) => [value, value] as [string, string]);

  return html`<tr>
    <th scope="row">${member.name ? html`${member.name}<br /><span class="muted small">${member.email}</span>` : member.email}${self ? html` <span class="muted small">(you)</span>` : null}</th>
    <td>
      ${manageable && !self
        ? html`<form
            class="inline-form"
            onSubmit=${(event: Event) => {
              event.preventDefault();
              void saveRole.run();
            }}
          >
            <${Select} label=${`Role of ${who}`} value=${role} onChange=${(value: string) => setRole(value as Role)} options=${options} />
            ${role !== member.role ? html`<${SubmitButton} busy=${saveRole.busy} label="Save role" className="button small primary" />` : null}
          </form>`
        : member.role}
      ${saveRole.error ? html`<p class="field-error" role="alert">${saveRole.error.message}</p>` : null}
    </td>
    <td><${Badge} status=${member.status} /></td>
    <td>${formatDate(member.last_sign_in_at)}</td>
    <td class="actions">
      ${manageable
        ? html`<div class="button-row">
            ${member.status === 'invited'
              ? html`<button type="button" class="button small" disabled=${reissue.busy} aria-label=${`New invitation link for ${member.email}`} onClick=${() => reissue.run()}>
                  New invitation link
                </button>`
              : null}
            ${member.status === 'active'
              ? html`<${ConfirmButton}
                  label="Sign out everywhere"
                  ariaLabel=${`Sign out everywhere: ${who}`}
                  className="button small"
                  title=${`Sign ${who} out everywhere?`}
                  message=${html`<p>Every browser where ${who} is signed in is signed out at once.${self ? ' That includes this one.' : ''}</p>`}
                  confirmLabel="Sign out everywhere"
                  onConfirm=${async () => {
                    await api.delete(`${base}/sessions`);
                    notify(`${who} is signed out everywhere`);
                  }}
                />`
              : null}
            ${!self
              ? html`<${ConfirmButton}
                  label="Remove"
                  ariaLabel=${`Remove ${who}`}
                  className="button small danger"
                  title=${`Remove ${who}?`}
                  message=${html`<p>${who} can no longer sign in to this account, and is signed out at once.</p>`}
                  confirmLabel="Remove member"
                  danger
                  onConfirm=${async () => {
                    await api.delete(base);
                    notify(`${who} removed`);
                    onChange();
                  }}
                />`
              : null}
          </div>`
        : null}
      ${reissue.error ? html`<p class="field-error" role="alert">${reissue.error.message}</p>` : null}
    </td>
  </tr>`;
}

function InviteForm({ isOwner, onInvited }: { isOwner: boolean; onInvited: (member: Member) => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('agent');
  const submit = useSubmit(async () => {
    const body: { email: string; role: Role; name?: string } = { email: email.trim(), role };
    if (name.trim()) body.name = name.trim();
    onInvited(await api.post('/api/v1/members', body));
    setEmail('');
    setName('');
  });
  return html`<form
    class="card"
    aria-labelledby="invite-heading"
    noValidate
    onSubmit=${(event: Event) => {
      event.preventDefault();
      void submit.run();
    }}
  >
    <h2 id="invite-heading">Invite a member</h2>
    <div class="field-pair">
      <${Field} label="E-mail" path="email" type="email" required value=${email} onInput=${setEmail} error=${submit.error} autocomplete="off" />
      <${Field} label="Name" path="name" value=${name} onInput=${setName} error=${submit.error} autocomplete="off" />
    </div>
    <${Select}
      label="Role"
      path="role"
      value=${role}
      onChange=${(value: string) => setRole(value as Role)}
      options=${ROLE_OPTIONS.filter(([value]) => isOwner || value !== 'owner')}
      error=${submit.error}
    />
    <${FormError} error=${submit.error} shownPaths=${['email', 'name', 'role']} />
    <${SubmitButton} busy=${submit.busy} label="Invite" busyLabel="Inviting…" />
  </form>`;
}
