/**
 * The HTTP calls' inputs, one entry per call (issue 30 item 2; the first half of issue 32's typed
 * contracts): method, path, who calls it, and the schema of each input it reads — path
 * parameters, query, JSON body, the form fields of an upload, headers. The server's routes
 * register at these paths and parse with these schemas, so that the inputs a reader finds here are
 * the ones checked, and a test can probe every field of every call. The server never trusts the
 * client: each schema bounds every field (a number both ways, a string and a list a largest length).
 *
 * The live declaration's calls go over the socket (protocol/instructions.ts), not here.
 */
import * as v from 'valibot';
import { answer, type Answer, type CallInput, type CallLimit, type CallResult } from './http-contract.js';
import { object } from '../rules/schema.js';
import {
  type AccountDone,
  type AccountView,
  type IdentityPollAnswer,
  type IdentityStartedAnswer,
  type SessionView,
  type SignInMethodsAnswer,
  ChangePasswordSchema,
  ConfirmAccountSchema,
  AddEmailSchema,
  ConfirmNewEmailSchema,
  RegisterSchema,
  ResetRequestSchema,
  ResetSchema,
  SessionIdSchema,
  SignInSchema,
} from '../account/account.js';
import { IdentityPollSchema, MobileIdStartSchema, SmartIdStartSchema } from '../account/identity.js';
import { OidcCallbackSchema, OidcProviderIdSchema } from '../account/oidc.js';
import { PersonSchema } from '../account/person.js';
import { NotificationPreferencesSchema, type AccidentsAnswer, type DebtsAnswer, type DocumentsAnswer, type NotificationPreferences } from '../bureau/records.js';
import type { StatementView } from '../output/statement.js';
import type { AddressSuggestion } from '../ports/address.port.js';
import { ChatIdSchema, ChatReplySchema, NewChatSchema, type Chat, type ChatsAnswer, type ChatThread } from '../chat/chat.js';
import { CAPTCHA_ACTIONS, LOCALES } from '../rules/constants.js';
import { ClaimDocumentFieldsSchema, ClaimFileParamsSchema, ClaimMoveSchema, ClaimParamsSchema, SaveClaimSchema, StartClaimSchema, type ClaimAnswer, type ClaimLists, type ClaimRow, type ClaimsAnswer } from '../claim/claim-api.js';
import { ConsolePageSchema, NewStaffSchema, type StaffPermission } from '../console/staff.js';
import { SystemUpdateSchema, type SystemUpdateAnswer } from '../console/system-update.js';
import type {
  AuditAnswer,
  ConsoleChatAnswer,
  ConsoleChatsAnswer,
  ConsoleClaimAnswer,
  ConsoleClaimsAnswer,
  ConsoleDeclarationAnswer,
  ConsoleDeclarationsAnswer,
  ConsoleDone,
  NewStaffAnswer,
  StaffListAnswer,
  StaffMeAnswer,
} from '../console/answers.js';
import { NewInsurerClientSchema, InsurerClientParamsSchema, type InsurerClientAnswer, type InsurerClientsAnswer } from '../insurer/clients.js';
import { FeedQuerySchema, InsurerDeclarationParamsSchema, InsurerFileParamsSchema, FeedAnswerSchema, TokenAnswerSchema, type FeedAnswer, type TokenAnswer } from '../insurer/feed.js';
import { InsurerDeclarationSchema, type InsurerDeclaration } from '../insurer/declaration-data.js';
import type { WebhookAttemptsAnswer, WebhookDeliveriesAnswer } from '../insurer/webhooks.js';
import { ClaimRegisteredSchema, RegisterClaimSchema, type ClaimRegistered, type OverdueAnswersAnswer } from '../insurer/claims.js';
import { JOIN_WORK_MAX } from '../declaration/join.js';
import { GetFileQuerySchema, StatementOpenSchema } from '../output/statement.js';

import { CAPTCHA_DEFAULT_ACTION } from '../rules/constants.js';
import { AddressQuerySchema } from './address.js';
import { SEAT_HEADERS, SeatSchema, UPLOAD_HEADERS, UploadMetaSchema, type BlobUploaded, type UploadRequest } from './blob.js';
import { ClientLogBodySchema, ClientMessageLogSchema, LogQuerySchema } from './log.schema.js';

