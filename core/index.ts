// The one module the built-in plugins import of the platform: what they use of core, and of config
// through core, by name (test/architecture/plugin-imports.test.ts holds them to it). Nothing inside
// core imports it, which would close circles: core's modules import each other directly. Code that
// runs in a worker thread imports core's modules directly too, since this module loads the whole
// platform. core/auth/members.ts and core/auth/oauth-tokens.ts both export a `hashToken`
// (invitation links, OAuth access tokens): here they are hashInvitationToken and hashAccessToken.
export { publicWidgetConfig } from '../common/public-config.js';
export { LOADABLE_WIDGET_LANGUAGES } from '../common/widget-languages.js';
export type { Config, LlmProviderConfig } from '../config/index.js';
export { ATTACHMENT_KINDS, MAX_ATTACHMENT_BYTES, PLAN_NAMES } from '../config/plans.js';
export type { AttachmentAllowance, AttachmentKind, PlanName } from '../config/plans.js';
export {
  apiKeysOnly,
  areaScope,
  assertChatbotKeyAllows,
  assertMaySubscribe,
  assertMemberRole,
  assertSeesEventType,
  assertTokenScope,
  chatbotKeyScope,
  makerForReplacement,
  seesEventType,
  visibleEventTypes,
  withScopes,
} from './access.js';
export { ATTACHMENT_BODY_TIMEOUT_MS, attachmentAllowance, attachmentBodyLimit, effectivePlan, presentAccount } from './auth/accounts.js';
export type { Account, AccountDoc } from './auth/accounts.js';
export { createAccountWithKeys } from './auth/bootstrap.js';
export { FirstRun, setupCode, setupCodeMatches } from './auth/first-run.js';
export { apiKeyResponse, apiKeyWithSecretResponse, gracePeriodOf, makerResponse, rotateKeyInput } from './auth/key-schemas.js';
export { issueKey, makerOfKey, presentKey, rotateApiKey, rotationRefusal } from './auth/keys.js';
export type { ApiKey } from './auth/keys.js';
export { currentRoleOf, OPERATOR, presentMaker } from './auth/makers.js';
export type { Maker } from './auth/makers.js';
export { hashToken as hashInvitationToken, MEMBER_ROLES, newInvitation, newMember, presentMember } from './auth/members.js';
export type { Member, MemberRole } from './auth/members.js';
export { hashToken as hashAccessToken, newAccessToken, SCOPES } from './auth/oauth-tokens.js';
export type { Scope } from './auth/oauth-tokens.js';
export { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from './auth/passwords.js';
export { assertSameOrigin, overTls, serverOrigin, SESSION_COOKIE } from './auth/session-strategy.js';
export type { SessionCookie } from './auth/session-strategy.js';
export { openSession, revokeMemberSessions } from './auth/sessions.js';
export type { DashboardSession } from './auth/sessions.js';
export { credentialStillValid } from './auth/still-valid.js';
export { DEFAULT_ROUTE_AUTH } from './auth/strategy.js';
export { BackgroundLoop, retryAfterFailure, settlesWithin, yieldToEventLoop } from './background.js';
export { businessHoursSchema, isWithinBusinessHours } from './business-hours.js';
export { addressListOf, CIDR_PATTERN, ClientAddressResolver, listHas, parseCidr } from './client-address.js';
export { csatPoints, csatSchema, isValidScore, MAX_CSAT_COMMENT_LENGTH, scoreRangeOf } from './csat.js';
export type { CsatScale } from './csat.js';
export { apiError, hasErrorCode, notFound, oauthErrorCode, unauthorized } from './errors.js';
export { presentEvent } from './events.js';
export type { EventDoc, EventEnvelope, EventInput, StoredEvent } from './events.js';
export { csvCell, csvLine, EXPORT_PAGE_SIZE, recordsInPages } from './export.js';
export { Fetcher, FetchError } from './http/fetcher.js';
export { AddressPolicy, urlAddressRefusal, urlRefusalMessage } from './http/address-policy.js';
export { outboundUrlSchema } from './http/outbound-url.js';
export { addressRefusal, guardedAgents } from './http/guarded-agents.js';
export { EMBED_BATCH, hostAllowed, ModelClient, ModelError, type ChatRequest, type ChatResult, type ChatTurn, type TokenUsage, type ModelEndpoint, type ModelErrorCode, type ModelProtocol } from './models/model-client.js';
export { TokenBudget, type TokenBudgetState } from './models/token-budget.js';
export { modelClients, tenantBaseUrlRefusal, type ModelClients, type ResolvedModelProvider, type TenantModelProviders } from './models/providers.js';
export { EventStream, eventStreamResponse, respondWithEvents, turnOnTheWire, wantsEventStream } from './http/sse.js';
export { ID_PREFIXES, idRange, idSchema, newId, type IdPrefix } from './ids.js';
export { ISO_639_1 } from './languages.js';
export { sweepExpired } from './maintenance.js';
export { METRIC_PREFIX } from './metrics/index.js';
export { LATEST_STORED_TIME, listQuerySchema, pageSchema, paginate, paginateMatching, withTimeFilter } from './pagination.js';
export type { ListParams } from './pagination.js';
export { projectPath, workerEntry } from './paths.js';
export { callerOf, tenantOf } from './platform.js';
export type { ApiCaller, Platform, PlatformRouteOptions } from './platform.js';
export { QuotaFullError } from './quota.js';
export { consumeMinuteLimit, rateLimitHeaders, retryAfterSeconds } from './rate-limit.js';
export { SecretBox } from './secret-box.js';
export { LEAD_FIELDS } from './contracts/chatbots.js';
export type { BehaviourRule, BehaviourSettings, ChatbotDirectory, ChatbotProfile, ChatbotSummary, LeadField } from './contracts/chatbots.js';
export type { ConversationFact, ConversationFacts, FactRange, MessageFact } from './contracts/conversation-facts.js';
export { inertFileHeaders } from './http/inert-file.js';
export { attachmentUploadKeys, MAX_MESSAGE_LENGTH, messageAttachmentSchema, visitorSaysKeys } from './contracts/conversations.js';
export type { ConversationFile, MessageAttachmentView, TurnEvent, VisitorConversation, VisitorConversations, VisitorMessage, VisitorTurn } from './contracts/conversations.js';
export { MAX_QUESTION_LENGTH } from './contracts/knowledge.js';
export type {
  KnowledgeCuration,
  KnowledgeItemMatch,
  KnowledgePluginApi,
  KnowledgeRetriever,
  KnowledgeSchemas,
  Passage,
  PhrasingOutcome,
  QaCandidate,
  QaMatch,
  QaPair,
  QaPairInput,
  RatedPair,
  SemanticQuery,
} from './contracts/knowledge.js';
export { LEAD_SOURCES } from './contracts/leads.js';
export type { LeadContact, LeadDetails, LeadRecorder, LeadSource } from './contracts/leads.js';
export type { MemberNotice, NoticeRecipient } from './contracts/member-notices.js';
export type { MemberAvailability } from './contracts/presence.js';
export { RecordNotFoundError, StoreUnavailableError, UniqueConstraintError, VersionConflictError } from './store/errors.js';
export { backOffAfterConflict } from './store/conflict-backoff.js';
export { groupByTenant } from './store/tenant-groups.js';
export { MODES } from './store/types.js';
export type { ClaimedRecord, ClaimQueue, Collection, CollectionDeclarer, CounterStore, Filter, Mode, Repository, Store, Stored, TenantScope, WriteOp } from './store/types.js';
export { codePointLength } from './string-lengths.js';
export { analyzerFor } from './text/analysis.js';
export { namesIn } from './text/names.js';
export { foldForSearch } from './text/fold.js';
export { compileSafePattern, MAX_PATTERNS_PROGRAM_SIZE } from './text/safe-pattern.js';
export type { SafePattern } from './text/safe-pattern.js';
export { countTerms, emptyTermCounts, termCount } from './text/term-counts.js';
export { userDataObject } from './user-data.js';
export { PLUGIN_API_VERSION } from './plugin-api/index.js';
export type { PluginEventType, PluginRoute } from './plugin-api/index.js';
export type { BuiltInPlugin, BuiltInPluginApi, PrivilegedApi, PrivilegedPlatform } from './plugin-api/privileged.js';
