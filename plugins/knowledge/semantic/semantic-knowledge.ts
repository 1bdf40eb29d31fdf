// Meaning beside words: a chatbot whose answers use hybrid retrieval has its chunks embedded by an
// embedding model of one of its account's model providers, and each question embedded once (kept
// for a while: the same question is asked again). What a search gets is each chunk's cosine with
// the question; the retriever fuses it with the lexical scores (fusion.ts).
//
// Embedding a knowledge base is a job of the worker role (EmbeddingJobDoc), made due by the first
// question that finds chunks without vectors and when the settings turn hybrid on: one worker
// instance claims it, embeds in batches, each batch retried with back-off, and extends its lease
// batch by batch; a run that fails is due again later (retryAfterFailure, or the provider's
// Retry-After when longer) and given up after a few. It stores what is missing only, under ids
// derived from chunk and model, so a crash resumes where it stopped (another worker claims the job
// when the lease runs out) and writes no duplicate; when it is done, vectors of chunks that are
// gone and of other models are deleted.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import {
  ModelError,
  recordsInPages,
  retryAfterFailure,
  type BackgroundLoop,
  UniqueConstraintError,
  type Collection,
  type CounterStore,
  type Filter,
  type ModelClient,
  type Stored,
  type ResolvedModelProvider,
  type SemanticQuery,
  type TenantModelProviders,
  type TenantScope,
} from '../../../core/index.js';
import type { ChunkDoc } from '../collections.js';
import { embeddingId, embeddingJobId, textsOf, type EmbeddingDoc, type EmbeddingJobDoc } from './embeddings.js';
import type { VectorScanThreads } from './scan-threads.js';
import { medianCosine, packVectors, unpackVectors, MIN_CHUNKS_FOR_BASELINE, PROBES, VectorIndex, type Similarities } from './vectors.js';

/** Chunks read from the store per page, and embedded per request (their texts: a pair has several). */
const PAGE = 200;
const BATCH_CHUNKS = 16;
/** Tries of one batch, and the waits between them. */
const BATCH_RETRIES_MS = [500, 2_000, 8_000];
/** The longest `Retry-After` a run waits for within itself. */
const MAX_RETRY_AFTER_MS = 60_000;
/** A run's lease, extended after every batch: a worker that died leaves its job to another this long. */
const RUN_LEASE_MS = 10 * 60_000;
/** Questions' vectors kept per instance, least recently used dropped. */
const QUERY_CACHE = 2_000;

export interface SemanticDependencies {
  chunks: Collection<ChunkDoc>;
  jobs: Collection<EmbeddingJobDoc>;
  /** Makes the loop that runs due jobs (the platform's: it runs on instances with the worker role). */
  loop: (pass: (signal: AbortSignal) => Promise<number>) => BackgroundLoop;
  /** The store's counters: one per chatbot moves when any instance stores or drops its vectors. */
  counters: Pick<CounterStore, 'increment' | 'get'>;
  /** Memory for vector indexes on this instance; past it the least recently used are dropped. */
  indexMemoryBytes: number;
  /** Threads that share the scans of large vector indexes (none: the serving thread scans alone). */
  scanThreads?: VectorScanThreads;
  embeddings: Collection<EmbeddingDoc>;
  /** Read when used: the model-providers area registers after the knowledge area. */
  providers: () => TenantModelProviders;
  client: ModelClient;
  /** How long a question's embedding may take: the turn then answers lexically. */
  queryTimeoutMs: number;
  logger?: Logger;
  now: () => Date;
  /** Waits between retries (the real clock unless given). */
  sleep?: (ms: number) => Promise<void>;
}

