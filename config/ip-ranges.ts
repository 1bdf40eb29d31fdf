// CIDR ranges of the outbound address policies (knowledge fetching, webhook delivery, egress), and
// addresses as the operating system reads them. The config schema checks the operator's lists with
// these parsers at start-up and core/http/address-policy.ts judges addresses with the same ones, so
// the two never disagree.
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type Cidr = [Address, number];

/** A CIDR list entry the policy cannot enforce; the config schema turns it into a start-up error. */
export class InvalidCidrError extends Error {
  override name = 'InvalidCidrError';
}

/**
 * Parses one list entry: `10.0.0.0/8`, `fd00::/8` or a single address (a /32 or /128).
 * IPv4 must be four decimal parts: `010.0.0.0/8` would otherwise be octal (8.0.0.0/8), far from
 * what the operator meant. IPv4-mapped IPv6 ranges (`::ffff:10.0.0.0/104`) become IPv4 ranges, so
 * they match the IPv4 addresses they stand for.
 */
export function parseCidr(entry: string): Cidr {
  const text = entry.trim();
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
    throw new InvalidCidrError(`"${entry}" is not an address or CIDR range`);
  }
  const parsed = parseAddress(address);
  if (!parsed) throw new InvalidCidrError(`"${entry}" is not an address or CIDR range (IPv4 as four decimal numbers, or IPv6)`);
  const bits = parsed.kind() === 'ipv4' ? 32 : 128;
  const length = prefix === undefined ? bits : Number(prefix);
  if (length > bits) throw new InvalidCidrError(`"${entry}": an ${parsed.kind() === 'ipv4' ? 'IPv4' : 'IPv6'} prefix length is at most ${bits}`);
  if (parsed.kind() === 'ipv6' && length >= 96 && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    return [(parsed as ipaddr.IPv6).toIPv4Address(), length - 96];
  }
  return [parsed, length];
}

/**
 * An address exactly as the operating system reads it, or null. Only what net.isIP accepts (the
 * test net.connect uses to skip the lookup) is parsed; IPv4 must be four decimal parts, and zone
 * ids (`fe80::1%eth0`, never in a URL or a DNS answer) are refused.
 */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (net.isIPv4(bare)) return ipaddr.IPv4.isValidFourPartDecimal(bare) ? ipaddr.IPv4.parse(bare) : null;
  if (!net.isIPv6(bare) || bare.includes('%')) return null;
  // ipaddr.js reads `::a.b.c.d` as `::ffff:a.b.c.d`, but to the OS (RFC 4291) it is the
  // IPv4-compatible ::/96 address: writing the dotted tail as hex first makes both read the same.
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(bare);
  if (!dotted) return ipaddr.IPv6.parse(bare);
  const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
  return ipaddr.IPv6.parse(`${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`);
}
