// Address lists an operator or an account writes (an account's IP allowlist, the trusted proxies):
// what an entry may be, read the same way when the configuration or a request is validated and when
// core/client-address.ts enforces the list, so a list that passed validation can never fail there.
import { isIP } from 'node:net';

/** `false`/0: no proxy; a number: that many trusted hops in front; CIDRs: the proxies trusted. */
export type ProxyTrust = boolean | number | string[];

export interface ParsedCidr {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

// The set of entries parseCidr accepts, as one regular expression, so the OpenAPI document can say
// exactly what an allowlist entry is (schemathesis found a schema-valid string refused with a 400).
// The address parts are the grammar of node's isIP (dotted decimal without leading zeros; IPv6
// with `::` and an IPv4 tail), without zone ids; prefixes are decimal without leading zeros.
const V4_SEG = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const V4 = `(?:${V4_SEG}\\.){3}${V4_SEG}`;
const H = '[0-9a-fA-F]{1,4}';
const V6 =
  '(?:' +
  [
    `(?:${H}:){7}(?:${H}|:)`,
    `(?:${H}:){6}(?:${V4}|:${H}|:)`,
    `(?:${H}:){5}(?::${V4}|(?::${H}){1,2}|:)`,
    `(?:${H}:){4}(?:(?::${H}){0,1}:${V4}|(?::${H}){1,3}|:)`,
    `(?:${H}:){3}(?:(?::${H}){0,2}:${V4}|(?::${H}){1,4}|:)`,
    `(?:${H}:){2}(?:(?::${H}){0,3}:${V4}|(?::${H}){1,5}|:)`,
    `(?:${H}:){1}(?:(?::${H}){0,4}:${V4}|(?::${H}){1,6}|:)`,
    `(?::(?:(?::${H}){0,5}:${V4}|(?::${H}){1,7}|:))`,
  ].join('|') +
  ')';
export const CIDR_PATTERN = new RegExp(
  `^(?:${V4}(?:/(?:3[0-2]|[12][0-9]|[0-9]))?|${V6}(?:/(?:12[0-8]|1[01][0-9]|[1-9][0-9]|[0-9]))?)$`,
);

/**
 * "10.0.0.0/8", "2001:db8::/32" or one address ("203.0.113.7", a /32 or /128). Null for anything
 * else, including forms other parsers accept (IPvFuture "v1.a", zone ids, prefixes out of range).
 */
export function parseCidr(entry: string): ParsedCidr | null {
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  const version = isIP(address);
  if (version === 0 || address.includes('%')) return null;
  const family = version === 6 ? 'ipv6' : 'ipv4';
  const bits = version === 6 ? 128 : 32;
  if (slash === -1) return { address, prefix: bits, family };
  const prefixText = entry.slice(slash + 1);
  if (!/^(?:0|[1-9]\d{0,2})$/.test(prefixText)) return null; // no leading zeros: "/08" is refused
  const prefix = Number(prefixText);
  return prefix <= bits ? { address, prefix, family } : null;
}
