// Credentials: an API key as it is, or an OAuth 2.0 client's access token, requested with the
// client credentials grant and requested again a minute before it expires (or after a 401).
import type { Credentials, Transport } from './http.js';
import type { Result } from './types.js';

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for (a subset of the client's); all of the client's when left out. */
  scope?: string | string[];
}

export function apiKeyCredentials(apiKey: string): Credentials {
  const value = `Bearer ${apiKey}`;
  return { renewable: false, authorization: async () => value };
}

/** Renews this long before the token's end, so a call never leaves with a token about to lapse. */
const EARLY_RENEWAL_MS = 60_000;

export class OAuthTokenCredentials implements Credentials {
  readonly renewable = true;
  private token: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly client: OAuthClientCredentials,
    private readonly tokenTransport: Transport,
  ) {}

  async authorization(stale: boolean): Promise<string> {
    if (stale) this.token = null;
    if (this.token && Date.now() < this.token.renewAt) return `Bearer ${this.token.value}`;
    // One token request for every call waiting on it.
    this.pending ??= this.request().finally(() => (this.pending = null));
    return `Bearer ${await this.pending}`;
  }

  /** The token endpoint's answer: its `access_token`, `expires_in` and granted `scope`. */
  async requestToken(): Promise<Result<'requestToken'>> {
    const scope = Array.isArray(this.client.scope) ? this.client.scope.join(' ') : this.client.scope;
    const basic = btoa(`${encodeURIComponent(this.client.clientId)}:${encodeURIComponent(this.client.clientSecret)}`);
    return this.tokenTransport.json<Result<'requestToken'>>({
      method: 'POST',
      path: '/oauth/token',
      form: { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
      options: { headers: { authorization: `Basic ${basic}` } },
    });
  }

  private async request(): Promise<string> {
    const answer = await this.requestToken();
    const lifetime = answer.expires_in * 1000;
    this.token = { value: answer.access_token, renewAt: Date.now() + Math.max(lifetime - EARLY_RENEWAL_MS, lifetime / 2) };
    return answer.access_token;
  }
}
