// The changes learning makes to the knowledge (core/contracts/knowledge.ts: KnowledgeCuration),
// written here because the items are this area's: a phrasing added to a Q&A pair, a Q&A pair
// added. Each is processed again in the background, as after the API's own change.
import {
  analyzerFor,
  type BuiltInPluginApi,
  VersionConflictError,
  backOffAfterConflict,
  type ChatbotSummary,
  type KnowledgeCuration,
  type PhrasingOutcome,
  type QaPairInput,
  type RatedPair,
  type TenantScope,
} from '../../core/index.js';
import { SENTENCE_END } from './search-index/knowledge-index.js';
import { newItem } from './routes.js';
import { MAX_ALTERNATIVES } from './schemas.js';
import { presentItem, type Item, type KnowledgeCollections } from './collections.js';
import type { KnowledgeWorker } from './worker.js';

/** How often adding a phrasing is tried again when the item changed between its read and write. */
const WRITE_ATTEMPTS = 5;

export class KnowledgeCurator implements KnowledgeCuration {
  constructor(
    private readonly api: BuiltInPluginApi,
    private readonly knowledge: KnowledgeCollections,
    private readonly worker: KnowledgeWorker,
  ) {}

  async addPhrasing(
    tenant: TenantScope,
    input: { chatbotId: string; itemId: string; phrasing: string; pair: RatedPair },
  ): Promise<PhrasingOutcome> {
    const items = this.knowledge.items.forTenant(tenant);
    for (let attempt = 1; ; attempt++) {
      const item = await items.get(input.itemId);
      if (!item || item.chatbot_id !== input.chatbotId || item.type !== 'qa') return 'gone';
      if (!isSamePair(item, input.pair)) return 'changed';
      const key = termsKey(input.phrasing, item.language);
      if (key === '') return 'no_terms';
      if ([item.question!, ...item.alternatives].some((known) => termsKey(known, item.language) === key)) return 'known';
      if (item.alternatives.length >= MAX_ALTERNATIVES) return 'full';
      const now = this.api.now().toISOString();
      try {
        const updated = await items.update(
          item.id,
          { alternatives: [...item.alternatives, input.phrasing], status: 'pending', error: null, process_at: now, updated_at: now },
          { ifVersion: item.version },
        );
        if (!updated) return 'gone';
        this.worker.nudge();
        return 'added';
      } catch (error) {
        // Changed meanwhile (the worker, a PATCH, another instance learning): decide again.
        if (!(error instanceof VersionConflictError) || attempt >= WRITE_ATTEMPTS) throw error;
        await backOffAfterConflict(attempt);
      }
    }
  }

  async addQaPair(tenant: TenantScope, chatbot: ChatbotSummary, input: QaPairInput): Promise<ReturnType<typeof presentItem>> {
    const doc = newItem({ type: 'qa', ...input }, chatbot, this.api.now());
    await this.knowledge.items.forTenant(tenant).insert(doc);
    this.worker.nudge();
    return presentItem({ ...doc, version: 1 });
  }

  sentencesOf(message: string): string[] {
    return message.split(SENTENCE_END).filter((sentence) => sentence.trim());
  }
}

/**
 * What Q&A matching sees of a phrasing: its analysed terms (stop words dropped, stems, accents
 * folded) as a set. Two phrasings with the same set match the same messages, so the second adds
 * nothing. Empty for a phrasing of stop words only.
 */
function termsKey(text: string, language: string): string {
  return [...new Set(analyzerFor(language).terms(text))].sort().join(' ');
}

/**
 * Whether the item is still the pair the reply gave: the same question, and an answer the reply's
 * snippet (the answer, or its beginning cut with "…") still shows. Changes of the alternatives
 * (learning's own, too) do not count.
 */
function isSamePair(item: Item, pair: RatedPair): boolean {
  if (pair.question !== null && pair.question !== item.question) return false;
  const answer = item.answer ?? '';
  // A suggestion chosen names the pair by its question only.
  if (pair.snippet === null) return true;
  if (pair.snippet === answer) return true;
  return pair.snippet.endsWith('…') && answer.startsWith(pair.snippet.slice(0, -1));
}
