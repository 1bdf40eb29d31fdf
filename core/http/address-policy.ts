// Which addresses an outbound request may connect to. One policy per area (knowledge fetching,
// webhook delivery, language-model providers), judged on the resolved address at connect time by
// the agents in guarded-agents.ts. One parser (parseAddress, config/ip-ranges.ts: ipaddr.js behind
// net.isIP, with the one reading of ipaddr.js that differs from the OS corrected) reads the
// operator's CIDR lists at start-up, through the config schema, and the addresses judged, so the
// two never disagree.
import ipaddr from 'ipaddr.js';
import { parseAddress, parseCidr, type Address, type Cidr } from '../../config/ip-ranges.js';

export { parseCidr } from '../../config/ip-ranges.js';

export type RefusalReason = 'non_public' | 'egress' | 'not_an_address';
export type Verdict = { allowed: true } | { allowed: false; reason: RefusalReason };

export interface AddressPolicyOptions {
  /**
   * Non-public ranges this area may reach (e.g. an intranet wiki for knowledge fetching).
   * Ignored when `refuseNonPublic` is false.
   */
  allowedCidrs: readonly string[];
  /** When not empty, every address outside these ranges is refused, whatever else holds. */
  egressCidrs: readonly string[];
  /**
   * Refuse loopback, private, link-local, reserved… addresses unless `allowedCidrs` has them.
   * False only for targets the operator configured (a local Ollama), never for tenant URLs.
   */
  refuseNonPublic: boolean;
}

export class AddressPolicy {
  private readonly allowed: Cidr[];
  private readonly egress: Cidr[];
  private readonly refuseNonPublic: boolean;

  constructor(options: AddressPolicyOptions) {
    this.allowed = options.allowedCidrs.map(parseCidr);
    this.egress = options.egressCidrs.map(parseCidr);
    this.refuseNonPublic = options.refuseNonPublic;
  }

  /** Judges one resolved address (or IP-literal host, brackets allowed). */
  judge(address: string): Verdict {
    const parsed = parseAddress(address);
    if (!parsed) return { allowed: false, reason: 'not_an_address' };
    const embedding = parsed.kind() === 'ipv6' ? embeddingOf(parsed as ipaddr.IPv6) : null;
    if (this.egress.length > 0 && !this.insideEgress(parsed, embedding)) return { allowed: false, reason: 'egress' };
    if (this.refuseNonPublic && !this.publicOrAllowed(parsed, embedding)) return { allowed: false, reason: 'non_public' };
    return { allowed: true };
  }

  /**
   * Egress confines where packets go. Every IPv4 an address carries must be listed, and so must
   * the address itself unless it is IPv4-mapped (only how a dual-stack socket writes an IPv4
   * destination): the other forms travel to the IPv6 address first (a NAT64 gateway, a 6to4 or
   * Teredo relay), which may be anywhere.
   */
  private insideEgress(address: Address, embedding: Embedding | null): boolean {
    return listed(address, embedding, this.egress) && (embedding?.ipv4 ?? []).every((ipv4) => matchesAny(ipv4, this.egress));
  }

  /**
   * An IPv6 address carrying IPv4 is refused when any IPv4 it carries is non-public (both, for
   * Teredo). The allowlist admits what it names: an IPv4 range also admits the IPv4-mapped forms,
   * but not `::10.0.0.1` or `64:ff9b::a00:1`, which go elsewhere than 10.0.0.1 (list them as IPv6).
   */
  private publicOrAllowed(address: Address, embedding: Embedding | null): boolean {
    if (listed(address, embedding, this.allowed)) return true;
    if (!embedding) return isPublic(address);
    // ISATAP's prefix is an ordinary one (fe80::/10 on a link), judged as well; the other forms'
    // prefixes only say "IPv4 inside" and ipaddr.js ranks them non-unicast for that reason alone.
    if (embedding.form === 'isatap' && !isPublic(address)) return false;
    return embedding.ipv4.every(isPublic);
  }
}

/** Whether a list names this address: itself, or the IPv4 of an IPv4-mapped address. */
function listed(address: Address, embedding: Embedding | null, cidrs: readonly Cidr[]): boolean {
  if (embedding?.form === 'ipv4-mapped') return matchesAny(embedding.ipv4[0]!, cidrs) || matchesAny(address, cidrs);
  return matchesAny(address, cidrs);
}

/** ipaddr.js ranks every special-purpose block (loopback, private, CGNAT, documentation…) as other than `unicast`. */
function isPublic(address: Address): boolean {
  return address.range() === 'unicast';
}

function matchesAny(address: Address, cidrs: readonly Cidr[]): boolean {
  return cidrs.some(([network, length]) => network.kind() === address.kind() && address.match(network, length));
}

interface Embedding {
  form: 'ipv4-mapped' | 'ipv4-translated' | 'ipv4-compatible' | 'nat64' | '6to4' | 'teredo' | 'isatap';
  ipv4: ipaddr.IPv4[];
}

