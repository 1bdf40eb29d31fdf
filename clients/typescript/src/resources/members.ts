import type { RequestOptions } from '../http.js';
import type { Body, Query } from '../types.js';
import { Resource, itemPath } from './resource.js';

const memberPath = (userId: string, ...rest: string[]) => itemPath('/api/v1/members', userId, ...rest);

/** The account's members (live keys only: a test-mode key is 403 `live_mode_required`). */
export class Members extends Resource {
  /** Newest first (`role`, `status` filter them). */
  list(query?: Query<'listMembers'>, options?: RequestOptions) {
    return this.paged('listMembers', '/api/v1/members', query, options);
  }
  /** A new member, invited: the answer holds the one-time invitation link, shown this once. */
  invite(body: Body<'inviteMember'>, options?: RequestOptions) {
    return this.call('inviteMember', { method: 'POST', path: '/api/v1/members', body, options });
  }
  get(userId: string, options?: RequestOptions) {
    return this.call('getMember', { method: 'GET', path: memberPath(userId), options });
  }
  update(userId: string, body: Body<'updateMember'>, options?: RequestOptions) {
    return this.call('updateMember', { method: 'PATCH', path: memberPath(userId), body, options });
  }
  remove(userId: string, options?: RequestOptions) {
    return this.call('removeMember', { method: 'DELETE', path: memberPath(userId), options });
  }
  /** A new invitation link for a member who has not accepted yet; the previous one stops working. */
  resendInvitation(userId: string, body: Body<'resendInvitation'> = {}, options?: RequestOptions) {
    return this.call('resendInvitation', { method: 'POST', path: memberPath(userId, 'invitation'), body, options });
  }
  /** Ends every dashboard session of the member. */
  signOut(userId: string, options?: RequestOptions) {
    return this.call('signOutMember', { method: 'DELETE', path: memberPath(userId, 'sessions'), options });
  }
}