export type { HttpCaller, HttpMethod } from './http-routes.js';
import { HTTP_ROUTES, type HttpCaller, type HttpMethod } from './http-routes.js';

export interface HttpCall {
  readonly method: HttpMethod;
  /** Fastify's path, with `:name` for a path parameter. */
  readonly path: string;
  readonly caller: HttpCaller;
  readonly params?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  /** An upload's form fields (its files are checked by their bytes, not by a schema). */
  readonly fields?: v.GenericSchema;
  readonly headers?: v.GenericSchema;
  /** The JSON answer's type. */
  readonly result?: Answer<unknown>;
  /** What a call without a JSON answer answers: a file's bytes, a stream of server-sent events, a redirect, no content (204), or plain text. */
  readonly answers?: 'file' | 'events' | 'redirect' | 'empty' | 'text';
  /** A file answer's one content type, where it has one (a published call's OpenAPI document names it). */
  readonly fileType?: string;
  readonly limit?: CallLimit;
  /** For a staff call: what the member's role must allow, checked with the caller, before any input is read. */
  readonly permission?: StaffPermission;
  /** The JSON answer as a schema, for a call of a published API (the insurers'): its OpenAPI document is made from it. */
  readonly resultSchema?: v.GenericSchema;
  /** A published call's one-line summary (its OpenAPI document). */
  readonly summary?: string;
}

