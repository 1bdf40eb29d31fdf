// First run in the browser (issue 32): while the store has no account, /dashboard offers to create
// the first one, guarded by a setup code the server prints at start-up (as Jenkins and Grafana do),
// so that whoever reaches a fresh server's port first cannot take it over.
//
// The code is derived from the server key (HKDF), not stored: every instance sharing a store shares
// the key, so each prints the same code and accepts it, and a restart prints it again. It dies once
// used: the setup writes a marker with a fixed id into platform_meta in the same commit as the
// account, before it (a store without atomic commits stops at the first failed write), and a unique
// id can be inserted once, so two setups racing cannot both create an account, and none is offered
// again even if every account is later deleted. An account made any other way writes the marker
// too (createAccountWithKeys), for the same reason.
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/index.js';
import { derivedKey, META_COLLECTION } from '../secret-box.js';
import { UniqueConstraintError } from '../store/errors.js';
import type { Collection, CollectionDeclarer, Store, WriteOp } from '../store/types.js';
import type { AccountDoc } from './accounts.js';

const MARKER_ID = 'first_run_setup';
/** Crockford's base32: no I, L, O or U to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

interface MarkerDoc {
  used_at: string;
  account: string;
}

/** The setup code: 12 characters (60 bits) in three groups, e.g. `7K3D-QX2M-9FTB`. */
export function setupCode(config: Config): string {
  const bytes = derivedKey(config, 'first-run setup code');
  let bits = 0n;
  for (const byte of bytes.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = 0; i < 12; i++) {
    code += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** How a person may type it: any case, with or without the dashes or spaces; O read as 0, I and L as 1. */
export function normaliseSetupCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export function setupCodeMatches(config: Config, input: string): boolean {
  const expected = Buffer.from(normaliseSetupCode(setupCode(config)));
  const given = Buffer.from(normaliseSetupCode(input));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class FirstRun {
  private readonly markers: Collection<MarkerDoc>;

  constructor(
    declarer: CollectionDeclarer,
    private readonly accounts: Collection<AccountDoc>,
  ) {
    this.markers = declarer.collection<MarkerDoc>(META_COLLECTION);
  }

  /** Whether the first account may still be made here: no account, and no setup done before. */
  async isOpen(): Promise<boolean> {
    if (await this.markers.global().get(MARKER_ID)) return false;
    const anyAccount = await this.accounts.global().list({ limit: 1 });
    return anyAccount.length === 0;
  }

  /** The write that takes the one setup for `account`: committed first, it fails (unique id) for every later setup. */
  claim(account: string, now: Date): WriteOp {
    return this.markers.global().ops.insert({ id: MARKER_ID, used_at: now.toISOString(), account });
  }

  /**
   * Closes the setup after an account made another way (the CLI, the operator API): the marker,
   * unless there is one, so that deleting every account later does not offer the setup again to
   * whoever read the code in an old log.
   */
  async close(store: Pick<Store, 'commit'>, account: string, now: Date): Promise<void> {
    try {
      await store.commit([this.claim(account, now)]);
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
    }
  }
}
