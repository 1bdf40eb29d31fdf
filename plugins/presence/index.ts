// Members' presence and availability (issue 28): who of the team can answer a handoff now.
import { PLUGIN_API_VERSION, type BuiltInPlugin, type MemberAvailability } from '../../core/index.js';
import { presenceRoutes } from './routes.js';
import { declarePresence } from './collections.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    presence: { availability: MemberAvailability };
  }
}

/** More members available at once than this are not all offered work (no team comes near it). */
const MAX_AVAILABLE_LISTED = 1000;

export const presencePlugin: BuiltInPlugin = {
  name: 'presence',
  version: '1.0.0',
  platformApi: PLUGIN_API_VERSION,
  events: [],
  register(api) {
    // `member_presence` predates the rule that an area's collections start with its name.
    const presence = declarePresence(api.privileged);
    const listeners: Array<(accountId: string, memberId: string) => Promise<void>> = [];
    const lookingNow = (accountId: string) => ({ account: accountId, expires_at: { gt: api.now().toISOString() } });
    const availableNow = (accountId: string) => ({ ...lookingNow(accountId), status: 'available' });
    const availability: MemberAvailability = {
      async anyoneAvailable(accountId) {
        return (await presence.global().count(availableNow(accountId))) > 0;
      },
      async availableMembers(accountId) {
        const records = await presence.global().list({ filter: availableNow(accountId), limit: MAX_AVAILABLE_LISTED });
        return records.map((record) => record.id);
      },
      async lookingMembers(accountId) {
        const records = await presence.global().list({ filter: lookingNow(accountId), limit: MAX_AVAILABLE_LISTED });
        return records.map((record) => record.id);
      },
      onAvailable(listener) {
        listeners.push(listener);
      },
    };
    // What a listener does with the news is its own business: its failure never fails the member's request.
    const becameAvailable = async (member: { id: string; account: string }) => {
      for (const listener of listeners) {
        await listener(member.account, member.id).catch((error: unknown) => {
          api.logger.warn({ err: error, member: member.id }, 'a listener of a member becoming available failed');
        });
      }
    };
    api.privileged.provide('availability', availability);
    api.route(presenceRoutes(api, presence, becameAvailable));
  },
};
