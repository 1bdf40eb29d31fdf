// One declared collection in MongoDB. A stored document holds the record's own fields plus the
// system fields the interface needs, all prefixed with "_" (record fields never are):
//   _id: the record id   _account, _mode: its tenant ("" in global collections)
//   _version: optimistic version   _lease_owner, _lease_until (epoch ms), _attempts: claims
// Nothing here needs transactions, partial or TTL indexes, or $text (FerretDB 1.x has none of them).
// Where the interface promises exclusivity (claims, and versioned writes on servers whose updates
// are not atomic), it rests on unique inserts, the one write that is atomic on every MongoDB-wire
// server; see the claims and versioned-writes sections.
import { createHash } from 'node:crypto';
import { Binary, type Collection as MongoCollection, type Document } from 'mongodb';
import { assertDocumentFields, assertFieldPath, binaryValue } from '../../core/store/fields.js';
import {
  StoreUsageError,
  UniqueConstraintError,
  VersionConflictError,
} from '../../core/store/errors.js';
import { isDuplicateKeyError } from './errors.js';
import type {
  ClaimedRecord,
  CollectionDefinition,
  Filter,
  GroupCount,
  ListQuery,
  Scalar,
  Stored,
  TenantScope,
  TermSearchResult,
} from '../../core/store/types.js';
import { assertUniqueAcrossTenants, dueFieldOf, filledBy, tenantOf, type CollectionEngine } from '../../core/store/handle.js';
import { compileFilter, compileOrder } from './query.js';

type Doc = Record<string, unknown>;

/** Where leases live, shared by every claimable collection; indexed by migration 3. */
export const LEASES_COLLECTION = '_leases';

interface LeaseDoc {
  _id: string;
  collection: string;
  record_id: string;
  generation: number;
  owner: string;
  /** Epoch ms. */
  until: number;
  released: boolean;
}

function leaseId(collection: string, recordId: string, generation: number): string {
  return `${collection}|${recordId}|${generation}`;
}

/** Where a versioned write claims the version it changes, when the server needs it (ServerTraits); _id only. */
export const VERSION_CLAIMS_COLLECTION = '_version_claims';

/**
 * How long a version claim holds. A write takes milliseconds; a claim left by a process that stopped
 * between its claim and its write blocks writes from that version (409s, retried) until then.
 */
export const VERSION_CLAIM_MS = 15_000;

interface VersionClaimDoc {
  _id: string;
  /** Epoch ms. */
  until: number;
}

/** What the server is, learned at connect and shared by the store's collections. */
export interface ServerTraits {
  /**
   * Whether versioned writes must first win a claim: true on servers whose update reads, modifies
   * and writes back by _id (FerretDB 1.x), where two writers holding one version both landed.
   */
  versionClaims: boolean;
}

const SYSTEM_FIELDS = ['_id', '_account', '_mode', '_version', '_lease_owner', '_lease_until', '_attempts'];

export interface PlannedIndex {
  name: string;
  key: Document;
  unique: boolean;
  fields: string[];
}

export class MongoCollectionTable implements CollectionEngine {
  private readonly indexFields = new Map<string, string[]>();

  constructor(
    readonly collection: MongoCollection<Document>,
    readonly definition: CollectionDefinition,
    private readonly server: ServerTraits,
  ) {
    for (const index of this.plannedIndexes()) this.indexFields.set(index.name, index.fields);
  }

  fieldsOfIndex = (indexName: string): string[] | undefined => this.indexFields.get(indexName);

