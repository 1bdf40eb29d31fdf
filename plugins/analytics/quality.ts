// GET /chatbots/{id}/quality: how a chatbot's replies turned out in a period, read from its
// messages themselves (a page at a time), not from the roll-ups: the items visitors chose from
// suggestions and the exact visitor message that got the fallback are per-message facts the
// hourly buckets do not keep. The period is bounded instead (QUALITY_LIMIT, docs/API-DECISIONS.md).
import type { MessageFact, TenantScope } from '../../core/index.js';
import { QUALITY_TOP } from './schemas.js';
import { conversationLanguages, PreviousMessages, questionKey, sampleText, type FactSources } from './facts.js';

const ANSWERED = new Set<MessageFact['answer_type']>(['rule', 'qa', 'knowledge', 'llm']);
/**
 * Questions that fell back kept for grouping, at most: each holds its text (up to 4,000
 * characters), and a busy chatbot's month can hold far more. The turn counts stay exact; the
 * groups are those of the period's first questions, which for a top 20 is what matters.
 */
const MAX_FELL_BACK_KEPT = 10_000;

interface Chosen {
  knowledge_id: string;
  question: string;
  times: number;
}

interface FellBack {
  key: string;
  question: string;
  count: number;
  conversation_id: string;
  message_id: string;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000);

export async function qualityOf(sources: FactSources, tenant: TenantScope, range: { fromMs: number; toMs: number; chatbotId: string }) {
  const facts = sources.conversations;
  const previous = new PreviousMessages(facts, tenant);
  const turns = { answered: 0, clarified: 0, fallback: 0 };
  const chosen = new Map<string, Chosen>();
  const fellBack: MessageFact[] = [];
  for await (const message of facts.written(tenant, range)) {
    if (message.role === 'assistant') {
      if (ANSWERED.has(message.answer_type)) turns.answered += 1;
      if (message.answer_type === 'clarify') turns.clarified += 1;
      if (message.answer_type === 'fallback') {
        turns.fallback += 1;
        const question = fellBack.length < MAX_FELL_BACK_KEPT ? await previous.questionOf(message) : null;
        if (question) fellBack.push(question);
      }
    }
    if (message.role === 'user' && message.suggestion_id !== null) countChoice(chosen, message, await previous.before(message));
    previous.saw(message);
  }
  const total = turns.answered + turns.clarified + turns.fallback;
  return {
    turns: {
      ...turns,
      total,
      answered_share: share(turns.answered, total),
      clarified_share: share(turns.clarified, total),
      fallback_share: share(turns.fallback, total),
    },
    suggestions_chosen: [...chosen.values()].sort((a, b) => b.times - a.times || a.knowledge_id.localeCompare(b.knowledge_id)).slice(0, QUALITY_TOP),
    fell_back: (await groupFellBack(sources, tenant, fellBack))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, QUALITY_TOP)
      .map(({ key: _key, ...group }) => group),
  };
}

/** A visitor's choice, under the question the clarify reply offered (the message's own text if that reply is gone). */
function countChoice(chosen: Map<string, Chosen>, message: MessageFact, offeredBy: MessageFact | null): void {
  const knowledgeId = message.suggestion_id!;
  const known = chosen.get(knowledgeId);
  if (known) return void (known.times += 1);
  const offered = offeredBy?.suggestions.find((suggestion) => suggestion.knowledge_id === knowledgeId);
  chosen.set(knowledgeId, { knowledge_id: knowledgeId, question: offered?.question ?? message.content, times: 1 });
}

/** The questions grouped as `top_unanswered` groups them (questionKey), the first asked as the sample. */
async function groupFellBack(sources: FactSources, tenant: TenantScope, questions: MessageFact[]): Promise<FellBack[]> {
  const languages = await conversationLanguages(sources, tenant, [...new Set(questions.map((question) => question.conversation_id))]);
  const groups = new Map<string, FellBack>();
  for (const question of questions) {
    const key = questionKey(question.content, languages.get(question.conversation_id) ?? 'en');
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { key, question: sampleText(question.content), count: 1, conversation_id: question.conversation_id, message_id: question.id });
  }
  return [...groups.values()];
}
