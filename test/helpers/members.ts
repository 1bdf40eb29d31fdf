// Members in tests: accounts with an owner made as the CLI makes them, sign-in, invitations accepted
// through their link, and requests as the dashboard makes them (the cookie, and Origin on writes).
import { createAccountWithKeys } from '../../core/auth/bootstrap.js';
import type { TestServer } from './server.js';

export const ORIGIN = 'http://dash.example';
export const OWNER_PASSWORD = 'correct horse battery';

export interface Owner {
  accountId: string;
  ownerId: string;
  live: string;
  test: string;
  email: string;
}

export async function accountWithOwner(api: TestServer, plan: 'free' | 'starter' | 'enterprise', email: string, password = OWNER_PASSWORD): Promise<Owner> {
  const created = await createAccountWithKeys(api.platform, { name: `Account of ${email}`, plan, owner: { email, password, name: 'Olive Owner' } });
  return { accountId: created.account.id, ownerId: created.owner!.id, live: created.liveKey, test: created.testKey, email };
}

/** The session cookie a response set, as a Cookie header value. */
export function cookieOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = [response.headers['set-cookie'] ?? []].flat() as string[];
  const line = setCookie.find((value) => value.startsWith('cbp_session='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0]!;
}

export async function signIn(api: TestServer, email: string, password = OWNER_PASSWORD, extra: Record<string, unknown> = {}) {
  const response = await api.request('POST', '/dashboard/session', { payload: { email, password, ...extra }, headers: { origin: ORIGIN } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed ${response.statusCode}: ${response.payload}`);
  return cookieOf(response);
}

/** A request as the dashboard makes it: the cookie, and Origin on writes. */
export function asMember(api: TestServer, cookie: string) {
  return (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    api.request(method, url, { payload, headers: { cookie, ...(method === 'GET' ? {} : { origin: ORIGIN }), ...headers } });
}

/** Invites through the API and accepts through the link: an active member with a session cookie. */
export async function addMember(api: TestServer, inviter: { key?: string; cookie?: string }, email: string, role: string, password = `${role} password 1`) {
  const invite = inviter.key
    ? await api.request('POST', '/api/v1/members', { key: inviter.key, payload: { email, name: `Member ${role}`, role } })
    : await asMember(api, inviter.cookie!)('POST', '/api/v1/members', { email, name: `Member ${role}`, role });
  if (invite.statusCode !== 201) throw new Error(`invite failed ${invite.statusCode}: ${invite.payload}`);
  const token = decodeURIComponent(invite.json.invitation.url.split('token=')[1]);
  const accepted = await api.request('POST', '/dashboard/invitations/accept', { payload: { token, password }, headers: { origin: ORIGIN } });
  if (accepted.statusCode !== 200) throw new Error(`accept failed ${accepted.statusCode}: ${accepted.payload}`);
  return { id: invite.json.id as string, cookie: cookieOf(accepted), password, token };
}
