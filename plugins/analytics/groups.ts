// Question groups add up across hours, days and chatbots: counts add, and the sample stays a
// conversation where the question went unanswered when there is one.
import type { QuestionGroup } from './collections.js';

/**
 * Question groups kept per bucket: the 500 most asked and the 500 most often unanswered (a bucket
 * stays well under a megabyte). Both lists, so that neither top list of a period loses a group to
 * the other's; a group outside both in some bucket is undercounted by what that bucket dropped.
 */
export const GROUPS_PER_LIST = 500;

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
  known.clarified = (known.clarified ?? 0) + (group.clarified ?? 0);
}

/** The groups a bucket keeps. */
export function keptGroups(groups: Iterable<QuestionGroup>): QuestionGroup[] {
  const all = [...groups];
  if (all.length <= GROUPS_PER_LIST) return all;
  const byKey = (a: QuestionGroup, b: QuestionGroup) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const mostAsked = [...all].sort((a, b) => b.count - a.count || byKey(a, b)).slice(0, GROUPS_PER_LIST);
  const mostUnanswered = all.filter((group) => group.unanswered > 0).sort((a, b) => b.unanswered - a.unanswered || byKey(a, b)).slice(0, GROUPS_PER_LIST);
  return [...new Set([...mostAsked, ...mostUnanswered])];
}
