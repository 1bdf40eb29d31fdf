// Files in conversations (images and PDFs, the visitor's and the agents'): what a file is (read from
// its bytes, never from its name or the type it was sent with), what the account's plan allows, and
// how the bytes are kept: in chunks of a binary field, through the repository interface, so that
// SQLite and MongoDB keep them alike and no document nears MongoDB's 16 MB (docs/API-DECISIONS.md,
// "Attachments").
import { createHash } from 'node:crypto';
import {
  apiError,
  newId,
  type AttachmentAllowance,
  type AttachmentKind,
  type Collection,
  type CollectionDeclarer,
  type Stored,
  type TenantScope,
  type WriteOp,
} from '../../core/index.js';

/** What a message says of its file (the bytes are read through the attachment's own route). */
export interface MessageAttachment {
  id: string;
  name: string;
  content_type: AttachmentType;
  size: number;
}

export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface AttachmentDoc extends MessageAttachment {
  chatbot_id: string;
  conversation_id: string;
  message_id: string;
  /** sha256 of the bytes, hex: what an operator compares a download with. */
  sha256: string;
  chunk_count: number;
  created_at: string;
}

/** A piece of an attachment's bytes; the record's id is `<attachment id>_<index>`. */
export interface AttachmentChunkDoc {
  chatbot_id: string;
  conversation_id: string;
  attachment_id: string;
  index: number;
  bytes: Uint8Array;
}

export interface AttachmentCollections {
  attachments: Collection<AttachmentDoc>;
  chunks: Collection<AttachmentChunkDoc>;
}

/**
 * 1 MiB, measured (bench/attachments.ts, bench/RESULTS.md): on SQLite a 10 MB file writes and reads
 * in about the same time cut in 64 KiB to 1 MiB (4 MiB a little faster); through FerretDB (MongoDB's wire protocol) it writes
 * about a quarter faster in 1 MiB chunks than in GridFS's 255 KiB, and no faster in 4 MiB ones. A
 * chunk stays far below a document's 16 MB; a 25 MB file is 25 records.
 */
export const ATTACHMENT_CHUNK_BYTES = 1024 * 1024;

/** Files one conversation may hold: bounds what one visitor's token can make the store keep. */
export const MAX_ATTACHMENTS_PER_CONVERSATION = 20;

export function declareAttachments(store: CollectionDeclarer): AttachmentCollections {
  return {
    attachments: store.collection<AttachmentDoc>({
      name: 'conversation_attachments',
      scope: 'tenant',
      indexes: [{ fields: ['conversation_id'] }, { fields: ['chatbot_id'] }],
    }),
    chunks: store.collection<AttachmentChunkDoc>({
      name: 'conversation_attachment_chunks',
      scope: 'tenant',
      indexes: [{ fields: ['attachment_id'] }, { fields: ['conversation_id'] }, { fields: ['chatbot_id'] }],
      binary: { field: 'bytes' },
    }),
  };
}

/**
 * The file's type from its first bytes (the signatures of the WHATWG MIME Sniffing standard for the
 * types we take), or null for anything else: an HTML page named `.png` is refused here.
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const startsWith = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(ascii('GIF87a')) || startsWith(ascii('GIF89a'))) return 'image/gif';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBPVP'), 8)) return 'image/webp';
  if (startsWith(ascii('%PDF-'))) return 'application/pdf';
  return null;
}

export function kindOf(type: AttachmentType): AttachmentKind {
  return type === 'application/pdf' ? 'pdf' : 'image';
}

/**
 * The name kept and shown: the last part of a path, without control characters, direction marks,
 * quotes or angle brackets, well formed (a lone surrogate of a hostile name becomes U+FFFD: it would
 * break the header that names the file), at most 100 characters (code points, so no emoji is cut
 * in half) and the extension of what the bytes are (`invoice.html` that is a PNG is kept as
 * `invoice.html.png`).
 */
export function attachmentName(given: string, type: AttachmentType): string {
  const extension = EXTENSIONS[type];
  const cleaned = given
    .split(/[/\\]/)
    .pop()!
    .replace(LONE_SURROGATE, '\ufffd')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>]/g, '')
    .trim();
  const base = Array.from(cleaned).slice(0, 100).join('').trim() || 'file';
  const ext = base.toLowerCase().split('.').pop();
  const same = ext === extension || (extension === 'jpg' && ext === 'jpeg');
  return same ? base : `${base}.${extension}`;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The checks of a new file: a type the bytes prove and the plan allows, within the plan's size. */