export class SemanticKnowledge {
  private readonly queries = new Map<string, Float32Array>();
  private readonly indexes = new Map<string, { generation: string; index: VectorIndex; covered: number }>();
  private indexBytes = 0;
  private readonly probeVectors = new Map<string, Promise<Float32Array[]>>();
  /**
   * The chatbots, providers and knowledge revisions this instance's questions asked a run for:
   * asking reads the job, so a question asks once per revision of the knowledge, not every time.
   */
  private readonly asked = new Set<string>();
  /** Questions' requests for a run, under way (a question does not wait for its own). */
  private readonly asking = new Set<Promise<unknown>>();
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly loop: BackgroundLoop;
  readonly owner = `embeddings-${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;

  constructor(private readonly deps: SemanticDependencies) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
    this.loop = deps.loop((signal) => this.runDue(signal));
  }

  /** The provider with an embedding model, or a ModelError the turn reports (`chatbot.error`). */
  private async embeddingProvider(tenant: TenantScope, providerId: string): Promise<ResolvedModelProvider & { embedding_model: string }> {
    const provider = await this.deps.providers().resolve(tenant, providerId);
    if (!provider) throw new ModelError('provider_unknown', `No model provider ${providerId} exists (deleted?)`);
    if (!provider.embedding_model) throw new ModelError('provider_unknown', `Model provider ${providerId} names no embedding model`);
    return provider as ResolvedModelProvider & { embedding_model: string };
  }

  /** The question's vector (throws ModelError: the turn then answers lexically). */
  async embedQuery(tenant: TenantScope, providerId: string, text: string): Promise<SemanticQuery> {
    const provider = await this.embeddingProvider(tenant, providerId);
    const modelKey = modelKeyOf(provider);
    const key = `${tenant.accountId}:${tenant.mode}:${modelKey}:${text}`;
    let vector = this.queries.get(key);
    if (vector) {
      this.queries.delete(key); // re-inserted: Map order is the recency order
    } else {
      const [embedded] = await this.deps.client.embed(provider.endpoint, provider.embedding_model, [text], { timeoutMs: this.deps.queryTimeoutMs });
      vector = Float32Array.from(embedded!);
      if (this.queries.size >= QUERY_CACHE) this.queries.delete(this.queries.keys().next().value!);
    }
    this.queries.set(key, vector);
    return { providerId: provider.id, modelKey, vector };
  }

  /**
   * Each embedded chunk's cosine with the question. When some chunk of the knowledge as searched
   * now (`knowledge`: its chunk count, and whether it has a chunk) has no vector, an embedding run
   * starts in the background: new items, and items processed again (their chunks get new ids).
   */
  async similarities(
    tenant: TenantScope,
    chatbotId: string,
    query: SemanticQuery,
    revision: string,
    knowledge: { size: number; has: (chunkId: string) => boolean },
  ): Promise<Similarities> {
    const { index, covered } = await this.indexFor(tenant, chatbotId, query.modelKey, revision, knowledge.has);
    const askKey = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${query.providerId}:${revision}`;
    if (covered < knowledge.size && !this.asked.has(askKey)) {
      if (this.asked.size >= QUERY_CACHE) this.asked.clear();
      this.asked.add(askKey);
      const asking = this.prepare(tenant, chatbotId, query.providerId)
        .catch((error: unknown) => this.deps.logger?.warn({ err: error, chatbot_id: chatbotId }, 'asking for an embedding run failed; the next question asks again'))
        .finally(() => this.asking.delete(asking));
      this.asking.add(asking);
    }
    const similarities = index.similarities(query.vector);
    if (similarities.scores.length >= MIN_CHUNKS_FOR_BASELINE) return similarities;
    try {
      return { ...similarities, baseline: medianCosine(query.vector, await this.probes(tenant, query)) };
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      // Without a baseline a small knowledge base's cosines mean nothing: this question goes by words.
      this.deps.logger?.warn({ err: error, chatbot_id: chatbotId }, 'embedding the baseline sentences failed; the question was matched by words');
      return { chunkIds: [], scores: new Float32Array(0) };
    }
  }

  /** The PROBES embedded by the query's model, once per instance and model (a failure: tried again by the next question). */
  private async probes(tenant: TenantScope, query: SemanticQuery): Promise<Float32Array[]> {
    let probes = this.probeVectors.get(query.modelKey);
    if (!probes) {
      const provider = await this.embeddingProvider(tenant, query.providerId);
      probes = this.deps.client.embed(provider.endpoint, provider.embedding_model, PROBES, { timeoutMs: this.deps.queryTimeoutMs }).then((vectors) => vectors.map((vector) => Float32Array.from(vector)));
      probes.catch(() => this.probeVectors.delete(query.modelKey));
      this.probeVectors.set(query.modelKey, probes);
    }
    return probes;
  }

  /**
   * Makes the chatbot's embedding run due, unless it is due already or backing off after a failure
   * (`force`, when the settings are saved: due now, failures forgotten, a given-up run too), and
   * nudges the worker loop.
   */
  async prepare(tenant: TenantScope, chatbotId: string, providerId: string, options: { force?: boolean } = {}): Promise<void> {
    const now = this.deps.now();
    const jobs = this.deps.jobs.forTenant(tenant);
    const id = embeddingJobId(chatbotId, providerId);
    const job = await jobs.get(id);
    const due = { run_at: now.toISOString(), updated_at: now.toISOString() };
    if (!job) {
      try {
        await jobs.insert({ id, chatbot_id: chatbotId, provider_id: providerId, failures: 0, last_error: null, ...due });
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error; // another instance asked first
      }
    } else if (options.force) {
      await jobs.update(id, { ...due, failures: 0 });
    } else if (job.run_at === null && job.last_error === null) {
      await jobs.update(id, due); // done before; new chunks since
    }
    this.loop.nudge();
  }

  /** Runs the due embedding jobs, after the questions' requests under way (tests; the worker loop runs them by itself). */
  async drain(): Promise<void> {
    await Promise.all([...this.asking]);
    await this.loop.drain();
  }

  /**
   * Nudges the loop on a node-cron expression (jobs API instances made due, leases that ran out),
   * and once now: what fell due while no worker ran.
   */
  startSchedule(expression: string): void {
    this.loop.startSchedule(expression);
    this.loop.nudge();
  }

  /** One due job: claimed, run, and completed (done, or due again later, or given up). */
  private async runDue(signal: AbortSignal): Promise<number> {
    const claims = this.deps.jobs.claims!;
    const claimed = await claims.claimDue({ now: this.deps.now(), owner: this.owner, leaseMs: RUN_LEASE_MS, limit: 1 });
    for (const { record: job, scope } of claimed) {
      const tenant = scope!;
      const extend = () => claims.extendLease({ id: job.id, owner: this.owner, now: this.deps.now(), leaseMs: RUN_LEASE_MS });
      try {
        await this.embedAll(tenant, job.chatbot_id, job.provider_id, { signal, afterBatch: extend });
        await claims.complete({ id: job.id, owner: this.owner, now: this.deps.now(), changes: { run_at: null, failures: 0, last_error: null, updated_at: this.deps.now().toISOString() } });
      } catch (error) {
        if (signal.aborted) {
          await claims.release({ id: job.id, owner: this.owner, now: this.deps.now() }); // the next run resumes
          continue;
        }
        const now = this.deps.now();
        const { failures, retryAt } = retryAfterFailure(now, job.failures);
        const asked = error instanceof ModelError ? (error.retryAfterMs ?? 0) : 0;
        const next = retryAt && new Date(Math.max(retryAt.getTime(), now.getTime() + asked));
        // Owners read it (the embeddings route): a provider's reason as said, not our internals.
        const message = error instanceof ModelError ? error.message : 'The run failed on an internal error (logged)';
        const changes = { run_at: next?.toISOString() ?? null, failures, last_error: { message, retry_after: next?.toISOString() ?? null }, updated_at: now.toISOString() };
        await claims.complete({ id: job.id, owner: this.owner, now, changes });
        this.deps.logger?.warn({ err: error, chatbot_id: job.chatbot_id, provider: job.provider_id, failures }, next ? 'embedding the knowledge failed; it is tried again later' : 'embedding the knowledge failed too often; given up until the settings are saved again');
      }
    }
    return claimed.length;
  }

  /**
   * Embeds what is missing of the chatbot's chunks under the provider's model; then drops what no
   * longer counts. `signal` stops it between batches (what it stored stays); `afterBatch` runs after each.
   */
  async embedAll(tenant: TenantScope, chatbotId: string, providerId: string, options: { signal?: AbortSignal; afterBatch?: () => Promise<unknown> } = {}): Promise<{ embedded: number }> {
    const provider = await this.embeddingProvider(tenant, providerId);
    const modelKey = modelKeyOf(provider);
    const embeddings = this.deps.embeddings.forTenant(tenant);
    const chunks = this.deps.chunks.forTenant(tenant);
    const present = new Set<string>();
    let embedded = 0;
    const embedPage = async (page: Array<Stored<ChunkDoc>>) => {
      if (page.length === 0) return;
      const ids = page.map((chunk) => embeddingId(chunk.id, modelKey));
      const have = new Set((await embeddings.list({ filter: { id: { in: ids } }, limit: ids.length })).map((doc) => doc.chunk_id));
      const missing = page.filter((chunk) => !have.has(chunk.id) && textsOf(chunk).length > 0);
      for (let start = 0; start < missing.length; start += BATCH_CHUNKS) {
        if (options.signal?.aborted) throw new Error('The server is stopping: embedding resumes on the next run');
        embedded += await this.embedBatch(tenant, chatbotId, provider, modelKey, missing.slice(start, start + BATCH_CHUNKS));
        await options.afterBatch?.();
      }
      // Once a page: questions meanwhile use what is stored so far, without reloading per batch.
      if (missing.length > 0) await this.bump(tenant, chatbotId);
    };
    let page: Array<Stored<ChunkDoc>> = [];
    for await (const chunk of recordsInPages(chunks, { chatbot_id: chatbotId }, PAGE)) {
      present.add(chunk.id);
      page.push(chunk);
      if (page.length === PAGE) {
        await embedPage(page);
        page = [];
      }
    }
    await embedPage(page);
    if (embedded > 0) await this.bump(tenant, chatbotId);
    // Another model's vectors (the provider's model changed) and those of chunks that are gone.
    await embeddings.deleteMany({ chatbot_id: chatbotId, model_key: { ne: modelKey } });
    const stale: string[] = [];
    for await (const doc of recordsInPages(embeddings, { chatbot_id: chatbotId, model_key: modelKey }, PAGE)) {
      if (!present.has(doc.chunk_id)) stale.push(doc.id);
    }
    if (stale.length > 0) await embeddings.deleteMany({ id: { in: stale } });
    if (stale.length > 0) await this.bump(tenant, chatbotId);
    return { embedded };
  }

  /** Embeds one batch of chunks (one request, retried) and stores each chunk's vectors; how many it stored. */
  private async embedBatch(tenant: TenantScope, chatbotId: string, provider: ResolvedModelProvider & { embedding_model: string }, modelKey: string, batch: Array<Stored<ChunkDoc>>): Promise<number> {
    const texts = batch.map(textsOf);
    const vectors = await this.withRetries(() => this.deps.client.embed(provider.endpoint, provider.embedding_model, texts.flat()));
    let stored = 0;
    let at = 0;
    for (const [index, chunk] of batch.entries()) {
      const own = vectors.slice(at, at + texts[index]!.length);
      at += own.length;
      try {
        await this.deps.embeddings.forTenant(tenant).insert({
          id: embeddingId(chunk.id, modelKey),
          chatbot_id: chatbotId,
          chunk_id: chunk.id,
          model_key: modelKey,
          ...packVectors(own),
          created_at: this.deps.now().toISOString(),
        });
        stored++;
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error; // another run stored it first
      }
    }
    return stored;
  }

  /** What the embeddings route shows: the model, how many chunks have its vectors, and the run's state. */
  async status(tenant: TenantScope, chatbotId: string, providerId: string | null) {
    const chunks = await this.deps.chunks.forTenant(tenant).count({ chatbot_id: chatbotId });
    const provider = providerId === null ? null : await this.deps.providers().resolve(tenant, providerId);
    const job = providerId === null ? null : await this.deps.jobs.forTenant(tenant).get(embeddingJobId(chatbotId, providerId));
    // Due or under way: a run is wanted now (a job backing off is due later).
    const running = job?.run_at != null && Date.parse(job.run_at) <= this.deps.now().getTime();
    const last_error = job?.last_error ?? null;
    if (!provider?.embedding_model) return { model: null, chunks, embedded: 0, running, last_error };
    const { embedded } = await this.embeddedChunks(tenant, { chatbot_id: chatbotId }, modelKeyOf(provider));
    return { model: provider.embedding_model, chunks, embedded, running, last_error };
  }

  /**
   * How many of the chunks in `filter` (the chatbot's, or one item's) have vectors of the model (not
   * counting vectors of chunks that are gone), and how many chunks there are.
   */
  private async embeddedChunks(tenant: TenantScope, filter: Filter, modelKey: string): Promise<{ embedded: number; chunks: number }> {
    const embeddings = this.deps.embeddings.forTenant(tenant);
    let embedded = 0;
    let chunks = 0;
    let ids: string[] = [];
    const countPage = async () => {
      if (ids.length > 0) embedded += await embeddings.count({ id: { in: ids } });
      ids = [];
    };
    for await (const chunk of recordsInPages(this.deps.chunks.forTenant(tenant), filter, PAGE)) {
      chunks++;
      ids.push(embeddingId(chunk.id, modelKey));
      if (ids.length === PAGE) await countPage();
    }
    await countPage();
    return { embedded, chunks };
  }

  /**
   * Each item's chunks and how many of them have vectors of the provider's embedding model (0 each
   * without a usable provider): what the embeddings route shows per item.
   */
  async itemProgress(tenant: TenantScope, chatbotId: string, providerId: string | null, itemIds: readonly string[]): Promise<Map<string, { chunks: number; embedded: number }>> {
    const provider = providerId === null ? null : await this.deps.providers().resolve(tenant, providerId);
    const progress = new Map<string, { chunks: number; embedded: number }>();
    for (const itemId of itemIds) {
      const filter = { chatbot_id: chatbotId, item_id: itemId };
      if (provider?.embedding_model) progress.set(itemId, await this.embeddedChunks(tenant, filter, modelKeyOf(provider)));
      else progress.set(itemId, { chunks: await this.deps.chunks.forTenant(tenant).count(filter), embedded: 0 });
    }
    return progress;
  }

  /** How many of the chatbot's chunks have vectors of the provider's model, of how many. */
  async progress(tenant: TenantScope, chatbotId: string, providerId: string): Promise<{ embedded: number; chunks: number; model_key: string }> {
    const provider = await this.embeddingProvider(tenant, providerId);
    const modelKey = modelKeyOf(provider);
    const { embedded, chunks } = await this.embeddedChunks(tenant, { chatbot_id: chatbotId }, modelKey);
    return { embedded, chunks, model_key: modelKey };
  }

  private async withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof ModelError) || !error.retriable || attempt >= BATCH_RETRIES_MS.length) throw error;
        // A provider that says how long to wait (429, 503) is waited for, up to a minute; longer: the run fails and backs off.
        if ((error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) throw error;
        await this.sleep(Math.max(BATCH_RETRIES_MS[attempt]!, error.retryAfterMs ?? 0));
      }
    }
  }

  /** Tells every instance that the chatbot's vectors changed: their index of them is read again. */
  private async bump(tenant: TenantScope, chatbotId: string): Promise<void> {
    await this.deps.counters.increment(tenant, embeddingsCounter(chatbotId), NEVER);
  }

  private async indexFor(
    tenant: TenantScope,
    chatbotId: string,
    modelKey: string,
    revision: string,
    has: (chunkId: string) => boolean,
  ): Promise<{ index: VectorIndex; covered: number }> {
    const key = `${tenant.accountId}:${tenant.mode}:${chatbotId}:${modelKey}`;
    const generation = `${revision}:${await this.deps.counters.get(tenant, embeddingsCounter(chatbotId))}`;
    const cached = this.indexes.get(key);
    if (cached && cached.generation === generation) {
      this.indexes.delete(key); // re-inserted: Map order is the recency order
      this.indexes.set(key, cached);
      return cached;
    }
    const entries: Array<{ chunkId: string; vectors: Float32Array[] }> = [];
    for await (const doc of recordsInPages(this.deps.embeddings.forTenant(tenant), { chatbot_id: chatbotId, model_key: modelKey }, PAGE)) {
      entries.push({ chunkId: doc.chunk_id, vectors: unpackVectors(doc) });
    }
    // Vectors of chunks the knowledge no longer has (an item processed again) wait for the next run to drop them.
    const index = VectorIndex.build(entries.filter((entry) => has(entry.chunkId)), { threads: this.deps.scanThreads ?? null });
    const entry = { generation, index, covered: index.chunks };
    if (cached) this.indexBytes -= cached.index.bytes;
    this.indexes.delete(key);
    this.indexes.set(key, entry);
    this.indexBytes += index.bytes;
    for (const [oldest, dropped] of this.indexes) {
      if (this.indexBytes <= this.deps.indexMemoryBytes || oldest === key) break;
      this.indexes.delete(oldest);
      this.indexBytes -= dropped.index.bytes;
    }
    return entry;
  }
}

const NEVER = new Date('9999-12-31T00:00:00.000Z');
const embeddingsCounter = (chatbotId: string) => `knowledge:embeddings:${chatbotId}`;

export const modelKeyOf = (provider: { id: string; embedding_model: string | null }): string => `${provider.id}:${provider.embedding_model}`;