  /** Index names carry a hash of their definition, so a changed index is a new name. */
  plannedIndexes(): PlannedIndex[] {
    const { name, scope, indexes = [], claims, search } = this.definition;
    const planned: PlannedIndex[] = [];
    const add = (fields: string[], key: Document, unique: boolean) => {
      const hash = createHash('sha256').update(JSON.stringify({ key, unique })).digest('hex').slice(0, 10);
      planned.push({ name: `ix_${name}_${hash}`, key, unique, fields });
    };
    const tenantPrefix: Document = scope === 'tenant' ? { _account: 1, _mode: 1 } : {};
    // Global collections list by the built-in _id index; a second {_id: 1} index is refused.
    if (scope === 'tenant') add(['id'], { ...tenantPrefix, _id: 1 }, false);
    for (const index of indexes) {
      const key: Document = index.acrossTenants ? {} : { ...tenantPrefix };
      for (const field of index.fields) key[field] = 1;
      add(index.fields, key, Boolean(index.unique));
    }
    // claimDue's sort (due time, then _id) served by the index rather than in memory; a leased
    // record is skipped on the index key's _lease_until.
    if (claims) add([claims.dueField], { [claims.dueField]: 1, _id: 1, _lease_until: 1 }, false);
    // A multikey index over the term array: the portable stand-in for a text index.
    if (search) add([search.field], { ...tenantPrefix, [search.field]: 1 }, false);
    return planned;
  }

  // ---- reads -------------------------------------------------------------------------------

  /** `definition.upgrade`: fills documents stored before its field existed (at init, before indexes). */
  async upgradeDocuments(): Promise<void> {
    const upgrade = this.definition.upgrade;
    if (!upgrade) return;
    assertFieldPath(upgrade.missing);
    for (;;) {
      const batch = await this.collection.find({ [upgrade.missing]: { $exists: false } }).limit(500).toArray();
      for (const document of batch) await this.collection.updateOne({ _id: document._id }, { $set: filledBy(upgrade, this.record(document)!) });
      if (batch.length < 500) return;
    }
  }

  async get(scope: TenantScope | null, id: string): Promise<Stored<Doc> | null> {
    return this.record(await this.collection.findOne({ _id: id as never, ...this.tenantQuery(scope) }));
  }

  async list(scope: TenantScope | null, query: ListQuery): Promise<Stored<Doc>[]> {
    if (query.sort && query.sort.field !== 'id') assertFieldPath(query.sort.field);
    const { sort, keyset } = compileOrder(query);
    const filter = this.where(scope, query.filter);
    const documents = await this.collection
      .find(keyset ? { $and: [filter, keyset] } : filter)
      .sort(sort)
      .limit(query.limit)
      .toArray();
    return documents.map((document) => this.record(document)!);
  }

  async count(scope: TenantScope | null, filter?: Filter): Promise<number> {
    return this.collection.countDocuments(this.where(scope, filter));
  }

  async countBy(scope: TenantScope | null, field: string, filter?: Filter): Promise<GroupCount[]> {
    assertFieldPath(field);
    const groups = await this.collection
      .aggregate<{ _id: Scalar | null; count: number }>([
        { $match: this.where(scope, filter) },
        { $group: { _id: `$${field}`, count: { $sum: 1 } } },
      ])
      .toArray();
    return groups.map((group) => ({ value: group._id ?? null, count: group.count }));
  }

  /**
   * Unwinding each candidate's terms and keeping the query's gives each record its matched count;
   * FerretDB 1.x lacks $setIntersection and $size, so this is the portable way.
   */
  async searchTerms(
    scope: TenantScope | null,
    args: { terms: string[]; filter?: Filter; limit: number },
  ): Promise<TermSearchResult<Doc>> {
    const field = this.definition.search!.field;
    const inScope = this.where(scope, args.filter);
    const ranked = await this.collection
      .aggregate<{ _id: string; matched: number }>([
        { $match: { ...inScope, [field]: { $in: args.terms } } },
        { $project: { [field]: 1 } },
        { $unwind: `$${field}` },
        { $match: { [field]: { $in: args.terms } } },
        { $group: { _id: '$_id', matched: { $sum: 1 } } },
        { $sort: { matched: -1, _id: 1 } },
        { $limit: args.limit },
      ])
      .toArray();
    const documents = await this.collection.find({ _id: { $in: ranked.map((hit) => hit._id) as never[] } }).toArray();
    const byId = new Map(documents.map((document) => [String(document._id), document]));
    const documentFrequency: Record<string, number> = Object.create(null); // terms are user words: no prototype
    for (const term of args.terms) documentFrequency[term] = await this.collection.countDocuments({ ...inScope, [field]: term });
    return {
      hits: ranked
        .filter((hit) => byId.has(hit._id))
        .map((hit) => ({ record: this.record(byId.get(hit._id)!)!, matched: hit.matched })),
      documentFrequency,
      total: await this.count(scope, args.filter),
    };
  }

