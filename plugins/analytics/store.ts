// The analytics collections: hour buckets of figures, hour groups of visitor questions, and one
// roll-up cursor per tenant (the claims queue that makes one instance roll each closed hour up).
import type { Collection, Store } from '../../core/store/types.js';
import type { Figures } from './figures.js';

/** The bucket of every chatbot of the tenant together (what account-wide reads use). */
export const ALL_CHATBOTS = '*';

export interface BucketDoc extends Figures {
  /** The UTC hour, ISO. */
  hour: string;
  /** A chatbot id, or ALL_CHATBOTS. */
  chatbot_id: string;
  rolled_up_at: string;
}

export interface QuestionGroup {
  /** The question after text analysis: language and its sorted distinct terms. */
  key: string;
  /** The first visitor message of the group, as written (truncated). */
  text: string;
  conversation_id: string;
  count: number;
  /** Of `count`, how many got the fallback or a thumbs-down. */
  unanswered: number;
}

export interface QuestionsDoc {
  hour: string;
  chatbot_id: string;
  groups: QuestionGroup[];
}

export interface CursorDoc {
  /** Every hour before this one (ISO) is rolled up. */
  rolled_up_to: string;
  /** When the next hour can be rolled up (claims' due field), or a retry's time. */
  due_at: string | null;
  failures: number;
}

export interface AnalyticsCollections {
  buckets: Collection<BucketDoc>;
  questions: Collection<QuestionsDoc>;
  cursors: Collection<CursorDoc>;
}

export function declareAnalytics(store: Store): AnalyticsCollections {
  return {
    buckets: store.collection<BucketDoc>({
      name: 'analytics_buckets',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id', 'hour'], unique: true }, { fields: ['hour'] }],
    }),
    questions: store.collection<QuestionsDoc>({
      name: 'analytics_questions',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id', 'hour'], unique: true }, { fields: ['hour'] }],
    }),
    cursors: store.collection<CursorDoc>({ name: 'analytics_cursors', scope: 'tenant', claims: { dueField: 'due_at' } }),
  };
}
