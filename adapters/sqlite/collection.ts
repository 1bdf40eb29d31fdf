// One declared collection in SQLite: a table of JSON documents plus the system columns the
// interface needs (tenant, version, lease). Everything here is synchronous (better-sqlite3);
// the async interface wraps it in store.ts, and commit() runs the same write functions inside
// one transaction.
import type Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { assertDocumentFields, assertFieldPath, binaryValue } from '../../core/store/fields.js';
import {
  StoreUsageError,
  VersionConflictError,
} from '../../core/store/errors.js';
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
import { prepared } from './statements.js';
import { bindValue, compileFilter, compileOrder, fieldExpression, type Bound } from './sql.js';

interface Row {
  id: string;
  account_id: string;
  mode: string;
  version: number;
  doc: string;
  /** The binary field's bytes (selected only when the collection declares one). */
  bin?: Buffer | null;
  attempts?: number;
  lease_until?: number | null;
}


export interface PlannedIndex {
  name: string;
  sql: string;
  fields: string[];
}

export class SqliteCollectionTable implements CollectionEngine {
  readonly table: string;
  /** The columns a record is read from: the bytes column too when the collection has a binary field. */
  private readonly columns: string;
  private readonly indexFields = new Map<string, string[]>();
  private getStatement: Database.Statement | null = null;

  constructor(
    private readonly db: Database.Database,
    readonly definition: CollectionDefinition,
  ) {
    this.table = `c_${definition.name}`;
    this.columns = definition.binary ? 'id, version, doc, bin' : 'id, version, doc';
    for (const index of this.plannedIndexes()) this.indexFields.set(index.name, index.fields);
  }

  private prepare(sql: string): Database.Statement {
    return prepared(this.db, sql);
  }

  fieldsOfIndex = (indexName: string): string[] | undefined => this.indexFields.get(indexName);

  createTableSql(): string {
    return `CREATE TABLE IF NOT EXISTS ${this.table} (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      mode TEXT NOT NULL,
      version INTEGER NOT NULL,
      doc TEXT NOT NULL CHECK (json_valid(doc)),
      attempts INTEGER NOT NULL DEFAULT 0,
      lease_owner TEXT,
      lease_until INTEGER${this.definition.binary ? ',\n      bin BLOB' : ''}
    )`;
  }

  /** A table made before its collection declared a binary field gets the bytes column (ADD COLUMN: no rewrite). */
  addMissingColumns(): void {
    if (!this.definition.binary) return;
    const columns = this.db.prepare(`SELECT name FROM pragma_table_info(?)`).all(this.table) as { name: string }[];
    if (!columns.some((column) => column.name === 'bin')) this.db.exec(`ALTER TABLE ${this.table} ADD COLUMN bin BLOB`);
  }

  /** The record a row holds: its document, id, version, and bytes when it has some. */
  private toRecord = (row: Row): Stored<Record<string, unknown>> => {
    const record = toRecord(row);
    const field = this.definition.binary?.field;
    if (field === undefined) return record;
    if (row.bin) record[field] = row.bin;
    else if (record[field] === null) delete record[field]; // a null stored before the declaration means none, as in MongoDB
    return record;
  };

  /** The FTS5 table behind `searchTerms`, when the collection declares `search`. */
  get searchTable(): string {
    return `s_${this.definition.name}`;
  }

