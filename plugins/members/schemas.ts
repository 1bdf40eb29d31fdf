import Joi from 'joi';
import { idSchema, MEMBER_ROLES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PLAN_NAMES } from '../../core/index.js';

const isoTime = Joi.string().isoDate();

export const email = Joi.string().trim().lowercase().email({ tlds: false }).max(254);
export const memberName = Joi.string().trim().min(1).max(100);
/**
 * Shown to visitors in the widget of another site: https only (an http image is mixed content
 * there, a data URL would make every message carry the image), and short enough for every message.
 */
export const avatarUrl = Joi.string()
  .trim()
  .uri({ scheme: ['https'] })
  .max(1000)
  .allow(null)
  .description('An https image (at most 1,000 characters) shown to visitors beside the member’s messages; null removes it');
export const password = Joi.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).description(`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
export const role = Joi.string().valid(...MEMBER_ROLES);
export const mode = Joi.string().valid('live', 'test');

export const memberParams = Joi.object({ userId: idSchema('usr').required() });

export const memberResponse = Joi.object({
  id: Joi.string().required(),
  email: Joi.string().required(),
  name: Joi.string().allow('').required(),
  avatar_url: Joi.string().allow(null).required(),
  role: role.required(),
  status: Joi.string().valid('invited', 'active').required(),
  last_sign_in_at: isoTime.allow(null).required(),
  created_at: isoTime.required(),
  updated_at: isoTime.required(),
}).label('Member');

export const invitationResponse = Joi.object({
  url: Joi.string().uri().required().description('The one-time link to pass on: shown in this response only'),
  expires_at: isoTime.required(),
}).label('Invitation');

export const invitedMemberResponse = memberResponse.keys({ invitation: invitationResponse.required() }).label('InvitedMember');

export const sessionResponse = Joi.object({
  member: memberResponse.required(),
  account: Joi.object({
    id: Joi.string().required(),
    name: Joi.string().required(),
    plan: Joi.string()
      .valid(...PLAN_NAMES)
      .required(),
  }).required(),
  mode: mode.required(),
  expires_at: isoTime.required(),
}).label('DashboardSession');
