// The analytics collections: hour buckets of figures, hour groups of visitor questions, the same
// two summed per UTC day (so a 90-day read adds 90 documents, not 2,160), and one roll-up cursor
// per tenant (the claims queue that makes one instance roll each closed hour up).
import type { Collection, CollectionDeclarer } from '../../core/index.js';
import type { Figures } from './figures.js';

/** The bucket of every chatbot of the tenant together (what account-wide reads use). */
export const ALL_CHATBOTS = '*';

export interface BucketDoc extends Figures {
  /** The UTC hour, ISO. */
  hour: string;
  /** A chatbot id, or ALL_CHATBOTS. */
  chatbot_id: string;
  rolled_up_at: string;
  /** Random per roll-up of the hour: a day built from it can tell that the hour was rolled up again. */
  generation?: string;
}

/**
 * The figures of one UTC day: the sum of its 24 hour buckets. The ALL_CHATBOTS document is written
 * last and for every built day, empty or not: it marks the day as built (a chatbot without one that
 * day had nothing).
 */
export interface DayBucketDoc extends Figures {
  /** The UTC day's first hour, ISO. */
  day: string;
  chatbot_id: string;
  built_at: string;
  /** Random per build of the day: a read that saw the marker change knows the day was rebuilt meanwhile. */
  build?: string;
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
  /** Of `count`, how many got a clarify reply (suggestions); absent on groups rolled up before clarify existed. */
  clarified?: number;
}

export interface QuestionsDoc {
  hour: string;
  chatbot_id: string;
  groups: QuestionGroup[];
}

export interface DayQuestionsDoc {
  day: string;
  /** A chatbot id, or ALL_CHATBOTS (the groups of every chatbot merged). */
  chatbot_id: string;
  groups: QuestionGroup[];
}

export interface CursorDoc {
  /** Every hour before this one (ISO) is rolled up. */
  rolled_up_to: string;
  /** Every UTC day before this one (ISO) has been built from its hours once (absent: none yet). */
  days_built_to?: string;
  /** When the next hour can be rolled up (claims' due field), or a retry's time. */
  due_at: string | null;
  failures: number;
}

export interface AnalyticsCollections {
  buckets: Collection<BucketDoc>;
  questions: Collection<QuestionsDoc>;
  days: Collection<DayBucketDoc>;
  dayQuestions: Collection<DayQuestionsDoc>;
  cursors: Collection<CursorDoc>;
}

export function declareAnalytics(store: CollectionDeclarer): AnalyticsCollections {
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
    days: store.collection<DayBucketDoc>({
      name: 'analytics_day_buckets',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id', 'day'], unique: true }, { fields: ['day'] }],
    }),
    dayQuestions: store.collection<DayQuestionsDoc>({
      name: 'analytics_day_questions',
      scope: 'tenant',
      indexes: [{ fields: ['chatbot_id', 'day'], unique: true }, { fields: ['day'] }],
    }),
    cursors: store.collection<CursorDoc>({ name: 'analytics_cursors', scope: 'tenant', claims: { dueField: 'due_at' } }),
  };
}
