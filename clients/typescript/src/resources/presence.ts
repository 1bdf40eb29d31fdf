import type { RequestOptions } from '../http.js';
import type { Body } from '../types.js';
import { Resource } from './resource.js';

/**
 * A dashboard member's own presence (available for handoffs, or away). It belongs to a signed-in
 * member: the server answers an API key or OAuth token 403 `session_required`.
 */
export class Presence extends Resource {
  get(options?: RequestOptions) {
    return this.call('getPresence', { method: 'GET', path: '/api/v1/presence', options });
  }
  /** Sets the status; also counts as a heartbeat. */
  set(body: Body<'setPresence'>, options?: RequestOptions) {
    return this.call('setPresence', { method: 'PUT', path: '/api/v1/presence', body, options });
  }
  /** Keeps the member available: the status lapses 90 seconds after the last beat. */
  heartbeat(body: Body<'sendPresenceHeartbeat'> = {}, options?: RequestOptions) {
    return this.call('sendPresenceHeartbeat', { method: 'POST', path: '/api/v1/presence/heartbeat', body, options });
  }
}
