// Knowledge base routes (docs/ARCHITECTURE.md A4): add, import, list, get, update, delete, refresh, search, export.
import {
  apiError,
  foldForSearch,
  listQuerySchema,
  newId,
  notFound,
  pageSchema,
  paginate,
  tenantOf,
  withTimeFilter,
  type BuiltInPluginApi,
  type ChatbotDirectory,
  type ChatbotSummary,
  type Filter,
  type KnowledgeRetriever,
  type ListParams,
  type PluginRoute,
  type TenantScope,
} from '../../core/index.js';
import { Readable } from 'node:stream';
import type { Request, ResponseToolkit } from '@hapi/hapi';
import Joi from 'joi';
import {
  importInput,
  itemInput,
  itemParams,
  itemPatch,
  itemResponse,
  knowledgeParams,
  passageResponse,
  searchInput,
} from './schemas.js';
import { bumpKnowledgeRevision, ITEM_STATUSES, ITEM_TYPES, presentItem, type Item, type ItemDoc, type KnowledgeCollections } from './collections.js';
import { BINARY_MIME_TYPES, type DocumentFormat } from './text/formats.js';
import { itemChanges } from './item-changes.js';
import type { KnowledgeWorker } from './worker.js';

/** Documents (base64 PDFs included) may be large: 10 MiB here, 1 MiB elsewhere. */
const KNOWLEDGE_BODY_LIMIT = 10 * 1024 * 1024;
const chatbotKey = { platform: { chatbotKey: true } };
const bulk = { platform: { chatbotKey: true, access: 'full' as const } };
/** Archived chatbots are read-only: their knowledge's writes are 409 `chatbot_archived` (chatbotOf). */
const chatbotWrites = { platform: { ...chatbotKey.platform, errors: { 409: ['chatbot_archived'] } } };

export type ItemInput = Record<string, unknown> & { type: ItemDoc['type'] };

