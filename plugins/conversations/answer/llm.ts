// Language-model providers configured by the operator (config `llm.providers`): OpenAI-compatible
// `/v1/chat/completions` and Ollama `/api/chat`, each streamed or not. Replies are grounded on the
// knowledge base's passages, numbered so the model can cite them.
import got, { type Got } from 'got';
import { createParser } from 'eventsource-parser';
import { addressRefusal, guardedAgents, type ChatbotProfile, type Config, type LlmProviderConfig, type Passage } from '../../../core/index.js';

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  provider: string;
  model: string | null;
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
}

/** A provider that could not answer: unreachable, timed out, refused, or answered nonsense. */
export class LlmError extends Error {
  constructor(
    readonly code: 'provider_unknown' | 'provider_timeout' | 'provider_unavailable' | 'provider_error' | 'provider_bad_response',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

export class LlmClient {
  private readonly http: Got;

  /**
   * Providers are the operator's own choice and may well be private (a local Ollama), so only the
   * egress list (egress.allowed_cidrs) confines them, through the same agents as tenant URLs.
   */
  constructor(
    private readonly config: Config['llm'],
    egressCidrs: readonly string[],
  ) {
    const agent = guardedAgents({ allowedCidrs: [], egressCidrs, refuseNonPublic: false }, { keepAlive: true });
    this.http = got.extend({ agent, timeout: { request: config.timeout_ms }, retry: { limit: 0 }, followRedirect: false });
  }

  /** The reply's text. With `onDelta`, the provider streams and each piece is passed on as it comes. */
  async complete(request: CompletionRequest, onDelta?: (text: string) => void): Promise<string> {
    const provider = this.config.providers[request.provider];
    if (!provider) throw new LlmError('provider_unknown', `No language-model provider named ${request.provider} is configured`);
    const body = requestBody(provider, request, Boolean(onDelta));
    const options = {
      json: body,
      headers: provider.api_key ? { authorization: `Bearer ${provider.api_key}` } : {},
    };
    try {
      if (!onDelta) {
        const response = await this.http.post(endpointOf(provider), { ...options, responseType: 'json' });
        return nonEmpty(replyOf(provider, response.body));
      }
      let text = '';
      const emit = (piece: string | undefined) => {
        if (!piece) return;
        text += piece;
        onDelta(piece);
      };
      const stream = this.http.stream.post(endpointOf(provider), options);
      if (provider.type === 'openai') {
        const parser = createParser({
          onEvent(event) {
            if (event.data === '[DONE]') return;
            emit(deltaOf(provider, JSON.parse(event.data)));
          },
        });
        for await (const chunk of stream) parser.feed(chunk.toString('utf8'));
      } else {
        let buffered = '';
        for await (const chunk of stream) {
          buffered += chunk.toString('utf8');
          const lines = buffered.split('\n');
          buffered = lines.pop()!;
          for (const line of lines) if (line.trim()) emit(deltaOf(provider, JSON.parse(line)));
        }
        if (buffered.trim()) emit(deltaOf(provider, JSON.parse(buffered)));
      }
      return nonEmpty(text);
    } catch (error) {
      throw asLlmError(error);
    }
  }
}

function endpointOf(provider: LlmProviderConfig): string {
  const base = provider.base_url.replace(/\/+$/, '');
  if (provider.type === 'ollama') return `${base}/api/chat`;
  return base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

function requestBody(provider: LlmProviderConfig, request: CompletionRequest, stream: boolean) {
  const model = request.model ?? provider.default_model;
  if (provider.type === 'ollama') {
    return { model, messages: request.messages, stream, options: { temperature: request.temperature, num_predict: request.maxTokens } };
  }
  return { model, messages: request.messages, stream, temperature: request.temperature, max_tokens: request.maxTokens };
}

function replyOf(provider: LlmProviderConfig, body: unknown): string {
  const reply =
    provider.type === 'ollama'
      ? (body as { message?: { content?: unknown } })?.message?.content
      : (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof reply !== 'string') throw new LlmError('provider_bad_response', 'The provider’s reply has no message content');
  return reply;
}

function deltaOf(provider: LlmProviderConfig, body: unknown): string | undefined {
  const piece =
    provider.type === 'ollama'
      ? (body as { message?: { content?: unknown } })?.message?.content
      : (body as { choices?: Array<{ delta?: { content?: unknown } }> })?.choices?.[0]?.delta?.content;
  return typeof piece === 'string' ? piece : undefined;
}

function nonEmpty(text: string): string {
  if (!text.trim()) throw new LlmError('provider_bad_response', 'The provider answered with an empty reply');
  return text.trim();
}

function asLlmError(error: unknown): LlmError {
  if (error instanceof LlmError) return error;
  const refusal = addressRefusal(error);
  // Tenants read this message (chatbot.error): it names the rule, not the operator's address.
  if (refusal?.reason === 'egress') return new LlmError('provider_unavailable', 'The provider was not contacted: its address is outside the egress allowlist', { cause: error });
  if (refusal) return new LlmError('provider_unavailable', 'The provider was not contacted: its address is not allowed', { cause: error });
  const { code, name, message } = error as { code?: string; name?: string; message?: string };
  if (name === 'TimeoutError' || code === 'ETIMEDOUT') return new LlmError('provider_timeout', 'The provider did not answer in time', { cause: error });
  if (name === 'HTTPError') {
    const status = (error as { response?: { statusCode?: number } }).response?.statusCode;
    return new LlmError('provider_error', `The provider answered HTTP ${status}`, { cause: error });
  }
  if (error instanceof SyntaxError || name === 'ParseError') return new LlmError('provider_bad_response', 'The provider’s reply is not valid JSON', { cause: error });
  return new LlmError('provider_unavailable', `The provider could not be reached (${code ?? message ?? 'unknown error'})`, { cause: error });
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The grounded prompt: who the bot is, the numbered passages, the recent turns, the question. */
export function groundedPrompt(input: {
  chatbot: ChatbotProfile;
  language: string;
  passages: Passage[];
  history: ChatTurn[];
  question: string;
}): ChatTurn[] {
  const { chatbot, passages } = input;
  const sources = passages
    .map((passage, index) => `[${index + 1}] ${passage.title ?? 'Untitled'}${passage.url ? ` (${passage.url})` : ''}\n${passage.text}`)
    .join('\n\n');
  const citation = chatbot.settings.answer.show_sources
    ? 'Cite the sources you use with their numbers in square brackets, like [1].'
    : 'Do not mention the sources or their numbers.';
  const instructions = chatbot.settings.instructions.trim();
  const system = [
    `You are ${chatbot.name}, a ${chatbot.personality} assistant.`,
    ...(instructions ? [instructions] : []),
    `Answer only from the numbered sources below. ${citation}`,
    'If the sources do not contain the answer, say briefly that you do not know.',
    `Always reply in ${languageNames.of(input.language) ?? input.language}.`,
    '',
    'Sources:',
    sources,
  ].join('\n');
  return [{ role: 'system', content: system }, ...input.history, { role: 'user', content: input.question }];
}

/** The passages a reply cites ([n] markers); all of them when it cites none. */
export function citedPassages(reply: string, passages: Passage[]): Passage[] {
  const cited = new Set([...reply.matchAll(/\[(\d{1,2})\]/g)].map((match) => Number(match[1]) - 1));
  const used = passages.filter((_, index) => cited.has(index));
  return used.length > 0 ? used : passages;
}
