// Language models behind LLM mode: a chatbot's `answer.provider` names one the operator configured
// (config `llm.providers`) or one of its account's model providers (`mp_…`, the model-providers
// area). Replies are grounded on the knowledge base's passages, numbered so the model can cite them.
import {
  ModelError,
  type ChatTurn,
  type Config,
  type ChatbotProfile,
  type ModelClients,
  type Passage,
  type TenantModelProviders,
  type TenantScope,
} from '../../../core/index.js';

export type { ChatTurn };

export interface CompletionRequest {
  /** An operator provider's name, or a tenant provider's id. */
  provider: string;
  model: string | null;
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
}

export class LlmClient {
  /**
   * `tenantProviders` is read when a turn needs it: the model-providers area registers after this one.
   */
  constructor(
    private readonly config: Config['llm'],
    private readonly clients: ModelClients,
    private readonly tenantProviders: () => TenantModelProviders,
  ) {}

  /** The reply's text. With `onDelta`, the provider streams and each piece is passed on as it comes. */
  async complete(tenant: TenantScope, request: CompletionRequest, onDelta?: (text: string) => void): Promise<string> {
    const operator = this.config.providers[request.provider];
    if (operator) {
      const chat = { model: request.model ?? operator.default_model, messages: request.messages, temperature: request.temperature, maxTokens: request.maxTokens };
      return this.clients.operator.chat(operator, chat, onDelta);
    }
    const provider = await this.tenantProviders().resolve(tenant, request.provider);
    const model = request.model ?? provider?.chat_model;
    if (!provider) throw new ModelError('provider_unknown', `No language-model provider ${request.provider} exists (deleted?)`);
    if (!model) throw new ModelError('provider_unknown', `Model provider ${request.provider} names no chat model and the chatbot’s settings name none`);
    return this.clients.tenant.chat(provider.endpoint, { model, messages: request.messages, temperature: request.temperature, maxTokens: request.maxTokens }, onDelta);
  }
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
