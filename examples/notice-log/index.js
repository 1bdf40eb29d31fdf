// Notice log: when a visitor waits for a person and the members who should answer have no
// dashboard open, the platform calls this plugin's notifier (`api.notifyMembersWith`); it appends
// one JSON line per member to the file NOTICE_LOG_FILE names. A stand-in for e-mail, Slack or a
// chat bridge: a real sender replaces `deliver` and keeps the rest. An external plugin of the
// chatbot platform: loaded when PLUGINS names this package (docs/PLUGINS.md).
import { appendFile } from 'node:fs/promises';

/** @param {import('chatbot-platform/plugin').MemberNotice} notice */
export function noticeLines(notice) {
  const what = notice.kind === 'handoff' ? 'A visitor is waiting for a person' : 'The visitor wrote in your conversation';
  return notice.members.map((member) =>
    JSON.stringify({
      to: member.email,
      name: member.name,
      subject: `${what} (${notice.chatbot.name})`,
      kind: notice.kind,
      account_id: notice.account_id,
      mode: notice.mode,
      chatbot_id: notice.chatbot.id,
      conversation_id: notice.conversation.id,
      message: notice.message?.content ?? null,
    }),
  );
}

/** @type {import('chatbot-platform/plugin').PlatformPlugin} */
const plugin = {
  name: 'notice-log',
  version: '1.0.0',
  platformApi: '^1.1.0',
  register(api) {
    const file = process.env.NOTICE_LOG_FILE;
    // Without a file the notices go to the server's log, so a misconfigured server still shows them.
    const deliver = file
      ? (/** @type {string[]} */ lines) => appendFile(file, lines.map((line) => `${line}\n`).join(''), { mode: 0o600 })
      : async (/** @type {string[]} */ lines) => lines.forEach((line) => api.logger.info({ notice: JSON.parse(line) }, 'member notice'));
    // Errors thrown here are logged by the platform; a notice is not sent twice.
    api.notifyMembersWith((notice) => deliver(noticeLines(notice)));
  },
};

export default plugin;