/** A new item as it is stored, pending processing: what every way of adding one writes. */
export function newItem(input: ItemInput, chatbot: ChatbotSummary, now: Date): ItemDoc & { id: string } {
  const title = (input.title as string | undefined) ?? (input.type === 'qa' ? (input.question as string) : null);
  const base64 = input.content_base64 as string | undefined;
  return {
    id: newId('doc', now.getTime()),
    chatbot_id: chatbot.id,
    type: input.type,
    title,
    title_folded: foldForSearch(title ?? ''),
    status: 'pending',
    error: null,
    language: chatbot.language,
    metadata: (input.metadata as Record<string, unknown>) ?? {},
    format:
      input.type === 'document'
        ? base64
          ? BINARY_MIME_TYPES[input.mime_type as string]!
          : ((input.format as DocumentFormat | undefined) ?? 'text')
        : null,
    content: input.type === 'document' ? ((input.content as string | undefined) ?? base64 ?? null) : null,
    url: (input.url as string | undefined) ?? null,
    max_pages: input.type === 'url' ? (input.max_pages as number) : null,
    sitemap: input.type === 'url' ? (input.sitemap as boolean) : false,
    refresh_interval: input.type === 'url' ? ((input.refresh_interval as ItemDoc['refresh_interval']) ?? null) : null,
    pages: [],
    question: (input.question as string | undefined) ?? null,
    answer: (input.answer as string | undefined) ?? null,
    alternatives: (input.alternatives as string[] | undefined) ?? [],
    chunk_count: 0,
    char_count: 0,
    process_at: now.toISOString(),
    processed_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
}

export function knowledgeRoutes(
  api: BuiltInPluginApi,
  knowledge: KnowledgeCollections,
  directory: ChatbotDirectory,
  worker: KnowledgeWorker,
  retriever: KnowledgeRetriever,
): PluginRoute[] {
  /** The chatbot of the path, 404 when it is not the caller's; archived ones are read-only. */
  async function chatbotOf(request: Request, options: { writable: boolean }): Promise<ChatbotSummary> {
    const { id } = request.params as { id: string };
    const chatbot = await directory.find(tenantOf(request), id);
    if (!chatbot) throw notFound('chatbot', id);
    if (options.writable && chatbot.status === 'archived') {
      throw apiError(409, 'chatbot_archived', `Chatbot ${id} is archived; restore it to change its knowledge`);
    }
    return chatbot;
  }

  async function itemOf(request: Request, chatbot: ChatbotSummary): Promise<Item> {
    const { docId } = request.params as { docId: string };
    const item = await knowledge.items.forTenant(tenantOf(request)).get(docId);
    if (!item || item.chatbot_id !== chatbot.id) throw notFound('knowledge_item', docId);
    return item;
  }


  /** Removes an item, its chunks with it. */
  async function deleteItem(tenant: TenantScope, item: Item): Promise<void> {
    await api.commit([
      knowledge.items.forTenant(tenant).ops.delete(item.id),
      knowledge.chunks.forTenant(tenant).ops.deleteMany({ item_id: item.id }),
    ]);
    await bumpKnowledgeRevision(api.counters, tenant, item.chatbot_id);
  }

  async function addItem(request: Request, h: ResponseToolkit) {
    const chatbot = await chatbotOf(request, { writable: true });
    const doc = newItem(request.payload as ItemInput, chatbot, api.now());
    await knowledge.items.forTenant(tenantOf(request)).insert(doc);
    worker.nudge();
    return h
      .response(presentItem({ ...doc, version: 1 }))
      .code(201)
      .header('Location', `/api/v1/chatbots/${chatbot.id}/knowledge/${doc.id}`);
  }

  async function importItems(request: Request, h: ResponseToolkit) {
    const chatbot = await chatbotOf(request, { writable: true });
    const now = api.now();
    const docs = (request.payload as { items: ItemInput[] }).items.map((input) => newItem(input, chatbot, now));
    const items = knowledge.items.forTenant(tenantOf(request));
    await api.commit(docs.map((doc) => items.ops.insert(doc)));
    worker.nudge();
    return h.response({ data: docs.map((doc) => presentItem({ ...doc, version: 1 })), count: docs.length }).code(201);
  }

  async function listItems(request: Request) {
    const chatbot = await chatbotOf(request, { writable: false });
    const params = request.query as ListParams & { type?: string; status?: string; q?: string };
    const filter: Filter = { chatbot_id: chatbot.id };
    if (params.type) filter.type = params.type;
    if (params.status) filter.status = params.status;
    if (params.q) filter.title_folded = { contains: foldForSearch(params.q) };
    return paginate(knowledge.items.forTenant(tenantOf(request)), params, {
      filter: withTimeFilter(filter, params),
      present: (item) => presentItem(item),
    });
  }

  async function searchPassages(request: Request) {
    const chatbot = await chatbotOf(request, { writable: false });
    const { query, limit } = request.payload as { query: string; limit: number };
    const passages = await retriever.searchPassages(tenantOf(request), {
      chatbotId: chatbot.id,
      language: chatbot.language,
      query,
      limit,
    });
    return { data: passages };
  }

  async function exportItems(request: Request, h: ResponseToolkit) {
    const chatbot = await chatbotOf(request, { writable: false });
    const items = knowledge.items.forTenant(tenantOf(request));
    async function* lines() {
      let after: { id: string; value: null } | undefined;
      for (;;) {
        const page = await items.list({ filter: { chatbot_id: chatbot.id }, sort: { field: 'id', direction: 'asc' }, limit: 100, after });
        for (const item of page) yield `${JSON.stringify(presentItem(item, { content: true }))}\n`;
        if (page.length < 100) return;
        after = { id: page[page.length - 1]!.id, value: null };
      }
    }
    return h
      .response(Readable.from(lines(), { objectMode: false }))
      .type('application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="knowledge-${chatbot.id}.jsonl"`);
  }

  async function getItem(request: Request) {
    const item = await itemOf(request, await chatbotOf(request, { writable: false }));
    return presentItem(item, { content: (request.query as { include_content: boolean }).include_content });
  }

  async function updateItem(request: Request) {
    const item = await itemOf(request, await chatbotOf(request, { writable: true }));
    const { changes, reprocess } = itemChanges(item, request.payload as Record<string, unknown>, api.now().toISOString());
    const updated = await knowledge.items.forTenant(tenantOf(request)).update(item.id, changes, { ifVersion: item.version });
    if (!updated) throw notFound('knowledge_item', item.id);
    if (reprocess) worker.nudge();
    return presentItem(updated);
  }

  async function removeItem(request: Request) {
    const item = await itemOf(request, await chatbotOf(request, { writable: true }));
    await deleteItem(tenantOf(request), item);
    return { id: item.id, deleted: true };
  }

  async function refreshItem(request: Request, h: ResponseToolkit) {
    const item = await itemOf(request, await chatbotOf(request, { writable: true }));
    if (item.type !== 'url') throw apiError(409, 'conflict', `Only URL items can be refreshed; ${item.id} is a ${item.type}`);
    const now = api.now().toISOString();
    const updated = await knowledge.items
      .forTenant(tenantOf(request))
      .update(item.id, { status: 'pending', error: null, process_at: now, updated_at: now }, { ifVersion: item.version });
    if (!updated) throw notFound('knowledge_item', item.id);
    worker.nudge();
    return h.response(presentItem(updated)).code(202);
  }

  return [
    {
      method: 'POST',
      path: '/chatbots/{id}/knowledge',
      options: {
        description: 'Add a document, a URL or a question-and-answer pair to the knowledge base',
        notes:
          '`type` is `document` (`content` as text, Markdown or HTML with `format`; or `content_base64` with ' +
          '`mime_type` for PDF and DOCX), `url` (fetched in the background; `max_pages` for a same-site crawl, ' +
          '`sitemap`, `refresh_interval` daily or weekly) or `qa` (`question`, `answer`, `alternatives`). ' +
          'The item starts `pending` and becomes `ready` or `failed`, publishing knowledge.ready or knowledge.failed.',
        tags: ['api', 'knowledge'],
        plugins: chatbotWrites,
        payload: { maxBytes: KNOWLEDGE_BODY_LIMIT },
        validate: { params: knowledgeParams, payload: itemInput.required() },
        response: { status: { 201: itemResponse } },
        handler: addItem,
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/knowledge/import',
      options: {
        description: 'Add up to 1,000 items at once',
        notes: 'Every item is checked first: one bad item refuses the whole import (400, with its index in `details`). Needs full API access.',
        tags: ['api', 'knowledge'],
        plugins: { platform: { ...bulk.platform, errors: chatbotWrites.platform.errors } },
        payload: { maxBytes: KNOWLEDGE_BODY_LIMIT },
        validate: { params: knowledgeParams, payload: importInput },
        response: {
          status: { 201: Joi.object({ data: Joi.array().items(itemResponse).required(), count: Joi.number().required() }) },
          // Documented, not checked per response: the items are presentItem's, which every other
          // knowledge route checks, and checking 1,000 of them took a fifth of an import's time.
          sample: 0,
        },
        handler: importItems,
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge',
      options: {
        description: 'List the knowledge base',
        notes: 'Newest first. Filters: `type`, `status`, `q` (part of the title, ignoring case and accents).',
        tags: ['api', 'knowledge'],
        plugins: chatbotKey,
        validate: {
          params: knowledgeParams,
          query: listQuerySchema.keys({
            type: Joi.string().valid(...ITEM_TYPES),
            status: Joi.string().valid(...ITEM_STATUSES),
            q: Joi.string().trim().min(1).max(100),
          }),
        },
        response: { schema: pageSchema(itemResponse).label('KnowledgeItemList') },
        handler: listItems,
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/knowledge/search',
      options: {
        description: 'Search the knowledge base: the ranked passages the chatbot would answer from',
        notes:
          'The query is analysed in the chatbot’s language (stop words, stems, accents; typos, compounds and ' +
          'synonyms match at a discount). Results are ordered by `score` (0 to 1): coverage^0.3 × (0.3 + 0.7 × BM25 share), ' +
          'where coverage is how much of the query the passage holds, each word weighted by how rare it is in the knowledge. ' +
          '`confidence` (0 to 1), coverage^0.7 × (0.75 + 0.25 × BM25 share), is what the answer engine compares to ' +
          '`answer.min_confidence` before quoting. Only ready items are found.',
        tags: ['api', 'knowledge'],
        plugins: { platform: { chatbotKey: true, scope: 'knowledge:read' } }, // a search, sent as POST
        validate: { params: knowledgeParams, payload: searchInput },
        response: { schema: Joi.object({ data: Joi.array().items(passageResponse).required() }).label('KnowledgeSearchResult') },
        handler: searchPassages,
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge/export',
      options: {
        description: 'Export the knowledge base as JSON Lines',
        notes:
          'One item per line, oldest first, document content included (base64 for PDF and DOCX), streamed a ' +
          'page at a time in constant memory. Needs full API access.',
        tags: ['api', 'knowledge'],
        plugins: bulk,
        validate: { params: knowledgeParams, query: Joi.object({ format: Joi.string().valid('jsonl').default('jsonl') }) },
        response: { status: { 200: true } }, // a stream: the shape is one KnowledgeItem per line
        handler: exportItems,
      },
    },
    {
      method: 'GET',
      path: '/chatbots/{id}/knowledge/{docId}',
      options: {
        description: 'Get a knowledge item',
        notes: '`include_content=true` adds a document’s content.',
        tags: ['api', 'knowledge'],
        plugins: chatbotKey,
        validate: { params: itemParams, query: Joi.object({ include_content: Joi.boolean().default(false) }) },
        response: { schema: itemResponse },
        handler: getItem,
      },
    },
    {
      method: 'PATCH',
      path: '/chatbots/{id}/knowledge/{docId}',
      options: {
        description: 'Update a knowledge item',
        notes:
          'Only the fields of the item’s type (409 `conflict` naming the others). A change to its content, URL or crawl settings processes it again ' +
          '(status back to `pending`); title and metadata alone do not.',
        tags: ['api', 'knowledge'],
        plugins: chatbotWrites,
        payload: { maxBytes: KNOWLEDGE_BODY_LIMIT },
        validate: { params: itemParams, payload: itemPatch },
        response: { schema: itemResponse },
        handler: updateItem,
      },
    },
    {
      method: 'DELETE',
      path: '/chatbots/{id}/knowledge/{docId}',
      options: {
        description: 'Delete a knowledge item and its passages',
        tags: ['api', 'knowledge'],
        plugins: chatbotWrites,
        validate: { params: itemParams },
        response: { schema: Joi.object({ id: Joi.string().required(), deleted: Joi.boolean().valid(true).required() }) },
        handler: removeItem,
      },
    },
    {
      method: 'POST',
      path: '/chatbots/{id}/knowledge/{docId}/refresh',
      options: {
        description: 'Fetch a URL item again now',
        notes: 'Only URL items (409 otherwise). Answers 202: the item is `pending` until the background fetch ends.',
        tags: ['api', 'knowledge'],
        plugins: chatbotWrites,
        validate: { params: itemParams, payload: Joi.object({}).allow(null) },
        response: { status: { 202: itemResponse } },
        handler: refreshItem,
      },
    },
  ];
}
