// The client: `new ChatbotPlatform({ apiKey })`, or `{ oauth: { clientId, clientSecret } }` for an
// OAuth client's tokens, and one property per resource area of the API.
import { Transport, type RequestOptions, type TransportSettings } from './http.js';
import { OAuthTokenCredentials, apiKeyCredentials, type OAuthClientCredentials } from './oauth.js';
import { Account, ApiKeys, OAuthClients } from './resources/account.js';
import { Chatbots } from './resources/chatbots.js';
import { Conversations } from './resources/conversations.js';
import { Analytics, Events } from './resources/events.js';
import { Knowledge } from './resources/knowledge.js';
import { Leads } from './resources/leads.js';
import { Members } from './resources/members.js';
import { ModelProviders } from './resources/model-providers.js';
import { SavedReplies } from './resources/saved-replies.js';
import { Webhooks } from './resources/webhooks.js';
import type { Result } from './types.js';

export interface ClientOptions {
  /** An API key (`sk_live_…` or `sk_test_…`); `CHATBOT_PLATFORM_API_KEY` when neither it nor `oauth` is given. */
  apiKey?: string;
  /** An OAuth client's credentials, for tokens of the client credentials grant instead of an API key. */
  oauth?: OAuthClientCredentials;
  /** The server's address; `CHATBOT_PLATFORM_BASE_URL`, else `http://localhost:3000`. */
  baseUrl?: string;
  /** Retries of a call on 429, 502, 503, 504 and broken connections: 2 by default. */
  maxRetries?: number;
  /** Milliseconds before an attempt is given up: 60 000 by default. */
  timeoutMs?: number;
  /** The longest wait between attempts, whatever `Retry-After` asks: 60 000 ms by default. */
  maxRetryDelayMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Another `fetch` (a proxy's, a test's). */
  fetch?: typeof fetch;
}

export class ChatbotPlatform {
  readonly chatbots: Chatbots;
  readonly conversations: Conversations;
  readonly knowledge: Knowledge;
  readonly leads: Leads;
  readonly webhooks: Webhooks;
  readonly events: Events;
  readonly analytics: Analytics;
  readonly account: Account;
  readonly apiKeys: ApiKeys;
  readonly oauthClients: OAuthClients;
  readonly members: Members;
  readonly modelProviders: ModelProviders;
  readonly savedReplies: SavedReplies;
  /** The OAuth token source, when the client was made with `oauth`. */
  readonly oauth: OAuthTokenCredentials | null;
  private readonly transport: Transport;

  constructor(options: ClientOptions = {}) {
    const env = typeof process === 'undefined' ? {} : process.env;
    const settings: TransportSettings = {
      baseUrl: options.baseUrl ?? env.CHATBOT_PLATFORM_BASE_URL ?? 'http://localhost:3000',
      credentials: null,
      maxRetries: options.maxRetries ?? 2,
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      headers: options.headers ?? {},
    };
    if (options.oauth) {
      // The token requests themselves carry the client's Basic credentials, not a token.
      this.oauth = new OAuthTokenCredentials(options.oauth, new Transport({ ...settings, credentials: null }));
      settings.credentials = this.oauth;
    } else {
      const apiKey = options.apiKey ?? env.CHATBOT_PLATFORM_API_KEY;
      if (!apiKey) throw new TypeError('An apiKey (or oauth client credentials) is required: pass it, or set CHATBOT_PLATFORM_API_KEY');
      this.oauth = null;
      settings.credentials = apiKeyCredentials(apiKey);
    }
    const transport = new Transport(settings);
    this.transport = transport;
    this.chatbots = new Chatbots(transport);
    this.conversations = new Conversations(transport);
    this.knowledge = new Knowledge(transport);
    this.leads = new Leads(transport);
    this.webhooks = new Webhooks(transport);
    this.events = new Events(transport);
    this.analytics = new Analytics(transport);
    this.account = new Account(transport);
    this.apiKeys = new ApiKeys(transport);
    this.oauthClients = new OAuthClients(transport);
    this.members = new Members(transport);
    this.modelProviders = new ModelProviders(transport);
    this.savedReplies = new SavedReplies(transport);
  }

  /** The server's OpenAPI document: every operation, as this server describes it. */
  openApiDocument(options?: RequestOptions): Promise<Result<'getOpenApiDocument'>> {
    return this.transport.json({ method: 'GET', path: '/api/v1/openapi.json', options });
  }
}
