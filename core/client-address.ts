// Who is calling, by address: the client IP behind trusted proxies, and address lists (an
// account's IP allowlist, the trusted proxies). One parser serves both validating a list and
// enforcing it, so a list that passed validation can never fail at enforcement.
import { BlockList, isIP } from 'node:net';
import { parseCidr, type ProxyTrust } from '../config/address-lists.js';

export { CIDR_PATTERN, parseCidr } from '../config/address-lists.js';

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