/**
 * How the policy judges a URL whose host is an address, before any connection: an IP literal
 * (brackets allowed) or `localhost` (loopback by RFC 6761). Null for a host name, which only
 * resolving can judge (the agents do, at connect time). For telling a tenant at creation that a
 * target will never be reached.
 */
export function urlAddressRefusal(policy: AddressPolicy, url: string): Exclude<RefusalReason, 'not_an_address'> | null {
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  const literal = host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : host.replace(/^\[|\]$/g, '');
  const verdict = policy.judge(literal);
  return verdict.allowed || verdict.reason === 'not_an_address' ? null : verdict.reason;
}

/** What an owner is told of a refused URL, naming the setting that would allow it (`allowedVariable`). */
export function urlRefusalMessage(reason: Exclude<RefusalReason, 'not_an_address'>, allowedVariable: string): string {
  return reason === 'egress'
    ? 'The address is outside the egress allowlist of this server (EGRESS_ALLOWED_CIDRS)'
    : `The address is private, loopback, link-local or reserved; this server allows such addresses here only in ${allowedVariable}`;
}

const range = (cidr: string) => ipaddr.IPv6.parseCIDR(cidr);
const IPV4_MAPPED = range('::ffff:0:0/96');
const IPV4_TRANSLATED = range('::ffff:0:0:0/96');
const IPV4_COMPATIBLE = range('::/96');
const NAT64_WELL_KNOWN = range('64:ff9b::/96');
const NAT64_LOCAL_USE = range('64:ff9b:1::/48');
const SIX_TO_FOUR = range('2002::/16');
const TEREDO = range('2001::/32');

/** The IPv4 addresses an IPv6 address carries, and how; null when it carries none. */
export function embeddingOf(address: ipaddr.IPv6): Embedding | null {
  const parts = address.parts;
  const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const last32 = () => ipv4Of(parts[6]!, parts[7]!);
  const inside = ([network, length]: [ipaddr.IPv6, number]) => address.match(network, length);
  if (inside(IPV4_MAPPED)) return { form: 'ipv4-mapped', ipv4: [last32()] };
  if (inside(IPV4_TRANSLATED)) return { form: 'ipv4-translated', ipv4: [last32()] };
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  if (inside(IPV4_COMPATIBLE) && !(parts[6] === 0 && parts[7]! <= 1)) return { form: 'ipv4-compatible', ipv4: [last32()] };
  if (inside(NAT64_WELL_KNOWN)) return { form: 'nat64', ipv4: [last32()] };
  if (inside(NAT64_LOCAL_USE)) return { form: 'nat64', ipv4: nat64LocalUseCandidates(address) };
  if (inside(SIX_TO_FOUR)) return { form: '6to4', ipv4: [ipv4Of(parts[1]!, parts[2]!)] };
  // Teredo: the server's IPv4 in bits 32–63, the client's (NAT) IPv4 bit-inverted in the last 32.
  if (inside(TEREDO)) return { form: 'teredo', ipv4: [ipv4Of(parts[2]!, parts[3]!), ipv4Of(parts[6]! ^ 0xffff, parts[7]! ^ 0xffff)] };
  // ISATAP interface identifier: 0000:5efe or 0200:5efe (the u bit), then the IPv4 (RFC 5214).
  if ((parts[4] === 0 || parts[4] === 0x0200) && parts[5] === 0x5efe) return { form: 'isatap', ipv4: [last32()] };
  return null;
}

/**
 * RFC 8215's local-use NAT64 prefix is a /48 in which a network picks its own prefix length, and
 * RFC 6052 places the IPv4 differently for each (/48, /56, /64, /96). Each layout whose suffix
 * bits are zero, as RFC 6052 requires, gives a candidate, and all candidates are judged, so no
 * reading of the address hides a private IPv4 (a network using the rare shorter layouts may see a
 * public address refused; its operator can list it).
 */
function nat64LocalUseCandidates(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const value = address.parts.reduce((sum, part) => (sum << 16n) | BigInt(part), 0n);
  const bits = (from: number, length: number) => Number((value >> BigInt(128 - from - length)) & ((1n << BigInt(length)) - 1n));
  const ipv4 = (n: number) => new ipaddr.IPv4([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  const shorter: ipaddr.IPv4[] = [];
  if (bits(104, 24) === 0) shorter.push(ipv4(bits(72, 32))); // /64
  if (bits(96, 32) === 0) shorter.push(ipv4(bits(56, 8) * 2 ** 24 + bits(72, 24))); // /56
  if (bits(88, 40) === 0) shorter.push(ipv4(bits(48, 16) * 2 ** 16 + bits(72, 16))); // /48
  // A /96 reading of 0.0.0.0 translates to nothing; it only means a shorter layout is in use.
  const last32 = bits(96, 32);
  return last32 === 0 && shorter.length > 0 ? shorter : [ipv4(last32), ...shorter];
}
