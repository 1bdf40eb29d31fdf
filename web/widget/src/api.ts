// The public widget routes (/widget/v1/{id}/…) as the script calls them: no cookies, a
// conversation token where the route needs one, errors as WidgetApiError.
import type { ApiBodyArguments, ApiResponse, KnownPath } from '../../../common/api-paths.js';
import { readEvents } from './sse.js';
import type { LeadValues, PublicMessage, Turn, VisitorIdentity, WidgetConfig } from './types.js';

/** A route of one chatbot's public widget API, from after `/widget/v1/{id}`. */
type WidgetRoute<P extends string> = `/widget/v1/${string}${P}`;

/** `never` (a type error at the call) unless the document has this method on this route. */
type Checked<M extends 'GET' | 'POST', P extends string> = P extends unknown ? ([KnownPath<Lowercase<M>, WidgetRoute<P>>] extends [never] ? never : P) : never;

interface CallOptions<M extends 'GET' | 'POST', P extends string> {
  token?: string;
  body?: ApiBodyArguments<Lowercase<M>, WidgetRoute<P>>[0];
  accept?: string;
}

type UncheckedCall = (method: string, path: string, options?: { token?: string; body?: unknown; accept?: string }) => Promise<Response>;

export class WidgetApiError extends Error {
  constructor(
    /** 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    /** Seconds, from Retry-After on a 429 (null when absent or not exposed by CORS). */
    readonly retryAfter: number | null = null,
  ) {
    super(`${status} ${code}`);
  }

  /** The conversation is over for this visitor: ended, or its token no longer valid. */
  get endsConversation(): boolean {
    return this.code === 'invalid_token' || this.code === 'conversation_ended' || this.code === 'conversation_not_found';
  }
}

export interface StreamHandlers {
  /** The visitor's message as stored. */
  onMessage(message: PublicMessage): void;
  onDelta(text: string): void;
}

/** Typed text, or the id of a suggestion of the last reply (the server stores its question as the text). */
export type VisitorSays = { content: string } | { suggestion_id: string };

export type WidgetApi = ReturnType<typeof createWidgetApi>;

export function createWidgetApi(serverBase: string, chatbotId: string) {
  const base = new URL(`widget/v1/${encodeURIComponent(chatbotId)}`, serverBase).toString();

  /** Each route's path and body are checked against the OpenAPI document (common/api-paths.ts). */
  async function call<M extends 'GET' | 'POST', P extends `/${string}`>(method: M, path: Checked<M, P>, options?: CallOptions<M, P>): Promise<Response>;
  async function call(method: string, path: string, options: { token?: string; body?: unknown; accept?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(base + path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      throw new WidgetApiError(0, 'network_error');
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  async function json<M extends 'GET' | 'POST', P extends `/${string}`>(
    method: M,
    path: Checked<M, P>,
    options?: CallOptions<M, P>,
  ): Promise<ApiResponse<Lowercase<M>, WidgetRoute<P>>> {
    // Checked by this function's own signature already.
    const response = await (call as UncheckedCall)(method, path, options);
    try {
      return (await response.json()) as ApiResponse<Lowercase<M>, WidgetRoute<P>>;
    } catch {
      throw new WidgetApiError(0, 'network_error');
    }
  }

  return {
    // The document leaves the translations free-form and the lead form's field names open (types.ts).
    config: () => json('GET', '/config') as Promise<WidgetConfig>,

    startConversation: (input: { language?: string; page_url?: string; user?: VisitorIdentity }) =>
      json('POST', '/conversations', { body: input }),

    /** A verified visitor's open conversation, with a token for this browser (both null when none). */
    resumeIdentity: (user: VisitorIdentity) => json('POST', '/identity', { body: user }),

    typing: async (conversationId: string, token: string, typing: boolean): Promise<void> => {
      await call('POST', `/conversations/${encodeURIComponent(conversationId)}/typing`, { token, body: { typing } });
    },

    conversation: (conversationId: string, token: string, after: string | null) =>
      json('GET', `/conversations/${encodeURIComponent(conversationId)}${after ? `?after=${encodeURIComponent(after)}` : ''}`, { token }),

    /** Sends the visitor's message (typed, or a suggestion chosen) and streams the reply; resolves with the `done` turn. */
    async send(conversationId: string, token: string, said: VisitorSays, handlers: StreamHandlers): Promise<Turn> {
      const response = await call('POST', `/conversations/${encodeURIComponent(conversationId)}/messages`, {
        token,
        body: said,
        accept: 'text/event-stream',
      });
      // A server (or proxy) that answers without streaming: the JSON turn is the same `done` body.
      if (!/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '') || !response.body) {
        return (await response.json()) as Turn;
      }
      try {
        for await (const { event, data } of readEvents(response.body)) {
          const payload = JSON.parse(data);
          if (event === 'message') handlers.onMessage(payload as PublicMessage);
          else if (event === 'delta') handlers.onDelta(String(payload.content ?? ''));
          else if (event === 'done') return payload as Turn;
          else if (event === 'error') throw new WidgetApiError(payload.statusCode ?? 500, payload.code ?? 'internal_error');
        }
      } catch (error) {
        if (error instanceof WidgetApiError) throw error;
        throw new WidgetApiError(0, 'network_error');
      }
      // The stream stopped before `done`: the turn may still have been stored (the caller re-reads).
      throw new WidgetApiError(0, 'stream_interrupted');
    },

    /** Sends a file as the visitor's message (the bot does not reply to it). */
    attach: (conversationId: string, token: string, file: { name: string; content_base64: string }) =>
      json('POST', `/conversations/${encodeURIComponent(conversationId)}/attachments`, { token, body: file }),

    /** A file of the conversation: its bytes, read with the token (never put in a URL). */
    file: async (conversationId: string, token: string, attachmentId: string): Promise<Blob> =>
      (await call('GET', `/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}`, { token, accept: '*/*' })).blob(),

    rate: (conversationId: string, token: string, messageId: string, rating: 'up' | 'down') =>
      json(
        'POST',
        `/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/feedback`,
        { token, body: { rating } },
      ),

    /** The visitor's rating of the ended conversation (once). */
    rateConversation: (conversationId: string, token: string, rating: { score: number; comment: string | null }) =>
      json('POST', `/conversations/${encodeURIComponent(conversationId)}/rating`, { token, body: rating }),

    /** The visitor asks the owner to delete the conversation (recorded once; the owner deletes it). */
    requestDeletion: (conversationId: string, token: string) =>
      json('POST', `/conversations/${encodeURIComponent(conversationId)}/deletion-request`, { token, body: {} }),

    /** The e-mail address a visitor leaves when nobody could answer their handoff. */
    leaveEmail: (conversationId: string, token: string, email: string) =>
      json('POST', `/conversations/${encodeURIComponent(conversationId)}/email`, { token, body: { email } }),

    lead: (values: LeadValues, conversation: { id: string; token: string } | null) =>
      json('POST', '/leads', {
        token: conversation?.token,
        body: conversation ? { ...values, conversation_id: conversation.id } : values,
      }),
  };
}

async function errorOf(response: Response): Promise<WidgetApiError> {
  let code = 'http_' + response.status;
  try {
    const body = await response.json();
    if (typeof body?.code === 'string') code = body.code;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  return new WidgetApiError(response.status, code, Number.isFinite(retryAfter) ? retryAfter : null);
}
