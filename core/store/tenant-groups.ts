// Work gathered across tenants (a batch of processed items, the events of several commits) and
// written per tenant: one commit each.
import type { TenantScope } from './types.js';

/** `items` grouped by their tenant (account and mode), tenants in the order first seen. */
export function groupByTenant<T>(items: Iterable<T>, tenantOf: (item: T) => TenantScope): Array<{ tenant: TenantScope; items: T[] }> {
  const groups = new Map<string, { tenant: TenantScope; items: T[] }>();
  for (const item of items) {
    const tenant = tenantOf(item);
    const key = `${tenant.accountId}/${tenant.mode}`;
    const group = groups.get(key) ?? { tenant, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}
