import { segment, type RequestOptions } from '../http.js';
import type { Query } from '../types.js';
import { Resource } from './resource.js';

/** The events webhooks deliver, kept to be read again. */
export class Events extends Resource {
  list(query?: Query<'listEvents'>, options?: RequestOptions) {
    return this.paged('listEvents', '/api/v1/events', query, options);
  }
  get(eventId: string, options?: RequestOptions) {
    return this.call('getEvent', { method: 'GET', path: `/api/v1/events/${segment(eventId)}`, options });
  }
}

export class Analytics extends Resource {
  overview(query?: Query<'getAnalyticsOverview'>, options?: RequestOptions) {
    return this.call('getAnalyticsOverview', { method: 'GET', path: '/api/v1/analytics/overview', query, options });
  }
  timeseries(query?: Query<'getAnalyticsTimeseries'>, options?: RequestOptions) {
    return this.call('getAnalyticsTimeseries', { method: 'GET', path: '/api/v1/analytics/timeseries', query, options });
  }
  trends(query?: Query<'getAnalyticsTrends'>, options?: RequestOptions) {
    return this.call('getAnalyticsTrends', { method: 'GET', path: '/api/v1/analytics/trends', query, options });
  }
  /** The timeseries' points as the server wrote them: CSV by default, `format: 'json'` for JSON text. */
  export(query?: Query<'exportAnalytics'>, options?: RequestOptions) {
    return this.text('exportAnalytics', { method: 'GET', path: '/api/v1/analytics/export', query, accept: 'text/csv, application/json', options });
  }
}
