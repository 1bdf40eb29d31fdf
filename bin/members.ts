// `members reset-password --email <email> [--account <id>]`: the way back for a member, the sole
// owner too, who forgot their password (issue 32). It prints a one-time link, like an invitation's:
// opening it sets a new password and ends the member's other sessions. The server need not run.
import { parseArgs } from 'node:util';
import type { Config } from '../config/index.js';
import { issuePasswordReset, normaliseEmail, PASSWORD_RESET_HOURS } from '../core/auth/members.js';
import { withPlatform } from './accounts.js';
import { browserBase } from './banner.js';
import { CommandError, UsageError } from './command-errors.js';

export async function manageMembers(config: Config, command: string | undefined, args: string[]): Promise<number> {
  if (command !== 'reset-password') throw new UsageError(`Unknown members command: ${command ?? '(none)'}`);
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, account: { type: 'string' }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.email) throw new UsageError('--email is required');
  const email = normaliseEmail(values.email);
  return withPlatform(config, async (platform) => {
    const filter = { email, ...(values.account ? { account: values.account } : {}) };
    const found = await platform.members.global().list({ filter, limit: 50, sort: { field: 'created_at', direction: 'asc' } });
    if (found.length === 0) throw new CommandError(`No member ${email}${values.account ? ` in account ${values.account}` : ''}`);
    if (found.length > 1) {
      throw new CommandError(`${email} is a member of several accounts (${found.map((member) => member.account).join(', ')}): name one with --account`);
    }
    const member = found[0]!;
    if (member.status !== 'active') {
      throw new CommandError(`${email} has not accepted their invitation yet: issue a new invitation link from the dashboard's Members page instead`);
    }
    const account = await platform.accounts.global().get(member.account);
    if (account?.status !== 'active') {
      throw new CommandError(`Account ${member.account} is disabled: enable it first (accounts update ${member.account} --enable)`);
    }
    const reset = await issuePasswordReset(platform.members, member, platform.now());
    const url = `${browserBase(config)}/dashboard#/accept?token=${encodeURIComponent(reset.token)}`;
    if (values.json) {
      process.stdout.write(`${JSON.stringify({ member_id: member.id, account_id: member.account, url, expires_at: reset.expiresAt })}\n`);
    } else {
      process.stdout.write(
        `Password reset link for ${email} (account ${member.account}), valid for ${PASSWORD_RESET_HOURS} hours and once:\n  ${url}\n` +
          'Opening it sets a new password and signs out every other session of this member.\n',
      );
    }
    return 0;
  });
}
