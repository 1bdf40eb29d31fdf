// Whether a request's credential still holds, for what outlives its request (a live event stream):
// the key not revoked or expired, the OAuth token not revoked or expired, the dashboard session
// not ended, its member still there, and the account active. Read from the store, not the caches.
import type { ApiCaller, Platform } from '../platform.js';

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
  if (caller.oauth) {
    const token = await platform.oauthTokens.forTenant(caller.tenant).get(caller.oauth.tokenId);
    return Boolean(token && token.expires_at > now);
  }
  if (caller.key) {
    const key = await platform.apiKeys.forTenant(caller.tenant).get(caller.key.id);
    return Boolean(key && !key.revoked_at && (!key.expires_at || key.expires_at > now));
  }
  return false;
}