const id = (min: number, max: number) => v.pipe(v.string(), v.regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`)));
const CAPTCHA_TOKEN = v.optional(v.pipe(v.string(), v.maxLength(8192)));

/**
 * The captcha's challenge as the installation's captcha makes it (ALTCHA: algorithm, challenge,
 * salt, signature, maxnumber), or that the captcha is switched off.
 */
export type CaptchaChallengeAnswer = Readonly<Record<string, unknown>> | { readonly off: true };

/** The captcha's challenge: its action, and the work the hub asked for (JN8). */
export const CaptchaQuerySchema = object({
  action: v.optional(v.picklist(CAPTCHA_ACTIONS), CAPTCHA_DEFAULT_ACTION),
  work: v.optional(v.pipe(v.string(), v.regex(/^[1-9]$/), v.transform(Number), v.maxValue(JOIN_WORK_MAX)), '1'),
});

/** The photo upload's headers: the uploader's seat and what the upload is for. */
export const BlobHeadersSchema = object({
  [SEAT_HEADERS.declaration]: SeatSchema.entries.declarationId,
  [SEAT_HEADERS.party]: SeatSchema.entries.party,
  [SEAT_HEADERS.token]: SeatSchema.entries.token,
  [UPLOAD_HEADERS.purpose]: UploadMetaSchema.entries.purpose,
  [UPLOAD_HEADERS.set]: UploadMetaSchema.entries.set,
  [UPLOAD_HEADERS.forParty]: UploadMetaSchema.entries.forParty,
});

/** The upload's headers, parsed, as the upload use case takes them (the server's route and the practice handler alike). */
export function uploadRequestOf(h: v.InferOutput<typeof BlobHeadersSchema>): UploadRequest {
  return {
    seat: { declarationId: h[SEAT_HEADERS.declaration], party: h[SEAT_HEADERS.party], token: h[SEAT_HEADERS.token] },
    meta: { purpose: h[UPLOAD_HEADERS.purpose], set: h[UPLOAD_HEADERS.set], forParty: h[UPLOAD_HEADERS.forParty] },
  };
}

export const ChatParamsSchema = object({ chatId: ChatIdSchema });
export const ChatFileParamsSchema = object({ chatId: ChatIdSchema, fileId: id(8, 64) });
export const StatementIdParamsSchema = object({ statementId: id(16, 64) });
export const DeclarationParamsSchema = object({ declarationId: id(8, 64) });
export const StaffIdParamsSchema = object({ id: id(1, 64) });
export const WebhookParamsSchema = object({ deliveryId: v.pipe(v.string(), v.regex(/^msg_[A-Za-z0-9_-]{16,64}$/)) });
/** A parameter's name (an unknown one is ROUTE_NOT_FOUND, as any path that is not there). */
export const ParameterParamsSchema = object({ name: v.pipe(v.string(), v.maxLength(40)) });
/** A major version of the insurers' data model, as its address names it (`v1`); an unknown one is ROUTE_NOT_FOUND. */
export const InsurerSchemaParamsSchema = object({ major: v.pipe(v.string(), v.regex(/^v\d{1,3}$/)) });
export const OidcParamsSchema = object({ provider: OidcProviderIdSchema });
/** `lang`: the page's language, that of an account the sign-in makes (issue 37; a language is no personal data in an address). */
export const OidcStartQuerySchema = object({ next: v.optional(v.pipe(v.string(), v.maxLength(2000))), lang: v.optional(v.picklist(LOCALES)) });
export const ConfirmEmailBodySchema = object({ token: v.pipe(v.string(), v.minLength(10), v.maxLength(2048)) });
export const StatementOpenBodySchema = object({ ...StatementOpenSchema.entries, captcha: CAPTCHA_TOKEN });
/** The console's sign-in as it arrives: each field bounded; StaffSignInSchema then decides (SF1: one answer for any failure). */
export const StaffSignInAttemptSchema = object({
  email: v.pipe(v.string(), v.minLength(3), v.maxLength(254)),
  password: v.pipe(v.string(), v.maxLength(200)),
  code: v.optional(v.pipe(v.string(), v.maxLength(10)), ''),
});
export const MessageToUserSchema = object({ ...NewChatSchema.entries, email: v.pipe(v.string(), v.maxLength(254)) });
/** A test installation's clock moved forward (EID_DEV_CLOCK), by at most a day at a time. */
export const DevClockBodySchema = object({ advanceMs: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(86_400_000)) });
/** Developer metrics: `reset=1` starts the counters again. */
export const DevMetricsQuerySchema = object({ reset: v.optional(v.picklist(['1'])) });

const JSON_8K = { bodyBytes: 8 * 1024 } as const;
/** `ready`: whether this node can serve (200) or not (503), and each part it depends on. */
export interface ReadyAnswer {
  readonly status: 'ready' | 'degraded' | 'stopping';
  readonly database: 'ok' | 'down';
  readonly objects?: 'ok' | 'down';
  readonly changes?: 'ok' | 'down';
  readonly jobs?: 'ok' | 'down';
}

/** `devMetrics`: this node's event loop, memory and device sockets (loopback only: the benchmarks read it). */
export interface DevMetricsAnswer {
  readonly eventLoopLagMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly eventLoopPeriodMs: { readonly resolution: number; readonly p50: number; readonly p99: number; readonly max: number };
  readonly rssMb: number;
  readonly sockets: number;
}

/** `devOutbox`: the newest messages of the local outbox, as a person running the service locally reads them (loopback only). */
export interface DevOutboxAnswer {
  readonly messages: ReadonlyArray<{
    readonly id: string;
    readonly channel: 'sms' | 'email';
    readonly to: readonly string[];
    readonly subject: string | null;
    readonly text: string;
    readonly html: string | null;
    readonly attachments: ReadonlyArray<{ readonly filename: string; readonly contentType: string; readonly size: number }>;
    readonly createdAt: number;
    readonly smsState: string | null;
    readonly smscIds: readonly string[];
  }>;
}

/** Every call says what it answers: a JSON answer's type, or the kind of its other answer. */
const call = <const C extends HttpCall & ({ readonly result: Answer<unknown> } | { readonly answers: NonNullable<HttpCall['answers']> })>(c: C): C => c;

export const HTTP_CALLS = {
  // — anyone ——————————————————————————————————————————————————————————————————
  health: call({ ...HTTP_ROUTES.health, result: answer<{ readonly status: 'ok' }>() }),
  ready: call({ ...HTTP_ROUTES.ready, result: answer<ReadyAnswer>() }),
  parameter: call({ ...HTTP_ROUTES.parameter, params: ParameterParamsSchema, answers: 'text' }),
  /** SU2: the system update announced or in progress (the drivers' screens ask it). */
  systemUpdate: call({ ...HTTP_ROUTES.systemUpdate, limit: { perMinute: 120 }, result: answer<SystemUpdateAnswer>() }),
  logInfo: call({ ...HTTP_ROUTES.logInfo, query: LogQuerySchema, body: ClientMessageLogSchema, answers: 'empty' }),
  logWarn: call({ ...HTTP_ROUTES.logWarn, query: LogQuerySchema, body: ClientMessageLogSchema, answers: 'empty' }),
  logError: call({ ...HTTP_ROUTES.logError, query: LogQuerySchema, body: ClientLogBodySchema, answers: 'empty' }),
  captchaChallenge: call({ ...HTTP_ROUTES.captchaChallenge, query: CaptchaQuerySchema, limit: { perMinute: 120 }, result: answer<CaptchaChallengeAnswer>() }),
  findAddress: call({ ...HTTP_ROUTES.findAddress, query: AddressQuerySchema, limit: { perMinute: 600 }, result: answer<readonly AddressSuggestion[]>() }),
  lists: call({ ...HTTP_ROUTES.lists, limit: { perMinute: 60 }, result: answer<ClaimLists>() }),
  confirmEmail: call({ ...HTTP_ROUTES.confirmEmail, body: ConfirmEmailBodySchema, limit: { bodyBytes: 8 * 1024 }, result: answer<{ readonly status: 'CONFIRMED' | 'FINISHED'; readonly email: string }>() }),
  openStatement: call({ ...HTTP_ROUTES.openStatement, body: StatementOpenBodySchema, limit: { perMinute: 60, bodyBytes: 16 * 1024 }, result: answer<StatementView>() }),
  statement: call({ ...HTTP_ROUTES.statement, params: StatementIdParamsSchema, result: answer<StatementView>() }),
  getFile: call({ ...HTTP_ROUTES.getFile, query: GetFileQuerySchema, answers: 'file' }),
  insurerToken: call({ ...HTTP_ROUTES.insurerToken, limit: { perMinute: 60, bodyBytes: 2048 }, result: answer<TokenAnswer>(), resultSchema: TokenAnswerSchema, summary: 'An access token for the client\'s credentials (OAuth 2.0 client credentials; HTTP Basic or form fields).' }),
  insurerOpenApi: call({ ...HTTP_ROUTES.insurerOpenApi, limit: { perMinute: 60 }, result: answer<Record<string, unknown>>(), summary: 'This document.' }),
  insurerFeed: call({ ...HTTP_ROUTES.insurerFeed, query: FeedQuerySchema, limit: { perMinute: 600 }, result: answer<FeedAnswer>(), resultSchema: FeedAnswerSchema, summary: 'The finished declarations for this insurer after a cursor, oldest first.' }),
  insurerDeclaration: call({ ...HTTP_ROUTES.insurerDeclaration, params: InsurerDeclarationParamsSchema, limit: { perMinute: 600 }, result: answer<InsurerDeclaration>(), resultSchema: InsurerDeclarationSchema, summary: 'One declaration as data (the published schema).' }),
  insurerPdf: call({ ...HTTP_ROUTES.insurerPdf, params: InsurerDeclarationParamsSchema, limit: { perMinute: 20 }, answers: 'file', fileType: 'application/pdf', summary: "The declaration's document as the insurers' e-mail carries it (PDF, in Lithuanian, with both drivers' personal codes), made again at each call." }),
  insurerFile: call({ ...HTTP_ROUTES.insurerFile, params: InsurerFileParamsSchema, limit: { perMinute: 1200 }, answers: 'file', summary: 'A file the declaration links to: a photo, the sketch, a signature, a voice note.' }),
  registerInsurerClaim: call({ ...HTTP_ROUTES.registerInsurerClaim, params: InsurerDeclarationParamsSchema, body: RegisterClaimSchema, limit: { perMinute: 600, bodyBytes: 4096 }, result: answer<ClaimRegistered>(), resultSchema: ClaimRegisteredSchema, summary: 'Registers (or corrects) the insurer\'s claim number and a contact for a declaration: the drivers it insures are told.' }),
  insurerDataSchema: call({ ...HTTP_ROUTES.insurerDataSchema, params: InsurerSchemaParamsSchema, limit: { perMinute: 60 }, result: answer<Record<string, unknown>>() }),

  // — a seat of a declaration ————————————————————————————————————————————————
  uploadBinary: call({ ...HTTP_ROUTES.uploadBinary, headers: BlobHeadersSchema, result: answer<BlobUploaded>() }),

  // — an account: signing in ————————————————————————————————————————————————
  register: call({ ...HTTP_ROUTES.register, body: RegisterSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<AccountDone<'SENT'>>() }),
  confirmAccount: call({ ...HTTP_ROUTES.confirmAccount, body: ConfirmAccountSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<AccountDone<'CONFIRMED'> & { readonly email: string }>() }),
  signIn: call({ ...HTTP_ROUTES.signIn, body: SignInSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<AccountView>() }),
  signInMethods: call({ ...HTTP_ROUTES.signInMethods, limit: { perMinute: 120 }, result: answer<SignInMethodsAnswer>() }),
  smartId: call({ ...HTTP_ROUTES.smartId, body: SmartIdStartSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<IdentityStartedAnswer>() }),
  mobileId: call({ ...HTTP_ROUTES.mobileId, body: MobileIdStartSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<IdentityStartedAnswer>() }),
  identityPoll: call({ ...HTTP_ROUTES.identityPoll, body: IdentityPollSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<IdentityPollAnswer>() }),
  resetRequest: call({ ...HTTP_ROUTES.resetRequest, body: ResetRequestSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<AccountDone<'SENT'>>() }),
  reset: call({ ...HTTP_ROUTES.reset, body: ResetSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<AccountDone<'RESET'>>() }),
  oidcStart: call({ ...HTTP_ROUTES.oidcStart, params: OidcParamsSchema, query: OidcStartQuerySchema, answers: 'redirect' }),
  oidcCallback: call({ ...HTTP_ROUTES.oidcCallback, params: OidcParamsSchema, query: OidcCallbackSchema, answers: 'redirect' }),

  // — an account: signed in ——————————————————————————————————————————————————
  me: call({ ...HTTP_ROUTES.me, result: answer<AccountView>() }),
  linkSmartId: call({ ...HTTP_ROUTES.linkSmartId, body: SmartIdStartSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<IdentityStartedAnswer>() }),
  linkMobileId: call({ ...HTTP_ROUTES.linkMobileId, body: MobileIdStartSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<IdentityStartedAnswer>() }),
  signOut: call({ ...HTTP_ROUTES.signOut, limit: { bodyBytes: 1024 }, result: answer<AccountDone<'SIGNED_OUT'>>() }),
  signOutEverywhere: call({ ...HTTP_ROUTES.signOutEverywhere, limit: { bodyBytes: 1024 }, result: answer<AccountDone<'SIGNED_OUT'> & { readonly ended: number }>() }),
  changePassword: call({ ...HTTP_ROUTES.changePassword, body: ChangePasswordSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<AccountDone<'CHANGED'>>() }),
  savePerson: call({ ...HTTP_ROUTES.savePerson, body: PersonSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<AccountView>() }),
  sessions: call({ ...HTTP_ROUTES.sessions, result: answer<SessionView[]>() }),
  endSession: call({ ...HTTP_ROUTES.endSession, params: SessionIdSchema, result: answer<AccountDone<'ENDED'>>() }),
  documents: call({ ...HTTP_ROUTES.documents, limit: { perMinute: 60 }, result: answer<DocumentsAnswer>() }),
  liabilities: call({ ...HTTP_ROUTES.liabilities, limit: { perMinute: 60 }, result: answer<DebtsAnswer>() }),
  accidents: call({ ...HTTP_ROUTES.accidents, limit: { perMinute: 60 }, result: answer<AccidentsAnswer>() }),
  accountStatement: call({ ...HTTP_ROUTES.accountStatement, params: StatementIdParamsSchema, limit: { perMinute: 60 }, result: answer<StatementView>() }),
  addEmail: call({ ...HTTP_ROUTES.addEmail, body: AddEmailSchema, limit: { perMinute: 10, ...JSON_8K }, result: answer<AccountDone<'SENT'>>() }),
  confirmNewEmail: call({ ...HTTP_ROUTES.confirmNewEmail, body: ConfirmNewEmailSchema, limit: { perMinute: 30, ...JSON_8K }, result: answer<AccountDone<'CONFIRMED'> & { readonly email: string }>() }),
  notifications: call({ ...HTTP_ROUTES.notifications, limit: { perMinute: 60 }, result: answer<NotificationPreferences>() }),
  saveNotifications: call({ ...HTTP_ROUTES.saveNotifications, body: NotificationPreferencesSchema, limit: { perMinute: 30, bodyBytes: 1024 }, result: answer<NotificationPreferences>() }),
  chats: call({ ...HTTP_ROUTES.chats, limit: { perMinute: 120 }, result: answer<ChatsAnswer>() }),
  unreadChats: call({ ...HTTP_ROUTES.unreadChats, limit: { perMinute: 120 }, result: answer<{ readonly unread: number }>() }),
  chat: call({ ...HTTP_ROUTES.chat, params: ChatParamsSchema, limit: { perMinute: 120 }, result: answer<ChatThread>() }),
  chatFile: call({ ...HTTP_ROUTES.chatFile, params: ChatFileParamsSchema, answers: 'file' }),
  startChat: call({ ...HTTP_ROUTES.startChat, fields: NewChatSchema, result: answer<{ readonly chat: Chat }>() }),
  replyInChat: call({ ...HTTP_ROUTES.replyInChat, params: ChatParamsSchema, fields: ChatReplySchema, result: answer<{ readonly chat: Chat }>() }),
  chatEvents: call({ ...HTTP_ROUTES.chatEvents, answers: 'events' }),
  claims: call({ ...HTTP_ROUTES.claims, limit: { perMinute: 120 }, result: answer<ClaimsAnswer>() }),
  startClaim: call({ ...HTTP_ROUTES.startClaim, body: StartClaimSchema, limit: { perMinute: 20, bodyBytes: 1024 }, result: answer<ClaimAnswer>() }),
  claim: call({ ...HTTP_ROUTES.claim, params: ClaimParamsSchema, limit: { perMinute: 120 }, result: answer<ClaimAnswer>() }),
  saveClaim: call({ ...HTTP_ROUTES.saveClaim, params: ClaimParamsSchema, body: SaveClaimSchema, limit: { perMinute: 120, bodyBytes: 64 * 1024 }, result: answer<ClaimAnswer>() }),
  addClaimDocuments: call({ ...HTTP_ROUTES.addClaimDocuments, params: ClaimParamsSchema, fields: ClaimDocumentFieldsSchema, result: answer<ClaimAnswer>() }),
  removeClaimDocument: call({ ...HTTP_ROUTES.removeClaimDocument, params: ClaimFileParamsSchema, limit: { perMinute: 60, bodyBytes: 1024 }, result: answer<ClaimAnswer>() }),
  claimDocument: call({ ...HTTP_ROUTES.claimDocument, params: ClaimFileParamsSchema, answers: 'file' }),
  claimScheme: call({ ...HTTP_ROUTES.claimScheme, params: ClaimParamsSchema, answers: 'file' }),
  submitClaim: call({ ...HTTP_ROUTES.submitClaim, params: ClaimParamsSchema, limit: { perMinute: 10, bodyBytes: 1024 }, result: answer<ClaimAnswer>() }),

  // — the bureau's staff ——————————————————————————————————————————————————————
  staffSignIn: call({ ...HTTP_ROUTES.staffSignIn, body: StaffSignInAttemptSchema, limit: { perMinute: 20, bodyBytes: 2048 }, result: answer<StaffMeAnswer>() }),
  staffMe: call({ ...HTTP_ROUTES.staffMe, limit: { perMinute: 240 }, result: answer<StaffMeAnswer>() }),
  staffSignOut: call({ ...HTTP_ROUTES.staffSignOut, limit: { perMinute: 30, bodyBytes: 1024 }, result: answer<ConsoleDone>() }),
  consoleChats: call({ ...HTTP_ROUTES.consoleChats, permission: 'read', query: ConsolePageSchema, limit: { perMinute: 240 }, result: answer<ConsoleChatsAnswer>() }),
  consoleChat: call({ ...HTTP_ROUTES.consoleChat, permission: 'read', params: ChatParamsSchema, limit: { perMinute: 240 }, result: answer<ConsoleChatAnswer>() }),
  consoleChatFile: call({ ...HTTP_ROUTES.consoleChatFile, permission: 'read', params: ChatFileParamsSchema, answers: 'file' }),
  consoleReply: call({ ...HTTP_ROUTES.consoleReply, params: ChatParamsSchema, body: ChatReplySchema, limit: { perMinute: 60, bodyBytes: 32 * 1024 }, permission: 'answer', result: answer<{ readonly chat: Chat }>() }),
  consoleMessage: call({ ...HTTP_ROUTES.consoleMessage, body: MessageToUserSchema, limit: { perMinute: 30, bodyBytes: 32 * 1024 }, permission: 'answer', result: answer<{ readonly chat: Chat }>() }),
  consoleEvents: call({ ...HTTP_ROUTES.consoleEvents, permission: 'read', answers: 'events' }),
  staff: call({ ...HTTP_ROUTES.staff, permission: 'manageStaff', limit: { perMinute: 240 }, result: answer<StaffListAnswer>() }),
  addStaff: call({ ...HTTP_ROUTES.addStaff, body: NewStaffSchema, limit: { perMinute: 20, bodyBytes: 4096 }, permission: 'manageStaff', result: answer<NewStaffAnswer>() }),
  disableStaff: call({ ...HTTP_ROUTES.disableStaff, permission: 'manageStaff', params: StaffIdParamsSchema, limit: { perMinute: 20, bodyBytes: 1024 }, result: answer<ConsoleDone>() }),
  /** SU1, SU3: a supervisor announces a system update (audited), or calls it off. */
  announceSystemUpdate: call({ ...HTTP_ROUTES.announceSystemUpdate, body: SystemUpdateSchema, limit: { perMinute: 20, bodyBytes: 1024 }, permission: 'announceUpdate', result: answer<SystemUpdateAnswer>() }),
  cancelSystemUpdate: call({ ...HTTP_ROUTES.cancelSystemUpdate, limit: { perMinute: 20, bodyBytes: 1024 }, permission: 'announceUpdate', result: answer<SystemUpdateAnswer>() }),
  insurerClients: call({ ...HTTP_ROUTES.insurerClients, limit: { perMinute: 120 }, permission: 'manageInsurers', result: answer<InsurerClientsAnswer>() }),
  addInsurerClient: call({ ...HTTP_ROUTES.addInsurerClient, body: NewInsurerClientSchema, limit: { perMinute: 20, bodyBytes: 4096 }, permission: 'manageInsurers', result: answer<InsurerClientAnswer>() }),
  rotateInsurerClient: call({ ...HTTP_ROUTES.rotateInsurerClient, params: InsurerClientParamsSchema, limit: { perMinute: 20, bodyBytes: 1024 }, permission: 'manageInsurers', result: answer<InsurerClientAnswer>() }),
  revokeInsurerClient: call({ ...HTTP_ROUTES.revokeInsurerClient, params: InsurerClientParamsSchema, limit: { perMinute: 20, bodyBytes: 1024 }, permission: 'manageInsurers', result: answer<InsurerClientAnswer>() }),
  overdueInsurerAnswers: call({ ...HTTP_ROUTES.overdueInsurerAnswers, permission: 'read', limit: { perMinute: 120 }, result: answer<OverdueAnswersAnswer>() }),
  webhookDeliveries: call({ ...HTTP_ROUTES.webhookDeliveries, query: ConsolePageSchema, limit: { perMinute: 120 }, permission: 'manageInsurers', result: answer<WebhookDeliveriesAnswer>() }),
  webhookAttempts: call({ ...HTTP_ROUTES.webhookAttempts, params: WebhookParamsSchema, limit: { perMinute: 120 }, permission: 'manageInsurers', result: answer<WebhookAttemptsAnswer>() }),
  replayWebhook: call({ ...HTTP_ROUTES.replayWebhook, params: WebhookParamsSchema, limit: { perMinute: 30, bodyBytes: 1024 }, permission: 'manageInsurers', result: answer<WebhookDeliveriesAnswer['deliveries'][number]>() }),
  audit: call({ ...HTTP_ROUTES.audit, permission: 'readAudit', query: ConsolePageSchema, limit: { perMinute: 240 }, result: answer<AuditAnswer>() }),
  consoleDeclarations: call({ ...HTTP_ROUTES.consoleDeclarations, permission: 'readDeclarations', query: ConsolePageSchema, limit: { perMinute: 240 }, result: answer<ConsoleDeclarationsAnswer>() }),
  consoleDeclaration: call({ ...HTTP_ROUTES.consoleDeclaration, permission: 'readDeclarations', params: DeclarationParamsSchema, limit: { perMinute: 240 }, result: answer<ConsoleDeclarationAnswer>() }),
  consoleClaims: call({ ...HTTP_ROUTES.consoleClaims, permission: 'read', query: ConsolePageSchema, limit: { perMinute: 240 }, result: answer<ConsoleClaimsAnswer>() }),
  consoleClaim: call({ ...HTTP_ROUTES.consoleClaim, permission: 'read', params: ClaimParamsSchema, limit: { perMinute: 240 }, result: answer<ConsoleClaimAnswer>() }),
  consoleClaimDocument: call({ ...HTTP_ROUTES.consoleClaimDocument, permission: 'read', params: ClaimFileParamsSchema, answers: 'file' }),
  consoleClaimPdf: call({ ...HTTP_ROUTES.consoleClaimPdf, permission: 'read', params: ClaimParamsSchema, answers: 'file' }),
  moveClaim: call({ ...HTTP_ROUTES.moveClaim, params: ClaimParamsSchema, body: ClaimMoveSchema, limit: { perMinute: 60, bodyBytes: 32 * 1024 }, permission: 'answer', result: answer<{ readonly claim: ClaimRow }>() }),

  // — the server's own host ———————————————————————————————————————————————————
  devMetrics: call({ ...HTTP_ROUTES.devMetrics, query: DevMetricsQuerySchema, result: answer<DevMetricsAnswer>() }),
  devOutbox: call({ ...HTTP_ROUTES.devOutbox, result: answer<DevOutboxAnswer>() }),
  devClock: call({ ...HTTP_ROUTES.devClock, body: DevClockBodySchema, result: answer<{ readonly now: number }>() }),
} as const satisfies Record<string, HttpCall>;

export type HttpCallName = keyof typeof HTTP_CALLS;
/** Every route of the table is a call's (a route without its call would be served by nothing): does not compile otherwise. */
export const EVERY_ROUTE_IS_A_CALL: [Exclude<keyof typeof HTTP_ROUTES, HttpCallName>] extends [never] ? true : never = true;
type Calls = typeof HTTP_CALLS;
/** What a caller passes to the call `N` (its declared inputs). */
export type HttpInput<N extends HttpCallName> = CallInput<Calls[N]>;
/** The answer of the call `N`. */
export type HttpResult<N extends HttpCallName> = CallResult<Calls[N]>;
/** The calls that answer JSON (an entry with a result type). */
export type JsonCallName = { [N in HttpCallName]: [CallResult<Calls[N]>] extends [never] ? never : N }[HttpCallName];
/** The callers a generic registration guards itself. */
export type GuardedCaller = 'anyone' | 'page' | 'account' | 'staff' | 'insurer';
/**
 * The JSON calls a generic registration serves whole: a caller it guards, and inputs it reads
 * (path parameters, query, JSON body; an upload's fields and a seat's headers are the route's).
 */
export type ServedCallName = {
  [N in JsonCallName]: Calls[N] extends { readonly caller: GuardedCaller } ? (Calls[N] extends { readonly fields: unknown } | { readonly headers: unknown } ? never : N) : never;
}[JsonCallName];
/** The served calls of a caller. */
export type CallsOf<C extends GuardedCaller> = { [N in ServedCallName]: Calls[N] extends { readonly caller: C } ? N : never }[ServedCallName];
export const HTTP_CALL_NAMES = Object.keys(HTTP_CALLS) as HttpCallName[];
