// Visitors who are known (issue 33): the site tells the widget who its signed-in visitor is
// (`ChatbotWidget.identify({ user_id, name, email, user_hash })`) and proves it with
// user_hash = HMAC-SHA256(the chatbot's identity secret, user_id), computed on the site's server,
// as Intercom's identity verification does. A verified visitor's open conversation follows them to
// another browser; an unverified one is only a name on the conversation.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import Joi from 'joi';
import { apiError, UniqueConstraintError, type SecretBox } from '../../core/index.js';
import type { Widget, WidgetCollections } from './collections.js';
import type { PublicWidget } from './directory.js';

export interface VisitorIdentity {
  user_id: string;
  name?: string;
  email?: string;
  user_hash?: string;
}

/** What the site may say about its visitor (the widget's `identify` call). */
export const identityInput = Joi.object({
  user_id: Joi.string().trim().min(1).max(200).required().description('The site’s own id for its signed-in visitor'),
  name: Joi.string().trim().min(1).max(200),
  email: Joi.string().trim().email({ tlds: false }).max(254),
  user_hash: Joi.string()
    .lowercase()
    .pattern(/^[0-9a-f]{64}$/)
    .description('HMAC-SHA256 of `user_id` under the chatbot’s identity secret, hex: computed on the site’s server, never in the page')
    .messages({ 'string.pattern.base': '{{#label}} must be 64 hexadecimal characters (HMAC-SHA256, hex)' }),
}).label('WidgetVisitorIdentity');

/** A new identity secret: shown once to the owner, kept sealed. */
export function newIdentitySecret(): string {
  return `wis_${randomBytes(32).toString('base64url')}`;
}

/** What the site's server computes for `userId`: HMAC-SHA256 under the secret, hex. */
export function identityHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId, 'utf8').digest('hex');
}

/**
 * Whether the site proved who its visitor is. A `user_hash` that does not verify (or one sent when
 * the chatbot has no secret) is refused, whatever the setting: a wrong proof is never taken as a
 * mere name. Without a hash the visitor is unverified, which `identity_verification` refuses.
 */
export async function verifyIdentity(widget: PublicWidget, identity: VisitorIdentity, secrets: () => Promise<SecretBox>): Promise<boolean> {
  const sealed = widget.widget.identity_secret?.sealed;
  if (identity.user_hash === undefined) {
    if (widget.settings.identity_verification) throw notVerified('This chatbot verifies its visitors: send user_hash with user_id');
    return false;
  }
  if (!sealed) throw notVerified('This chatbot has no identity secret to check user_hash against');
  const expected = Buffer.from(identityHash((await secrets()).unseal(sealed), identity.user_id), 'hex');
  const given = Buffer.from(identity.user_hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notVerified('user_hash does not match user_id');
  return true;
}

function notVerified(message: string) {
  return apiError(403, 'identity_not_verified', message);
}

/** The record of a verified visitor's last conversation: by chatbot and a digest of their id (the id itself is not kept here). */
export function identityRecordId(chatbotId: string, userId: string): string {
  return `${chatbotId}:${createHash('sha256').update(userId, 'utf8').digest('base64url')}`;
}

/** Remembers the conversation a verified visitor started, for their other browsers. */
export async function rememberIdentity(collections: WidgetCollections, widget: PublicWidget, userId: string, conversationId: string, now: string): Promise<void> {
  const identities = collections.identities.forTenant(widget.tenant);
  const id = identityRecordId(widget.widget.chatbot_id, userId);
  const changes = { conversation_id: conversationId, updated_at: now };
  if (!(await identities.update(id, changes))) {
    try {
      await identities.insert({ id, chatbot_id: widget.widget.chatbot_id, ...changes });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      await identities.update(id, changes); // inserted meanwhile by another of their browsers
    }
  }
}

/** A chatbot's identity secret as the settings API tells of it: when it was made, never the secret. */
export function identitySecretCreatedAt(widget: Widget): string | null {
  return widget.identity_secret?.created_at ?? null;
}
