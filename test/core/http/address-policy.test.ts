// store-independent: it opens no store (the SQLite pass runs it once).
// The outbound address policy: every IPv4-embedding IPv6 form is judged as the IPv4 it carries,
// non-public addresses need the area's allowlist, and the egress list confines everything.
import fc from 'fast-check';
import t from 'tap';
import { AddressPolicy, parseCidr } from '../../../core/http/address-policy.js';

const tenantUrls = new AddressPolicy({ allowedCidrs: [], egressCidrs: [], refuseNonPublic: true });
const verdict = (policy: AddressPolicy, address: string) => {
  const judged = policy.judge(address);
  return judged.allowed ? 'allowed' : judged.reason;
};

/** Teredo address with the given server and client IPv4 (the client bit-inverted, as on the wire). */
function teredo(server: string, client: string): string {
  const hex = (ip: string, invert: boolean) => {
    const n = ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    const value = (invert ? ~n : n) >>> 0;
    return `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  };
  return `2001:0:${hex(server, false)}:0:0:${hex(client, true)}`;
}

t.test('non-public addresses, plain and embedded in IPv6, are refused', async (t) => {
  const refused = [
    '127.0.0.1',
    '0.0.0.0',
    '::',
    '::1',
    '[::1]',
    '169.254.169.254',
    '100.64.0.1',
    '10.1.2.3',
    '192.168.1.1',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '2001:db8::1',
    '::127.0.0.1', // IPv4-compatible (the review's row 14)
    '::7f00:1',
    '::a00:1',
    '::ffff:127.0.0.1', // IPv4-mapped
    '::ffff:a9fe:a9fe',
    '::ffff:0:7f00:1', // IPv4-translated (SIIT)
    '64:ff9b::7f00:1', // NAT64 well-known prefix
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::7f00:1', // NAT64 local-use prefix, /96 layout
    '64:ff9b:1:0:7f:0:100:0', // the same prefix, /64 layout of 127.0.0.1
    '2002:7f00:1::', // 6to4
    '2002:a00:1::1',
    teredo('93.184.216.34', '127.0.0.1'), // Teredo: loopback client behind a public server
    teredo('93.184.216.34', '192.168.0.10'),
    teredo('127.0.0.1', '93.184.216.34'), // Teredo: loopback server
    'fe80::5efe:808:808', // ISATAP on a link-local prefix
    '2607:f8b0::5efe:a00:1', // ISATAP carrying a private IPv4
  ];
  for (const address of refused) t.equal(verdict(tenantUrls, address), 'non_public', address);
});

t.test('their public counterparts are allowed', async (t) => {
  const allowed = [
    '93.184.216.34',
    '8.8.8.8',
    '2606:2800:220:1:248:1893:25c8:1946',
    '::5db8:d822',
    '::ffff:93.184.216.34',
    '::ffff:0:5db8:d822',
    '64:ff9b::5db8:d822',
    '64:ff9b:1::5db8:d822',
    '2002:5db8:d822::1',
    teredo('93.184.216.34', '8.8.8.8'),
    '2607:f8b0::5efe:808:808',
  ];
  for (const address of allowed) t.equal(verdict(tenantUrls, address), 'allowed', address);
});

t.test("the area's allowlist admits non-public ranges, embedded or not", async (t) => {
  const intranet = new AddressPolicy({ allowedCidrs: ['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8'], egressCidrs: [], refuseNonPublic: true });
  for (const address of ['127.0.0.1', '10.20.30.40', '::ffff:10.0.0.1', 'fd12::1', '93.184.216.34']) {
    t.equal(verdict(intranet, address), 'allowed', address);
  }
  // These carry an allowlisted IPv4 but travel elsewhere (a NAT64 gateway, a relay, the IPv6 route).
  for (const address of ['127.0.0.2', '::1', '0.0.0.0', '169.254.169.254', '::7f00:1', '64:ff9b::a00:1', '2002:a00:1::', teredo('10.0.0.1', '192.168.0.1')]) {
    t.equal(verdict(intranet, address), 'non_public', address);
  }
  t.equal(verdict(intranet, '::127.0.0.1'), 'non_public', 'the dotted IPv4-compatible form is not read as IPv4-mapped');
  const nat64 = new AddressPolicy({ allowedCidrs: ['64:ff9b::a00:0/120'], egressCidrs: [], refuseNonPublic: true });
  t.equal(verdict(nat64, '64:ff9b::a00:1'), 'allowed', 'an embedding form listed as IPv6');
  const mappedEntry = new AddressPolicy({ allowedCidrs: ['::ffff:127.0.0.0/104'], egressCidrs: [], refuseNonPublic: true });
  t.equal(verdict(mappedEntry, '127.0.0.9'), 'allowed', 'an IPv4-mapped range matches the IPv4 addresses');
});

t.test('the egress list refuses everything outside it, allowlisted or public', async (t) => {
  const confined = new AddressPolicy({ allowedCidrs: ['127.0.0.0/8', '10.0.0.0/8'], egressCidrs: ['127.0.0.0/8'], refuseNonPublic: true });
  t.equal(verdict(confined, '127.0.0.1'), 'allowed');
  t.equal(verdict(confined, '::ffff:127.0.0.1'), 'allowed', 'an IPv4-mapped address is its IPv4 on the wire');
  for (const address of ['93.184.216.34', '10.0.0.1', '::1', '2606:2800:220:1::1', '64:ff9b::7f00:1', '2002:7f00:1::', '::7f00:1']) {
    t.equal(verdict(confined, address), 'egress', address);
  }
  const operatorTargets = new AddressPolicy({ allowedCidrs: [], egressCidrs: ['127.0.0.0/8', '::1/128'], refuseNonPublic: false });
  t.equal(verdict(operatorTargets, '127.0.0.1'), 'allowed');
  t.equal(verdict(operatorTargets, '::1'), 'allowed');
  t.equal(verdict(operatorTargets, '192.168.1.5'), 'egress');
  const unconfined = new AddressPolicy({ allowedCidrs: [], egressCidrs: [], refuseNonPublic: false });
  t.equal(verdict(unconfined, '192.168.1.5'), 'allowed', 'operator targets may be private when no egress list is set');
});

t.test('anything that is not an IP address is refused', async (t) => {
  for (const text of ['', 'localhost', '127.1', '0x7f.0.0.1', '1.2.3.4.5', '::g']) t.equal(verdict(tenantUrls, text), 'not_an_address', JSON.stringify(text));
});

t.test('CIDR entries are parsed strictly', async (t) => {
  t.same(parseCidr('10.0.0.0/8')[1], 8);
  t.same(parseCidr('127.0.0.1')[1], 32, 'an address is a /32');
  t.same(parseCidr('fd00::/8')[1], 8);
  t.same(parseCidr('::1')[1], 128);
  t.equal(parseCidr('::ffff:10.0.0.0/104')[0].kind(), 'ipv4');
  t.equal(parseCidr('::10.0.0.0/104')[0].toString(), '::a00:0', 'ipv4-compatible stays IPv6 (ipaddr.js alone would read ::ffff:10.0.0.0)');
  for (const entry of ['010.0.0.0/8', '10.0.0.0/33', '::/129', 'v1.a', '10.0.0.0/8/8', '10.0.0.0/x', 'fe80::1%eth0/64', 'example.com', '']) {
    t.throws(() => parseCidr(entry), { name: 'InvalidCidrError' }, JSON.stringify(entry));
  }
});

t.test('property: an IPv4 and every IPv6 form embedding it get the same verdict', async (t) => {
  const special = fc.constantFrom(0, 10, 100, 127, 169, 172, 192, 198, 203, 224, 240, 255);
  const octets = fc.oneof(fc.tuple(special, fc.nat(255), fc.nat(255), fc.nat(255)), fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)));
  const sameVerdict = fc.property(octets, ([a, b, c, d]) => {
    const ipv4 = `${a}.${b}.${c}.${d}`;
    const high = ((a << 8) | b).toString(16);
    const low = ((c << 8) | d).toString(16);
    const expected = verdict(tenantUrls, ipv4);
    const forms = [`::ffff:${ipv4}`, `::ffff:0:${high}:${low}`, `64:ff9b::${high}:${low}`, `64:ff9b:1::${high}:${low}`, `2002:${high}:${low}::1`];
    // ::/96 minus :: and ::1, which are IPv6's own unspecified and loopback addresses.
    if (a + b + c > 0 || d > 1) forms.push(`::${high}:${low}`);
    return forms.every((form) => verdict(tenantUrls, form) === expected);
  });
  t.doesNotThrow(() => fc.assert(sameVerdict, { seed: 1014, numRuns: 2000 }));
});
