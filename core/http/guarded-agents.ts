// HTTP and HTTPS agents that connect only to addresses an AddressPolicy allows. The check sits
// where the address is final: an IP-literal host before any socket is made, and every address a
// host name resolves to before net.connect sees it. So a redirect (a new connection through the
// same agent), DNS rebinding (the check is on this connection's own lookup) and happy eyeballs
// (net tries only addresses our lookup returned) all pass through it, and a refused address is
// never sent a packet.
//
// Our own agents rather than request-filtering-agent: that package judges the address as it
// stands (`::127.0.0.1` is "unicast" to it) and has no notion of a list outside which everything
// is refused, so neither IPv4-embedding IPv6 nor egress confinement can be configured into it.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { AddressPolicy, type AddressPolicyOptions, type RefusalReason } from './address-policy.js';

/** A connection the policy refused. Got keeps `code` on the error it throws. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(
    readonly reason: RefusalReason,
    readonly host: string,
    readonly address: string,
  ) {
    super(`Connecting to ${address}${host === address ? '' : ` (${host})`} is not allowed: ${REASONS[reason]}`);
    this.name = 'AddressRefusedError';
  }
}

const REASONS: Record<RefusalReason, string> = {
  non_public: 'the address is private, loopback, link-local or reserved',
  egress: 'the address is outside the egress allowlist',
  not_an_address: 'not an IP address',
};

/** The refusal behind an error got threw, if any (got wraps it with the same code). */
export function addressRefusal(error: unknown): AddressRefusedError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof AddressRefusedError) return current;
  }
  return null;
}

export interface GuardedAgents {
  http: http.Agent;
  https: https.Agent;
}

/** A pair of agents for got's `agent` option, sharing one policy. */
export function guardedAgents(policy: AddressPolicyOptions, agentOptions: http.AgentOptions = {}): GuardedAgents {
  const judge = new AddressPolicy(policy);
  return { http: new GuardedHttpAgent(judge, agentOptions), https: new GuardedHttpsAgent(judge, agentOptions) };
}

type Callback = (error: Error | null, stream: Duplex) => void;

export class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly policy: AddressPolicy,
    options?: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: Callback): Duplex | null | undefined {
    return guardedConnection(this.policy, options, callback, (checked, done) => super.createConnection(checked, done));
  }
}

export class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly policy: AddressPolicy,
    options?: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions, callback?: Callback): Duplex | null | undefined {
    return guardedConnection(this.policy, options, callback, (checked, done) => super.createConnection(checked, done));
  }
}

function guardedConnection<Options extends http.ClientRequestArgs>(
  policy: AddressPolicy,
  options: Options,
  callback: Callback | undefined,
  connect: (options: Options, callback?: Callback) => Duplex | null | undefined,
): Duplex | null | undefined {
  // A Unix socket has no address to judge; got refuses them unless enabled, and so do we.
  if (options.socketPath) return refusedSocket(new AddressRefusedError('not_an_address', options.socketPath, options.socketPath), callback);
  const host = options.host ?? 'localhost';
  // net.connect skips the lookup exactly when net.isIP says the host is an address.
  if (net.isIP(host) !== 0) {
    const verdict = policy.judge(host);
    if (!verdict.allowed) return refusedSocket(new AddressRefusedError(verdict.reason, host, host), callback);
  }
  return connect({ ...options, lookup: guardedLookup(policy, options.lookup ?? dns.lookup) }, callback);
}

/**
 * Resolves with the given lookup and keeps only the addresses the policy allows; when none is
 * left, fails with the first refusal. Always asks for every address, so each one is judged.
 */
function guardedLookup(policy: AddressPolicy, lookup: LookupFunction | typeof dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    (lookup as LookupFunction)(hostname, { ...options, all: true }, (error, resolved) => {
      if (error) return callback(error, '', 0);
      const addresses = (Array.isArray(resolved) ? resolved : [{ address: resolved, family: 0 }]) as dns.LookupAddress[];
      let refusal: AddressRefusedError | null = null;
      const allowed = addresses.filter(({ address }) => {
        const verdict = policy.judge(address);
        if (!verdict.allowed) refusal ??= new AddressRefusedError(verdict.reason, hostname, address);
        return verdict.allowed;
      });
      if (allowed.length === 0) {
        return callback(refusal ?? Object.assign(new Error(`${hostname} resolved to no address`), { code: 'ENOTFOUND' }), '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, allowed);
      return callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

/** A socket that never connects, handed over as the agent expects, carrying the refusal. */
function refusedSocket(error: AddressRefusedError, callback: Callback | undefined): Duplex {
  const socket = new net.Socket();
  if (callback) callback(error, socket);
  else process.nextTick(() => socket.destroy(error));
  return socket;
}
