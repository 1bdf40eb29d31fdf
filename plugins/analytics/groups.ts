// Question groups add up across hours, days and chatbots: counts add, and the sample stays a
// conversation where the question went unanswered when there is one.
import type { QuestionGroup } from './store.js';

/** Question groups kept per bucket, the most unanswered then the most asked first (a bucket stays well under a megabyte). */
export const GROUPS_PER_BUCKET = 500;

/** Adds `group` into `merged` (by key), copying it when it is new. */
export function mergeQuestionGroup(merged: Map<string, QuestionGroup>, group: QuestionGroup): void {
  const known = merged.get(group.key);
  if (!known) return void merged.set(group.key, { ...group });
  if (known.unanswered === 0 && group.unanswered > 0) {
    known.text = group.text;
    known.conversation_id = group.conversation_id;
  }
  known.count += group.count;
  known.unanswered += group.unanswered;
}

/** The groups a bucket keeps. */
export function keptGroups(groups: Iterable<QuestionGroup>): QuestionGroup[] {
  return [...groups].sort((a, b) => b.unanswered - a.unanswered || b.count - a.count || (a.key < b.key ? -1 : 1)).slice(0, GROUPS_PER_BUCKET);
}
