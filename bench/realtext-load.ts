// The realtext benchmark's load generator, in its own process: runs autocannon's API with the job
// given as a JSON file and prints one JSON result on stdout.
//   { url, connections, seconds }                         GET url (the baseline)
//   { url, connections, seconds, headers, chat: { … } }   chat turns: POST …/messages, questions
//                                                         and conversations taken in turn
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  chat?: { chatbotId: string; conversations: string[]; questions: string[] };
}

export interface LoadOutput {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Chat: replies by answer_type. */
  answerTypes: Record<string, number>;
  /** Chat: the first reply seen for each question (by index): its answer type and first source. */
  firstReplies: Record<number, { type: string; document: string | null }>;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadJob;
const answerTypes: Record<string, number> = {};
const firstReplies: LoadOutput['firstReplies'] = {};
let turn = 0;

const options: autocannon.Options = { url: job.url, connections: job.connections, duration: job.seconds };
if (job.chat) {
  const { chatbotId, conversations, questions } = job.chat;
  options.requests = [
    {
      method: 'POST',
      headers: job.headers,
      setupRequest: (request, context) => {
        const i = turn++;
        (context as { question?: number }).question = i % questions.length;
        return {
          ...request,
          path: `/api/v1/chatbots/${chatbotId}/conversations/${conversations[i % conversations.length]}/messages`,
          body: JSON.stringify({ content: questions[i % questions.length] }),
        };
      },
      onResponse: (status, body, context) => {
        if (status !== 201) return;
        const reply = (JSON.parse(body) as { reply: { answer_type: string; sources: Array<{ document_id: string }> } | null }).reply;
        if (!reply) return;
        answerTypes[reply.answer_type] = (answerTypes[reply.answer_type] ?? 0) + 1;
        const question = (context as { question: number }).question;
        firstReplies[question] ??= { type: reply.answer_type, document: reply.sources[0]?.document_id ?? null };
      },
    },
  ];
}

const result = await autocannon(options);
const output: LoadOutput = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  max: result.latency.max,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  answerTypes,
  firstReplies,
};
process.stdout.write(`${JSON.stringify(output)}\n`);