  /**
   * A contentless FTS5 table of the search field's terms, keyed by the record's rowid and kept in
   * step by triggers, so it changes in the same transaction as the record.
   */
  searchTableSql(): string[] {
    const field = this.definition.search?.field;
    if (!field) return [];
    const { table, searchTable } = this;
    const termsOf = (row: string) => `(SELECT group_concat(value, ' ') FROM json_each(${row}.doc, '$.${field}'))`;
    return [
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${searchTable} USING fts5(terms, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER IF NOT EXISTS ${searchTable}_insert AFTER INSERT ON ${table} BEGIN
         INSERT INTO ${searchTable} (rowid, terms) VALUES (new.rowid, ${termsOf('new')});
       END`,
      `CREATE TRIGGER IF NOT EXISTS ${searchTable}_delete AFTER DELETE ON ${table} BEGIN
         DELETE FROM ${searchTable} WHERE rowid = old.rowid;
       END`,
      `CREATE TRIGGER IF NOT EXISTS ${searchTable}_update AFTER UPDATE OF doc ON ${table} BEGIN
         DELETE FROM ${searchTable} WHERE rowid = old.rowid;
         INSERT INTO ${searchTable} (rowid, terms) VALUES (new.rowid, ${termsOf('new')});
       END`,
    ];
  }

  /** Fills a search table created for records that already exist. */
  searchBackfillSql(): string {
    const field = this.definition.search!.field;
    return `INSERT INTO ${this.searchTable} (rowid, terms)
            SELECT rowid, (SELECT group_concat(value, ' ') FROM json_each(doc, '$.${field}')) FROM ${this.table}`;
  }

  /** Index names carry a hash of their definition, so a changed index is a new name. */
  plannedIndexes(): PlannedIndex[] {
    const { name, scope, indexes = [], claims } = this.definition;
    const planned: PlannedIndex[] = [];
    const add = (fields: string[], expressions: string[], unique: boolean, where?: string) => {
      const hash = createHash('sha256')
        .update(JSON.stringify(where ? { expressions, unique, where } : { expressions, unique }))
        .digest('hex')
        .slice(0, 10);
      const indexName = `ix_${name}_${hash}`;
      planned.push({
        name: indexName,
        fields,
        sql: `CREATE ${unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${indexName} ON ${this.table} (${expressions.join(', ')})${where ? ` WHERE ${where}` : ''}`,
      });
    };
    const tenantPrefix = scope === 'tenant' ? ['account_id', 'mode'] : [];
    add(['id'], [...tenantPrefix, 'id'], false);
    for (const index of indexes) {
      const prefix = index.acrossTenants ? [] : tenantPrefix;
      // A partial index: SQLite uses it for a comparison on the field, which implies IS NOT NULL.
      const where = index.sparse ? index.fields.map((field) => `${fieldExpression(field)} IS NOT NULL`).join(' AND ') : undefined;
      add(index.fields, [...prefix, ...index.fields.map(fieldExpression)], Boolean(index.unique), where);
    }
    // claimDue's order (due time, then id) read straight off the index, with no sort of every due
    // row; a leased row is skipped on the index entry's lease_until without reading the row.
    if (claims) add([claims.dueField], [fieldExpression(claims.dueField), 'id', 'lease_until'], false);
    return planned;
  }

  // ---- reads -------------------------------------------------------------------------------

  get(scope: TenantScope | null, id: string): Stored<Record<string, unknown>> | null {
    const tenant = this.tenant(scope);
    // The busiest statement (every keyed request reads its chatbot), held here: no SQL text built
    // and looked up per call. Prepared on first use, as the table exists only after init().
    this.getStatement ??= this.prepare(`SELECT ${this.columns} FROM ${this.table} WHERE id = ? AND account_id = ? AND mode = ?`);
    const row = this.getStatement.get(id, tenant.accountId, tenant.mode) as Row | undefined;
    return row ? this.toRecord(row) : null;
  }

  /** `definition.upgrade`: fills documents stored before its field existed (at init, before indexes). */
  upgradeDocuments(): void {
    const upgrade = this.definition.upgrade;
    if (!upgrade) return;
    assertFieldPath(upgrade.missing);
    // json_type is NULL only where the path is absent (a JSON null is 'null').
    const select = this.prepare(`SELECT ${this.columns} FROM ${this.table} WHERE json_type(doc, '$.${upgrade.missing}') IS NULL AND id > ? ORDER BY id LIMIT 500`);
    const update = this.prepare(`UPDATE ${this.table} SET doc = json_patch(doc, ?) WHERE id = ?`);
    let after = '';
    for (;;) {
      const rows = select.all(after) as Row[];
      for (const row of rows) update.run(JSON.stringify(filledBy(upgrade, this.toRecord(row))), row.id);
      if (rows.length < 500) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  list(scope: TenantScope | null, query: ListQuery): Stored<Record<string, unknown>>[] {
    if (query.sort) assertFieldPath(query.sort.field === 'id' ? 'id' : query.sort.field);
    const where = this.where(scope, query.filter);
    const order = compileOrder(query);
    const conditions = [where.sql, order.keyset].filter(Boolean).join(' AND ');
    const rows = this.prepare(`SELECT ${this.columns} FROM ${this.table} WHERE ${conditions} ORDER BY ${order.orderBy} LIMIT ?`)
      .all(...where.params, ...order.params, query.limit) as Row[];
    return rows.map(this.toRecord);
  }

  count(scope: TenantScope | null, filter?: Filter): number {
    const where = this.where(scope, filter);
    const row = this.prepare(`SELECT COUNT(*) AS n FROM ${this.table} WHERE ${where.sql}`).get(...where.params) as {
      n: number;
    };
    return row.n;
  }

  countBy(scope: TenantScope | null, field: string, filter?: Filter): GroupCount[] {
    assertFieldPath(field);
    const where = this.where(scope, filter);
    const expression = fieldExpression(field);
    // json_type keeps booleans apart from the 1 and 0 that json_extract turns them into.
    const rows = this.prepare(
        `SELECT ${expression} AS value, json_type(doc, '$.${field}') AS type, COUNT(*) AS count
           FROM ${this.table} WHERE ${where.sql} GROUP BY 1, 2`,
      )
      .all(...where.params) as { value: Bound; type: string | null; count: number }[];
    return rows.map((row) => ({
      value: row.type === 'true' ? true : row.type === 'false' ? false : (row.value as Scalar | null),
      count: row.count,
    }));
  }

  /**
   * One FTS5 match per term, labelled with the term, so counts are exact. The scope and filter are
   * a rowid set (SELECT rowid … WHERE …), which a declared expression index answers without
   * parsing documents; documents are parsed only for the rows returned.
   */
  searchTerms(
    scope: TenantScope | null,
    args: { terms: string[]; filter?: Filter; limit: number },
  ): TermSearchResult<Record<string, unknown>> {
    const { sql: where, params: whereParams } = this.where(scope, args.filter);
    const quoted = args.terms.map((term) => `"${term}"`);
    const matches = quoted
      .map((_, i) => `SELECT rowid, ${i} AS term FROM ${this.searchTable} WHERE ${this.searchTable} MATCH ?`)
      .join(' UNION ALL ');
    // MATERIALIZED: otherwise SQLite pushes "rowid IN allowed" into each FTS query, one lookup per row.
    const found = `WITH matched AS MATERIALIZED (${matches}),
                        allowed AS MATERIALIZED (SELECT rowid FROM ${this.table} WHERE ${where}),
                        hit AS (SELECT rowid, term FROM matched WHERE rowid IN allowed)`;
    const frequencies = this.prepare(`${found} SELECT term, COUNT(*) AS n FROM hit GROUP BY term`)
      .all(...quoted, ...whereParams) as Array<{ term: number; n: number }>;
    const rows = this.prepare(
        `${found}, ranked AS (
           SELECT grouped.rowid, grouped.matched, c.id FROM (SELECT rowid, COUNT(*) AS matched FROM hit GROUP BY rowid) AS grouped
             JOIN ${this.table} AS c ON c.rowid = grouped.rowid
            ORDER BY grouped.matched DESC, c.id ASC LIMIT ?)
         SELECT ${this.columns.split(', ').map((column) => `c.${column}`).join(', ')}, ranked.matched FROM ranked JOIN ${this.table} AS c ON c.rowid = ranked.rowid
          ORDER BY ranked.matched DESC, ranked.id ASC`,
      )
      .all(...quoted, ...whereParams, args.limit) as Array<Row & { matched: number }>;
    const documentFrequency: Record<string, number> = Object.assign(Object.create(null), Object.fromEntries(args.terms.map((term) => [term, 0]))); // terms are user words: no prototype
    for (const { term, n } of frequencies) documentFrequency[args.terms[term]!] = n;
    return {
      hits: rows.map((row) => ({ record: this.toRecord(row), matched: row.matched })),
      documentFrequency,
      total: this.count(scope, args.filter),
    };
  }

  findUniqueAcrossTenants(field: string, value: Scalar): { record: Stored<Record<string, unknown>>; scope: TenantScope } | null {
    assertUniqueAcrossTenants(this.definition, field);
    const row = this.prepare(`SELECT account_id, mode, ${this.columns} FROM ${this.table} WHERE ${fieldExpression(field)} = ? LIMIT 1`)
      .get(bindValue(value)) as Row | undefined;
    if (!row) return null;
    return { record: this.toRecord(row), scope: { accountId: row.account_id, mode: row.mode as TenantScope['mode'] } };
  }

  // ---- writes (also used inside commit transactions) ----------------------------------------

  insert(scope: TenantScope | null, doc: Record<string, unknown> & { id: string }): Stored<Record<string, unknown>> {
    const tenant = this.tenant(scope);
    assertDocumentFields(this.definition.name, doc, true);
    if (typeof doc.id !== 'string' || doc.id.length === 0) throw new StoreUsageError('insert needs a string id');
    const bytes = binaryValue(this.definition, doc);
    const { id, ...body } = doc;
    const field = this.definition.binary?.field;
    if (field === undefined) {
      this.prepare(`INSERT INTO ${this.table} (id, account_id, mode, version, doc) VALUES (?, ?, ?, 1, ?)`)
        .run(id, tenant.accountId, tenant.mode, JSON.stringify(body));
      return { ...body, id, version: 1 };
    }
    delete body[field]; // kept in the bytes column, not in the document
    this.prepare(`INSERT INTO ${this.table} (id, account_id, mode, version, doc, bin) VALUES (?, ?, ?, 1, ?, ?)`)
      .run(id, tenant.accountId, tenant.mode, JSON.stringify(body), bytes ?? null);
    return { ...body, ...(bytes ? { [field]: bytes } : {}), id, version: 1 };
  }

  update(
    scope: TenantScope | null,
    id: string,
    changes: Record<string, unknown>,
    ifVersion?: number,
  ): Stored<Record<string, unknown>> | null {
    const { sql, params } = this.updateSql(scope, id, changes, ifVersion);
    const row = this.prepare(`${sql} RETURNING ${this.columns}`).get(...params) as Row | undefined;
    if (row) return this.toRecord(row);
    if (ifVersion !== undefined && this.get(scope, id)) throw new VersionConflictError(this.definition.name, id);
    return null;
  }

  /**
   * `update` without reading the record back, for commit(), which returns nothing: true when it
   * was written. Returning and parsing the document was about a third of an update's cost.
   */
  updateUnread(scope: TenantScope | null, id: string, changes: Record<string, unknown>, ifVersion?: number): boolean {
    const { sql, params } = this.updateSql(scope, id, changes, ifVersion);
    if (this.prepare(sql).run(...params).changes > 0) return true;
    if (ifVersion !== undefined && this.get(scope, id)) throw new VersionConflictError(this.definition.name, id);
    return false;
  }

  private updateSql(scope: TenantScope | null, id: string, changes: Record<string, unknown>, ifVersion: number | undefined): { sql: string; params: Bound[] } {
    const tenant = this.tenant(scope);
    const set = this.compileSet(changes);
    const versionClause = ifVersion === undefined ? '' : ' AND version = ?';
    return {
      sql: `UPDATE ${this.table} SET ${set.sql}, version = version + 1
             WHERE id = ? AND account_id = ? AND mode = ?${versionClause}`,
      params: [...set.params, id, tenant.accountId, tenant.mode, ...(ifVersion === undefined ? [] : [ifVersion])],
    };
  }

  delete(scope: TenantScope | null, id: string, ifVersion?: number): boolean {
    const tenant = this.tenant(scope);
    const versionClause = ifVersion === undefined ? '' : ' AND version = ?';
    const result = this.prepare(`DELETE FROM ${this.table} WHERE id = ? AND account_id = ? AND mode = ?${versionClause}`)
      .run(id, tenant.accountId, tenant.mode, ...(ifVersion === undefined ? [] : [ifVersion]));
    if (result.changes > 0) return true;
    if (ifVersion !== undefined && this.get(scope, id)) throw new VersionConflictError(this.definition.name, id);
    return false;
  }

  deleteMany(scope: TenantScope | null, filter: Filter): number {
    const where = this.where(scope, filter);
    return this.prepare(`DELETE FROM ${this.table} WHERE ${where.sql}`).run(...where.params).changes;
  }

  deleteExpired(args: { field: string; before: Date; limit: number }): number {
    const expression = fieldExpression(args.field);
    return this.prepare(
        `DELETE FROM ${this.table} WHERE rowid IN (
           SELECT rowid FROM ${this.table} WHERE ${expression} < ? ORDER BY ${expression} LIMIT ?)`,
      )
      .run(args.before.toISOString(), args.limit).changes;
  }

  // ---- claims -------------------------------------------------------------------------------

  claimDue(args: { now: Date; owner: string; leaseMs: number; limit: number; filter?: Filter }): ClaimedRecord<
    Record<string, unknown>
  >[] {
    const due = fieldExpression(this.dueField());
    const nowMs = args.now.getTime();
    const leaseUntil = nowMs + args.leaseMs;
    const filter = compileFilter(args.filter);
    // One statement: SQLite runs it under the database write lock, so the pick and the lease are
    // atomic across connections and processes.
    const rows = this.prepare(
        `UPDATE ${this.table} SET lease_owner = ?, lease_until = ?, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM ${this.table}
             WHERE ${due} IS NOT NULL AND ${due} <= ? AND (lease_until IS NULL OR lease_until <= ?)
             ${filter.sql ? `AND ${filter.sql}` : ''}
             ORDER BY ${due}, id LIMIT ?)
          RETURNING account_id, mode, attempts, lease_until, ${this.columns}`,
      )
      .all(args.owner, leaseUntil, args.now.toISOString(), nowMs, ...filter.params, args.limit) as Row[];
    const dueField = this.dueField();
    return rows
      .map((row) => ({
        record: this.toRecord(row),
        scope: row.account_id ? { accountId: row.account_id, mode: row.mode as TenantScope['mode'] } : null,
        attempts: row.attempts ?? 1,
        leaseExpiresAt: new Date(row.lease_until ?? leaseUntil),
      }))
      .sort((a, b) => compareDue(a.record[dueField], b.record[dueField]) || a.record.id.localeCompare(b.record.id));
  }

  completeClaim(args: { id: string; owner: string; now: Date; changes: Record<string, unknown> }): boolean {
    const set = this.compileSet(args.changes);
    const result = this.prepare(
        `UPDATE ${this.table} SET ${set.sql}, version = version + 1, lease_owner = NULL, lease_until = NULL
          WHERE id = ? AND lease_owner = ? AND lease_until > ?`,
      )
      .run(...set.params, args.id, args.owner, args.now.getTime());
    return result.changes > 0;
  }

  /** One transaction: completing a batch costs one commit, not one per record. */
  completeClaims(args: { owner: string; now: Date; completions: Array<{ id: string; changes: Record<string, unknown> }> }): string[] {
    return this.db.transaction(() =>
      args.completions
        .filter(({ id, changes }) => this.completeClaim({ id, owner: args.owner, now: args.now, changes }))
        .map(({ id }) => id),
    )();
  }

  releaseClaim(args: { id: string; owner: string; now: Date }): boolean {
    return (
      this.prepare(
          `UPDATE ${this.table} SET lease_owner = NULL, lease_until = NULL
            WHERE id = ? AND lease_owner = ? AND lease_until > ?`,
        )
        .run(args.id, args.owner, args.now.getTime()).changes > 0
    );
  }

  extendLease(args: { id: string; owner: string; now: Date; leaseMs: number }): boolean {
    const nowMs = args.now.getTime();
    return (
      this.prepare(`UPDATE ${this.table} SET lease_until = ? WHERE id = ? AND lease_owner = ? AND lease_until > ?`)
        .run(nowMs + args.leaseMs, args.id, args.owner, nowMs).changes > 0
    );
  }

  countDue(args: { now: Date; limit: number }): number {
    const due = fieldExpression(this.dueField());
    const row = this.prepare(
        `SELECT COUNT(*) AS n FROM (
           SELECT 1 FROM ${this.table}
            WHERE ${due} IS NOT NULL AND ${due} <= ? AND (lease_until IS NULL OR lease_until <= ?) LIMIT ?)`,
      )
      .get(args.now.toISOString(), args.now.getTime(), args.limit) as { n: number };
    return row.n;
  }

  // ---- helpers ------------------------------------------------------------------------------

  private dueField(): string {
    return dueFieldOf(this.definition);
  }

  private tenant(scope: TenantScope | null): { accountId: string; mode: string } {
    return tenantOf(this.definition, scope);
  }

  private where(scope: TenantScope | null, filter: Filter | undefined): { sql: string; params: Bound[] } {
    const tenant = this.tenant(scope);
    const compiled = compileFilter(filter);
    return {
      sql: ['account_id = ? AND mode = ?', compiled.sql].filter(Boolean).join(' AND '),
      params: [tenant.accountId, tenant.mode, ...compiled.params],
    };
  }

  /** The assignments of an UPDATE for `changes`: the document's fields, and the bytes column for the binary field. */
  private compileSet(changes: Record<string, unknown>): { sql: string; params: Bound[] } {
    assertDocumentFields(this.definition.name, changes, false);
    const bytes = binaryValue(this.definition, changes);
    const binaryField = this.definition.binary?.field;
    const entries = Object.entries(changes).filter(([key, value]) => value !== undefined && key !== binaryField);
    const params: Bound[] = entries.map(([, value]) => JSON.stringify(value));
    let doc = entries.length === 0 ? 'doc' : `json_set(doc, ${entries.map(([key]) => `'$.${key}', json(?)`).join(', ')})`;
    if (bytes === undefined) return { sql: `doc = ${doc}`, params };
    // What the field held before it was declared binary (in the document) goes: the bytes replace it.
    doc = `json_remove(${doc}, '$.${binaryField}')`;
    return { sql: `doc = ${doc}, bin = ?`, params: [...params, bytes] };
  }
}

/**
 * The stored document with its id and version. Set on the parsed object rather than spread into a
 * copy: the same keys in the same order (documents hold neither id nor version), one object less.
 */
function toRecord(row: Row): Stored<Record<string, unknown>> {
  const record = JSON.parse(row.doc) as Record<string, unknown>;
  record.id = row.id;
  record.version = row.version;
  return record as Stored<Record<string, unknown>>;
}

function compareDue(a: unknown, b: unknown): number {
  return String(a).localeCompare(String(b));
}