  async findUniqueAcrossTenants(field: string, value: Scalar): Promise<{ record: Stored<Doc>; scope: TenantScope } | null> {
    assertUniqueAcrossTenants(this.definition, field);
    const document = await this.collection.findOne({ [field]: value });
    if (!document) return null;
    return {
      record: this.record(document)!,
      scope: { accountId: document._account as string, mode: document._mode as TenantScope['mode'] },
    };
  }

  // ---- writes ------------------------------------------------------------------------------

  async insert(scope: TenantScope | null, doc: Doc & { id: string }): Promise<Stored<Doc>> {
    assertDocumentFields(this.definition.name, doc, true);
    if (typeof doc.id !== 'string' || doc.id.length === 0) throw new StoreUsageError('insert needs a string id');
    const bytes = binaryValue(this.definition, doc);
    const { id, ...body } = doc;
    if (bytes !== undefined) delete body[this.definition.binary!.field];
    if (bytes) body[this.definition.binary!.field] = bytes;
    const tenant = this.tenant(scope);
    const document: Document = {
      ...body,
      _id: id,
      _account: tenant.accountId,
      _mode: tenant.mode,
      _version: 1,
      _attempts: 0,
      _lease_owner: null,
      _lease_until: null,
    };
    try {
      await this.collection.insertOne(document);
    } catch (error) {
      throw await this.explainDuplicate(error, document, null);
    }
    return { ...body, id, version: 1 };
  }

  async update(scope: TenantScope | null, id: string, changes: Doc, ifVersion?: number): Promise<Stored<Doc> | null> {
    const set = this.setOf(changes);
    const query: Document = { _id: id, ...this.tenantQuery(scope) };
    if (ifVersion !== undefined) query._version = ifVersion;
    let updated: Document | null;
    try {
      updated = await this.withVersionClaim(
        id,
        ifVersion,
        () => this.collection.findOneAndUpdate(query, { ...(Object.keys(set).length ? { $set: set } : {}), $inc: { _version: 1 } }, { returnDocument: 'after' }),
        (document) => document !== null,
      );
    } catch (error) {
      if (error instanceof VersionConflictError) throw error;
      const current = await this.collection.findOne({ _id: id as never });
      throw await this.explainDuplicate(error, { ...current, ...set }, id);
    }
    if (updated) return this.record(updated);
    if (ifVersion !== undefined && (await this.get(scope, id))) throw new VersionConflictError(this.definition.name, id);
    return null;
  }

  async delete(scope: TenantScope | null, id: string, ifVersion?: number): Promise<boolean> {
    const query: Document = { _id: id, ...this.tenantQuery(scope) };
    if (ifVersion !== undefined) query._version = ifVersion;
    const result = await this.withVersionClaim(id, ifVersion, () => this.collection.deleteOne(query), (deleted) => deleted.deletedCount > 0);
    if (result.deletedCount > 0) return true;
    if (ifVersion !== undefined && (await this.get(scope, id))) throw new VersionConflictError(this.definition.name, id);
    return false;
  }

