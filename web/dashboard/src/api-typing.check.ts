// Checked by `tsc -p web/dashboard` (npm run typecheck), never bundled: nothing imports it. Each
// call below must stay a type error: if the client stopped checking paths, bodies or answers
// against the OpenAPI document's types, the unused @ts-expect-error would fail the typecheck.
import { api, query } from './api.js';

export function refusedCalls(id: string): void {
  // @ts-expect-error: a path the API does not have
  void api.get('/api/v1/chatbotz');
  // @ts-expect-error: a segment no template has under a chatbot
  void api.get(`/api/v1/chatbots/${id}/nonsense`);
  // @ts-expect-error: a method the path does not have
  void api.put(`/api/v1/chatbots/${id}/knowledge${query({ limit: 1 })}`, {});
  // @ts-expect-error: a body of the wrong shape (a name is text)
  void api.post('/api/v1/chatbots', { name: 42 });
  // @ts-expect-error: a body without a required field (an invitation needs the e-mail)
  void api.post('/api/v1/members', { role: 'agent' });
  // @ts-expect-error: a value outside the documented enum
  void api.put('/api/v1/presence', { status: 'asleep' });
  // @ts-expect-error: the answer is a chatbot, which has no `colour`
  void api.get(`/api/v1/chatbots/${id}`).then((chatbot) => chatbot.colour);
}

export function acceptedCalls(id: string): void {
  // The literal path wins over the template it also fits (`/conversations/{convId}` is not a GET here).
  void api.get(`/api/v1/conversations/counts${query({ assignee: 'unassigned' })}`).then((counts) => counts.handoff + counts.open);
  void api.get(`/api/v1/chatbots/${id}`).then((chatbot) => chatbot.name.toUpperCase());
  void api.post(`/api/v1/chatbots/${id}/knowledge`, { type: 'qa', question: 'Hours?', answer: 'Nine to five.' });
}