export function acceptFile(bytes: Buffer, allowance: AttachmentAllowance): AttachmentType {
  if (allowance.kinds.length === 0) throw apiError(403, 'attachments_not_allowed', 'This account’s plan does not take attachments');
  if (bytes.length > allowance.max_bytes) {
    throw apiError(413, 'attachment_too_large', `The file has ${bytes.length} bytes; this plan takes files up to ${allowance.max_bytes} bytes`);
  }
  const type = sniffAttachmentType(bytes);
  const allowed = allowance.kinds.map((kind) => (kind === 'pdf' ? 'a PDF' : 'an image (PNG, JPEG, GIF or WebP)')).join(' or ');
  if (!type || !allowance.kinds.includes(kindOf(type))) {
    throw apiError(415, 'unsupported_attachment_type', `The file’s bytes are not ${allowed}: the type is read from the bytes, not the name`);
  }
  return type;
}

/** The new attachment's record and its chunks' writes (the record itself is written with its message). */
export function storeFile(
  collections: AttachmentCollections,
  tenant: TenantScope,
  file: { chatbotId: string; conversationId: string; messageId: string; name: string; type: AttachmentType; bytes: Buffer; at: Date },
): { attachment: AttachmentDoc & { id: string }; chunkWrites: WriteOp[] } {
  const id = newId('att', file.at.getTime());
  const chunks = collections.chunks.forTenant(tenant);
  const chunkWrites: WriteOp[] = [];
  for (let index = 0; index * ATTACHMENT_CHUNK_BYTES < file.bytes.length; index++) {
    const bytes = file.bytes.subarray(index * ATTACHMENT_CHUNK_BYTES, (index + 1) * ATTACHMENT_CHUNK_BYTES);
    chunkWrites.push(chunks.ops.insert({ id: `${id}_${index}`, chatbot_id: file.chatbotId, conversation_id: file.conversationId, attachment_id: id, index, bytes }));
  }
  const attachment = {
    id,
    chatbot_id: file.chatbotId,
    conversation_id: file.conversationId,
    message_id: file.messageId,
    name: attachmentName(file.name, file.type),
    content_type: file.type,
    size: file.bytes.length,
    sha256: createHash('sha256').update(file.bytes).digest('hex'),
    chunk_count: chunkWrites.length,
    created_at: file.at.toISOString(),
  };
  return { attachment, chunkWrites };
}

/** The attachment of this conversation, with its bytes in order; 404 `attachment_not_found` for another. */
export async function readFile(
  collections: AttachmentCollections,
  tenant: TenantScope,
  conversationId: string,
  attachmentId: string,
): Promise<{ attachment: Stored<AttachmentDoc>; bytes: Buffer }> {
  const attachment = await collections.attachments.forTenant(tenant).get(attachmentId);
  if (!attachment || attachment.conversation_id !== conversationId) throw apiError(404, 'attachment_not_found', `Attachment ${attachmentId} not found`);
  const chunks = await collections.chunks.forTenant(tenant).list({ filter: { attachment_id: attachment.id }, sort: { field: 'index', direction: 'asc' }, limit: attachment.chunk_count });
  const bytes = Buffer.concat(chunks.map((chunk) => chunk.bytes as Buffer));
  // A file whose chunks are not all there (a write cut short) is not served in part.
  if (chunks.length !== attachment.chunk_count || bytes.length !== attachment.size) throw apiError(404, 'attachment_not_found', `Attachment ${attachmentId} is incomplete`);
  return { attachment, bytes };
}

/** The writes that delete every file of the records matching `filter` (a conversation's, a chatbot's). */
export function deleteFiles(collections: AttachmentCollections, tenant: TenantScope, filter: { conversation_id: string } | { chatbot_id: string }): WriteOp[] {
  return [collections.attachments.forTenant(tenant).ops.deleteMany(filter), collections.chunks.forTenant(tenant).ops.deleteMany(filter)];
}

export function presentAttachment(attachment: MessageAttachment): MessageAttachment {
  return { id: attachment.id, name: attachment.name, content_type: attachment.content_type, size: attachment.size };
}

