// The plan table of docs/ARCHITECTURE.md A3. Operators may replace any of it in the config file, and
// individual accounts may override limits through the admin API.

export type PlanName = 'free' | 'starter' | 'professional' | 'enterprise';
export const PLAN_NAMES: readonly PlanName[] = ['free', 'starter', 'professional', 'enterprise'];

/** What a plan lets a key do: `read` refuses every write, `full` adds bulk and export features. */
export type PlanAccess = 'read' | 'write' | 'full';

export type RateWindowName = 'minute' | 'day';

export interface PlanDefinition {
  /** Requests allowed per window; a window left out is not limited. */
  requests: Partial<Record<RateWindowName, number>>;
  access: PlanAccess;
  /** `null` means unlimited. */
  chatbots: number | null;
  webhooks: boolean;
  ip_allowlist: boolean;
  /**
   * Language-model tokens (in and out, every chatbot and mode of the account) per calendar month
   * (UTC); past it, LLM mode answers without the model. Null: no cap.
   */
  llm_tokens_per_month: number | null;
  /**
   * Files in conversations (visitors' and agents'): the kinds allowed (none: no attachments) and the
   * largest file, in bytes, after decoding.
   */
  attachments: AttachmentAllowance;
}

/** The kinds of file a conversation takes: `image` (PNG, JPEG, GIF, WebP) and `pdf`. */
export type AttachmentKind = 'image' | 'pdf';
export const ATTACHMENT_KINDS: readonly AttachmentKind[] = ['image', 'pdf'];

export interface AttachmentAllowance {
  kinds: AttachmentKind[];
  max_bytes: number;
}

/** The largest attachment any plan may allow: what a request body may carry, whatever the table says. */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/**
 * `spec`: the four plans above. `unlimited`: for people running the server for themselves, every
 * plan without request caps or chatbot limits and with every feature; the config file's `plans`
 * still apply on top of either.
 */
export type PlansProfile = 'spec' | 'unlimited';
export const PLANS_PROFILES: readonly PlansProfile[] = ['spec', 'unlimited'];

const MIB = 1024 * 1024;
const UNLIMITED: PlanDefinition = {
  requests: {},
  access: 'full',
  chatbots: null,
  webhooks: true,
  ip_allowlist: true,
  llm_tokens_per_month: null,
  attachments: { kinds: ['image', 'pdf'], max_bytes: MAX_ATTACHMENT_BYTES },
};

export function plansOfProfile(profile: PlansProfile): Record<PlanName, PlanDefinition> {
  if (profile === 'spec') return structuredClone(DEFAULT_PLANS);
  return Object.fromEntries(PLAN_NAMES.map((name) => [name, structuredClone(UNLIMITED)])) as Record<PlanName, PlanDefinition>;
}

export const DEFAULT_PLANS: Record<PlanName, PlanDefinition> = {
  free: {
    requests: { day: 100 },
    access: 'read',
    chatbots: 1,
    webhooks: false,
    ip_allowlist: false,
    llm_tokens_per_month: null,
    attachments: { kinds: ['image'], max_bytes: 2 * MIB },
  },
  starter: {
    requests: { day: 1_000 },
    access: 'write',
    chatbots: 5,
    webhooks: true,
    ip_allowlist: false,
    llm_tokens_per_month: null,
    attachments: { kinds: ['image', 'pdf'], max_bytes: 5 * MIB },
  },
  // The spec states both 10,000/day and 1,000/minute for Professional; both apply (docs/ARCHITECTURE.md A3).
  professional: {
    requests: { day: 10_000, minute: 1_000 },
    access: 'full',
    chatbots: 25,
    webhooks: true,
    ip_allowlist: false,
    llm_tokens_per_month: null,
    attachments: { kinds: ['image', 'pdf'], max_bytes: 10 * MIB },
  },
  // No limits unless set, every feature: the plan every plan is in the `unlimited` profile.
  enterprise: structuredClone(UNLIMITED),
};
