// Whether a request's credential still holds, for what outlives its request (a live event stream):
// the key not revoked or expired, the OAuth token not revoked or expired, the dashboard session
// not ended, its member (or the member who made the key or OAuth client) still there, and the
// account active. Read from the store, not the caches.
import type { ApiCaller, Platform } from '../platform.js';
import { currentRoleOf } from './makers.js';

export async function credentialStillValid(platform: Platform, caller: ApiCaller): Promise<boolean> {
  const now = platform.now().toISOString();
  const account = await platform.accounts.global().get(caller.account.id);
  if (!account || account.status !== 'active') return false;
  if (caller.member) {
    const [session, member] = await Promise.all([
      platform.dashboardSessions.global().get(caller.member.sessionId),
      platform.members.global().get(caller.member.id),
    ]);
    return Boolean(session && session.expires_at > now && member && member.status === 'active');
  }
  const makerStays = async () => (await currentRoleOf(platform.members, caller.account.id, caller.maker)) !== null;
  if (caller.oauth) {
    const token = await platform.oauthTokens.forTenant(caller.tenant).get(caller.oauth.tokenId);
    return Boolean(token && token.expires_at > now) && (await makerStays());
  }
  if (caller.key) {
    const key = await platform.apiKeys.forTenant(caller.tenant).get(caller.key.id);
    return Boolean(key && !key.revoked_at && (!key.expires_at || key.expires_at > now)) && (await makerStays());
  }
  return false;
}
