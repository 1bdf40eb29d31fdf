// Who is calling, by address: the client IP behind trusted proxies, and address lists (an
// account's IP allowlist, the trusted proxies). One parser serves both validating a list and
// enforcing it, so a list that passed validation can never fail at enforcement.
import { BlockList, isIP } from 'node:net';

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

/** A BlockList of the entries; entries `parseCidr` refuses are skipped (validation refuses them first). */
export function addressListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const cidr = parseCidr(entry);
    if (!cidr) continue;
    if (cidr.prefix === (cidr.family === 'ipv6' ? 128 : 32)) list.addAddress(cidr.address, cidr.family);
    else list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list;
}

export function listHas(list: BlockList, address: string): boolean {
  const version = isIP(address);
  return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address. X-Forwarded-For is read from the right, the end our own proxies write:
 * with N trusted hops the client is the Nth address left of the peer; with trusted proxy CIDRs it
 * is the first address, from the right, that is not one of them. The leftmost entry is whatever
 * the client sent, so it is never believed. Null when the chosen entry is not an IP address.
 */
export class ClientAddressResolver {
  private readonly hops: number;
  private readonly proxies: BlockList | null;

  constructor(trust: ProxyTrust) {
    this.hops = trust === true ? 1 : typeof trust === 'number' ? trust : 0;
    this.proxies = Array.isArray(trust) && trust.length > 0 ? addressListOf(trust) : null;
  }

  resolve(peer: string | undefined, forwardedFor: string | string[] | undefined): string | null {
    const peerAddress = peer ? normaliseAddress(peer) : null;
    if (!peerAddress || (this.hops === 0 && !this.proxies)) return peerAddress;
    const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
    // Node caps request headers at 16 KiB, so splitting all of it is cheap; only the right end counts.
    const chain = header.split(',').slice(-64).map((entry) => entry.trim()).filter(Boolean);
    chain.push(peerAddress);
    if (this.proxies) {
      let index = chain.length - 1;
      while (index > 0) {
        const address = normaliseAddress(chain[index]!);
        if (!address || !listHas(this.proxies, address)) break;
        index--;
      }
      return normaliseAddress(chain[index]!);
    }
    // Fewer entries than trusted hops: a proxy we trust did not write one, so the leftmost entry
    // would be the client's own words. No address, and an allowlist refuses it.
    const client = chain.length - 1 - this.hops;
    return client >= 0 ? normaliseAddress(chain[client]!) : null;
  }
}

/** An address as proxies write it ("203.0.113.7:51234", "[2001:db8::1]:443", "::ffff:10.0.0.1"), bare. */
export function normaliseAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  return isIP(address) === 0 ? null : address;
}