  async deleteMany(scope: TenantScope | null, filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(this.where(scope, filter))).deletedCount;
  }

  async deleteExpired(args: { field: string; before: Date; limit: number }): Promise<number> {
    const expired = await this.collection
      .find({ [args.field]: { $lt: args.before.toISOString() } }, { projection: { _id: 1 } })
      .sort({ [args.field]: 1 })
      .limit(args.limit)
      .toArray();
    if (expired.length === 0) return 0;
    return (await this.collection.deleteMany({ _id: { $in: expired.map((document) => document._id) } })).deletedCount;
  }

  // ---- claims -------------------------------------------------------------------------------
  //
  // Updates are not atomic on every MongoDB-wire server (FerretDB 1.x reads, modifies and writes
  // back by _id), but an insert against the unique _id is. So a lease is a document in _leases
  // whose _id is (collection, record, generation): claiming inserts the next generation, and the
  // unique _id lets exactly one claimer win it. A generation is only tried once the one before it
  // is released or has expired. The record keeps a hint of its latest generation and lease, so
  // claimers skip leased records without reading _leases.

  async claimDue(args: { now: Date; owner: string; leaseMs: number; limit: number; filter?: Filter }): Promise<
    ClaimedRecord<Doc>[]
  > {
    const dueField = this.dueField();
    const nowMs = args.now.getTime();
    const leaseUntil = nowMs + args.leaseMs;
    const dueQuery: Document = {
      ...compileFilter(args.filter),
      [dueField]: { $lte: args.now.toISOString() }, // a null or missing due time never matches
      $or: [{ _lease_until: null }, { _lease_until: { $lte: nowMs } }],
    };
    // Read a few more than asked for: some may be won by another worker meanwhile.
    const candidates = await this.collection
      .find(dueQuery)
      .sort({ [dueField]: 1, _id: 1 })
      .limit(args.limit * 2 + 5)
      .toArray();
    const claimed: ClaimedRecord<Doc>[] = [];
    for (const candidate of candidates) {
      if (claimed.length >= args.limit) break;
      const id = String(candidate._id);
      const generation = await this.acquireLease(id, Number(candidate._attempts ?? 0), args.owner, nowMs, leaseUntil);
      if (generation === null) continue;
      await this.collection.updateOne(
        { _id: id as never },
        { $set: { _attempts: generation, _lease_owner: args.owner, _lease_until: leaseUntil } },
      );
      // Re-read after winning: a worker that finished the record just before may have made it not due.
      const current = await this.collection.findOne({ _id: id as never });
      const due = current?.[dueField];
      if (!current || typeof due !== 'string' || due > args.now.toISOString()) {
        await this.releaseClaim({ id, owner: args.owner, now: args.now });
        continue;
      }
      claimed.push({
        record: this.record(current)!,
        scope: current._account ? { accountId: current._account as string, mode: current._mode as TenantScope['mode'] } : null,
        attempts: generation,
        leaseExpiresAt: new Date(leaseUntil),
      });
    }
    return claimed;
  }

  /** Wins the next lease generation of a record, or returns null when someone holds a live one. */
  private async acquireLease(recordId: string, hint: number, owner: string, nowMs: number, until: number) {
    const leases = this.leases();
    for (let generation = hint + 1; generation <= hint + 1000; generation++) {
      try {
        await leases.insertOne({
          _id: leaseId(this.definition.name, recordId, generation),
          collection: this.definition.name,
          record_id: recordId,
          generation,
          owner,
          until,
          released: false,
        });
        return generation;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const taken = await leases.findOne({ _id: leaseId(this.definition.name, recordId, generation) });
        if (taken && !taken.released && Number(taken.until) > nowMs) return null; // a live lease
      }
    }
    return null;
  }

  /** The record's newest lease, if `owner` holds it and it is live. */
  private async liveLeaseOf(id: string, owner: string, nowMs: number): Promise<LeaseDoc | null> {
    const [latest] = await this.leases()
      .find({ collection: this.definition.name, record_id: id })
      .sort({ generation: -1 })
      .limit(1)
      .toArray();
    if (!latest || latest.owner !== owner || latest.released || Number(latest.until) <= nowMs) return null;
    return latest;
  }

  async completeClaim(args: { id: string; owner: string; now: Date; changes: Doc }): Promise<boolean> {
    const lease = await this.liveLeaseOf(args.id, args.owner, args.now.getTime());
    if (!lease) return false;
    // The record first, then the lease: whoever sees the lease released also sees the record done.
    await this.collection.updateOne(
      { _id: args.id as never },
      { $set: { ...this.setOf(args.changes), _lease_owner: null, _lease_until: null }, $inc: { _version: 1 } },
    );
    await this.leases().updateOne({ _id: lease._id }, { $set: { released: true } });
    return true;
  }

  /** One by one: each completion checks its own lease (no transactions here). */
  async completeClaims(args: { owner: string; now: Date; completions: Array<{ id: string; changes: Doc }> }): Promise<string[]> {
    const completed: string[] = [];
    for (const { id, changes } of args.completions) {
      if (await this.completeClaim({ id, owner: args.owner, now: args.now, changes })) completed.push(id);
    }
    return completed;
  }

  async releaseClaim(args: { id: string; owner: string; now: Date }): Promise<boolean> {
    const lease = await this.liveLeaseOf(args.id, args.owner, args.now.getTime());
    if (!lease) return false;
    await this.collection.updateOne({ _id: args.id as never }, { $set: { _lease_owner: null, _lease_until: null } });
    await this.leases().updateOne({ _id: lease._id }, { $set: { released: true } });
    return true;
  }

  async extendLease(args: { id: string; owner: string; now: Date; leaseMs: number }): Promise<boolean> {
    const lease = await this.liveLeaseOf(args.id, args.owner, args.now.getTime());
    if (!lease) return false;
    const until = args.now.getTime() + args.leaseMs;
    await this.leases().updateOne({ _id: lease._id }, { $set: { until } });
    await this.collection.updateOne({ _id: args.id as never }, { $set: { _lease_until: until } });
    // A claimer may have taken the next generation just as the old lease ran out.
    return (await this.liveLeaseOf(args.id, args.owner, args.now.getTime())) !== null;
  }

  /** claimDue's candidate query, counted: the record's lease hint is what claimers skip by too. */
  async countDue(args: { now: Date; limit: number }): Promise<number> {
    return this.collection.countDocuments(
      { [this.dueField()]: { $lte: args.now.toISOString() }, $or: [{ _lease_until: null }, { _lease_until: { $lte: args.now.getTime() } }] },
      { limit: args.limit },
    );
  }

  private leases(): MongoCollection<LeaseDoc> {
    return this.collection.db.collection<LeaseDoc>(LEASES_COLLECTION);
  }

  // ---- versioned writes ---------------------------------------------------------------------
  //
  // On a server whose update reads, modifies and writes back by _id (FerretDB 1.x: of four writers
  // holding one version, two or more landed in 48 rounds of 50), the version in the filter does not
  // make the write conditional. There a versioned write first inserts a claim whose _id is
  // (collection, record, version): the unique _id lets one writer from a version through, and the
  // others fail as stale writers do. The claim is deleted once the write is done; a later writer
  // from the same version then fails on the filter, since the record has moved on. Unversioned
  // writes take no claim (last write wins, as it does everywhere; on such a server one may still
  // overwrite a versioned write made at the same instant).

  /**
   * Runs a versioned write under a claim of its version. `landed` tells a write that landed: its
   * claim is then deleted without waiting (any writer from that version is stale and fails on the
   * filter meanwhile, so the claim only has to go eventually), a round trip off every write.
   * Otherwise the claim is deleted before returning, so a writer retrying from that version finds
   * it gone.
   */
  private async withVersionClaim<R>(recordId: string, version: number | undefined, write: () => Promise<R>, landed: (result: R) => boolean): Promise<R> {
    if (version === undefined || !this.server.versionClaims) return write();
    const claims = this.collection.db.collection<VersionClaimDoc>(VERSION_CLAIMS_COLLECTION);
    const claimId = `${this.definition.name}|${recordId}|${version}`;
    await this.claimVersion(claims, claimId, recordId);
    const release = () => claims.deleteOne({ _id: claimId }).catch(() => undefined); // else it lapses after VERSION_CLAIM_MS
    let result: R;
    try {
      result = await write();
    } catch (error) {
      await release();
      throw error;
    }
    if (landed(result)) void release();
    else await release();
    return result;
  }

  /** Wins the claim, or throws VersionConflictError while another writer holds it. */
  private async claimVersion(claims: MongoCollection<VersionClaimDoc>, claimId: string, recordId: string): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = Date.now();
      try {
        await claims.insertOne({ _id: claimId, until: now + VERSION_CLAIM_MS });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const held = await claims.findOne({ _id: claimId });
        if (held && held.until > now) break;
        // Left by a writer that stopped between its claim and its write: taken over, once.
        if (held) await claims.deleteOne({ _id: claimId, until: held.until });
      }
    }
    throw new VersionConflictError(this.definition.name, recordId);
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * Turns a duplicate-key error into a UniqueConstraintError naming the fields. MongoDB names the
   * index in its message; FerretDB does not, so then the unique indexes are probed for the record
   * that holds the same values (a read on this rare path only).
   */
  private async explainDuplicate(error: unknown, candidate: Document, ownId: string | null): Promise<Error> {
    if (!isDuplicateKeyError(error)) return error as Error;
    const named = /index: (\S+)/.exec((error as Error).message)?.[1];
    if (named) return new UniqueConstraintError(this.definition.name, named === '_id_' ? ['id'] : this.fieldsOfIndex(named) ?? ['id'], { cause: error });
    if (ownId === null && (await this.collection.findOne({ _id: candidate._id }))) {
      return new UniqueConstraintError(this.definition.name, ['id'], { cause: error });
    }
    for (const index of this.plannedIndexes().filter((planned) => planned.unique)) {
      const query: Document = Object.fromEntries(Object.keys(index.key).map((field) => [field, candidate[field] ?? null]));
      if (ownId !== null) query._id = { $ne: ownId };
      if (await this.collection.findOne(query)) {
        return new UniqueConstraintError(this.definition.name, index.fields, { cause: error });
      }
    }
    return new UniqueConstraintError(this.definition.name, ['id'], { cause: error });
  }

  private dueField(): string {
    return dueFieldOf(this.definition);
  }

  private tenant(scope: TenantScope | null): { accountId: string; mode: string } {
    return tenantOf(this.definition, scope);
  }

  private tenantQuery(scope: TenantScope | null): Document {
    const tenant = this.tenant(scope);
    return { _account: tenant.accountId, _mode: tenant.mode };
  }

  private where(scope: TenantScope | null, filter: Filter | undefined): Document {
    return { ...compileFilter(filter), ...this.tenantQuery(scope) };
  }

  /** The record a stored document holds (its bytes as a Buffer). */
  private record(document: Document | null): Stored<Doc> | null {
    return toRecord(document, this.definition.binary?.field);
  }

  private setOf(changes: Doc): Doc {
    assertDocumentFields(this.definition.name, changes, false);
    binaryValue(this.definition, changes);
    return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  }
}

function toRecord(document: Document | null, binaryField: string | undefined): Stored<Doc> | null {
  if (!document) return null;
  const record: Doc = { id: document._id, version: document._version };
  for (const [key, value] of Object.entries(document)) {
    if (SYSTEM_FIELDS.includes(key)) continue;
    if (key === binaryField && value === null) continue; // a null stored by an update means none, as in SQLite
    // BinData comes back as a Binary (another value there was stored before the field was declared binary).
    record[key] = key === binaryField && value instanceof Binary ? Buffer.from(value.value()) : value;
  }
  return record as Stored<Doc>;
}

