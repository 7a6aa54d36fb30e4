import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BureauAccident, ChatFile, ClaimData, ClaimDocument, ClaimState, BureauDebt, InsuranceDocument, NotificationPreferences, PickedAddress, RegistrationStatus, VehicleTypeLetter } from '@eid/domain';

/** Milliseconds since the epoch, as the domain's ClockPort counts them (bigint, read as a JS number). */
const ms = (name: string) => bigint(name, { mode: 'number' });

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Facts about this installation that must survive restarts (the last start of a node). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ms('updated_at').notNull(),
});

/**
 * The same tables as the SQLite store (adapters/storage-sqlite/src/schema.ts), in PostgreSQL: one
 * row per declaration with the document as JSON text, and the columns the store compares or
 * queries without parsing it.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: text('id').primaryKey(),
    mode: text('mode').notNull(),
    status: text('status').notNull(),
    version: integer('version').notNull(),
    createdAt: ms('created_at').notNull(),
    lastActivity: ms('last_activity').notNull(),
    doc: text('doc').notNull(),
    slotATokenHash: text('slot_a_token_hash'),
    slotALastSeen: ms('slot_a_last_seen').notNull(),
    slotBTokenHash: text('slot_b_token_hash'),
    slotBLastSeen: ms('slot_b_last_seen').notNull(),
    /** Counts the row's saves: a node that kept the document of a revision need not read it again (PgDeclarationStore's cache). */
    rev: integer('rev').notNull().default(0),
  },
  (t) => [index('declarations_activity').on(t.status, t.lastActivity)],
);

/** The plates, VIN keys and trailer plates a declaration is found by (rebuilt on every save). */
export const declarationKeys = pgTable(
  'declaration_keys',
  {
    declarationId: text('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.key] }), index('declaration_keys_key').on(t.key)],
);

/**
 * What made each recent version (the kind of change and who), written with the version: another
 * node that hears of a version pushes its devices the delta with the kind it was made by.
 */
export const declarationChanges = pgTable(
  'declaration_changes',
  {
    declarationId: text('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    byParty: text('by_party'),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.version] })],
);

/** The index of the binaries on the object store: which declaration, type and size each has (see S3BlobStore). */
export const blobs = pgTable(
  'blobs',
  {
    id: text('id').primaryKey(),
    declarationId: text('declaration_id').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [index('blobs_declaration').on(t.declarationId)],
);

/** A driver's statement of a sent declaration (see the SQLite schema). */
export const statements = pgTable(
  'statements',
  {
    statementId: text('statement_id').primaryKey(),
    suid: text('suid').notNull().unique(),
    accidentId: text('accident_id').notNull(),
    declarationId: text('declaration_id').notNull(),
    party: text('party').notNull(),
    lang: text('lang').notNull(),
    passwordHash: text('password_hash').notNull(),
    docPrimary: text('doc_primary').notNull(),
    docSecondary: text('doc_secondary').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('statements_party').on(t.declarationId, t.party), index('statements_accident').on(t.accidentId)],
);

/** The delivery outbox of sent declarations. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: text('id').primaryKey(),
    declarationId: text('declaration_id').notNull(),
    key: text('key').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    attachments: text('attachments').notNull(),
    state: text('state').notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: ms('next_attempt_at').notNull(),
    createdAt: ms('created_at').notNull(),
    sentAt: ms('sent_at'),
    lastError: text('last_error'),
    /** Until when a worker (of any node) has claimed the message (null: nobody has). */
    leasedUntil: ms('leased_until'),
  },
  (t) => [index('deliveries_due').on(t.state, t.nextAttemptAt), index('deliveries_declaration').on(t.declarationId)],
);

/** Short-lived state with an expiry (ExpiringStorePort), shared by every node. */
export const expiring = pgTable(
  'expiring',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [index('expiring_expires').on(t.expiresAt)],
);

export type OutboxChannel = 'sms' | 'email';

export interface OutboxAttachmentMeta {
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

/** The local outbox's messages (SMS and e-mail of an installation without gateways). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: text('id').notNull().unique(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    recipients: jsonb('recipients').$type<readonly string[]>().notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<readonly OutboxAttachmentMeta[]>().notNull(),
    createdAt: ms('created_at').notNull(),
    smsState: text('sms_state').$type<'SENDING' | 'SENT' | 'DELIVERED' | 'FAILED' | 'UNCERTAIN' | 'UNSENT'>(),
    /** The SMSC's ids of the parts, space-separated. */
    smscIds: text('smsc_ids'),
  },
  (t) => [index('outbox_messages_created').on(t.createdAt, t.seq), check('outbox_messages_channel', sql`${t.channel} in ('sms', 'email')`)],
);

export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] })],
);

/** The vehicle and insurance registry of the local installation (see the SQLite registry). */
export const registryInsurers = pgTable('registry_insurers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  www: text('www').notNull(),
  damageWww: text('damage_www').notNull(),
  claimsEmail: text('claims_email').notNull().default(''),
});

export const registryVehicles = pgTable(
  'registry_vehicles',
  {
    plate: text('plate').primaryKey(),
    status: text('status').$type<RegistrationStatus>().notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    type: text('type').$type<VehicleTypeLetter>().notNull(),
    vin: text('vin').notNull(),
    insurerId: integer('insurer_id').references(() => registryInsurers.id),
    policyNo: text('policy_no'),
    policyValidTill: text('policy_valid_till'),
  },
  (t) => [
    index('registry_vehicles_insurer').on(t.insurerId),
    check('registry_vehicles_status', sql`${t.status} in ('REGISTERED', 'DEREGISTERED', 'MUST_BE_TERMINATED')`),
    check('registry_vehicles_policy', sql`(${t.insurerId} is null) = (${t.policyNo} is null) and (${t.insurerId} is null) = (${t.policyValidTill} is null)`),
  ],
);

/** Accounts, their sessions and single-use link tokens (see the SQLite schema). */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    emailConfirmedAt: ms('email_confirmed_at'),
    passwordHash: text('password_hash'),
    personalCode: text('personal_code'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthDate: text('birth_date'),
    phone: text('phone'),
    address: jsonb('address').$type<PickedAddress>(),
    licence: text('licence'),
    /** Settings M (null: the defaults). */
    notifications: jsonb('notifications').$type<NotificationPreferences>(),
    lang: text('lang').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('accounts_email').on(t.email), uniqueIndex('accounts_personal_code').on(t.personalCode), index('accounts_unconfirmed').on(t.emailConfirmedAt, t.createdAt)],
);

/** OI3: social accounts (issuer and subject as one key) linked to accounts. */
export const accountLinks = pgTable(
  'account_links',
  {
    key: text('key').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('account_links_account').on(t.accountId)],
);

export const accountSessions = pgTable(
  'account_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    method: text('method').notNull(),
    createdAt: ms('created_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
    device: text('device').notNull(),
  },
  (t) => [index('account_sessions_account').on(t.accountId), index('account_sessions_seen').on(t.lastSeenAt)],
);

export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** A confirmation link's password (argon2id), the account's only once the link is used. */
    passwordHash: text('password_hash'),
    /** AC15: the new address an 'email' link confirms. */
    email: text('email'),
    expiresAt: ms('expires_at').notNull(),
  },
  (t) => [index('account_tokens_account').on(t.accountId, t.purpose)],
);

/** The bureau's records of persons (issue 15: /documents, /ei, /liabilities), by personal code. */
export const bureauDocuments = pgTable(
  'bureau_documents',
  {
    personalCode: text('personal_code').notNull(),
    no: text('no').notNull(),
    validTill: text('valid_till').notNull(),
    record: jsonb('record').$type<InsuranceDocument>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.no] }), index('bureau_documents_till').on(t.validTill)],
);

export const bureauAccidents = pgTable(
  'bureau_accidents',
  {
    personalCode: text('personal_code').notNull(),
    id: text('id').notNull(),
    record: jsonb('record').$type<BureauAccident>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.id] })],
);

export const bureauDebts = pgTable(
  'bureau_debts',
  {
    personalCode: text('personal_code').notNull(),
    id: text('id').notNull(),
    record: jsonb('record').$type<BureauDebt>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.id] })],
);

/** BR5: the declarations an account took part in (its browser held that party's seat). */
export const accountDeclarations = pgTable(
  'account_declarations',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    declarationId: text('declaration_id').notNull(),
    party: text('party').notNull(),
    /** The hash of the seat's token the account's browser held (the seat may change hands later). */
    tokenHash: text('token_hash').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.declarationId, t.party, t.tokenHash] })],
);

/** Chats between drivers and the bureau (issue 16; see the SQLite schema). */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    topicSearch: text('topic_search').notNull(),
    createdAt: ms('created_at').notNull(),
    lastAt: ms('last_at').notNull(),
    lastSender: text('last_sender').$type<'U' | 'B'>().notNull(),
    abstract: text('abstract').notNull(),
    unreadByUser: integer('unread_by_user').notNull(),
    unreadByBureau: integer('unread_by_bureau').notNull(),
  },
  (t) => [index('chats_account').on(t.accountId), index('chats_waiting').on(t.lastSender, t.lastAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    messageId: text('message_id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sender: text('sender').$type<'U' | 'B'>().notNull(),
    staffName: text('staff_name'),
    at: ms('at').notNull(),
    content: text('content').notNull(),
    files: jsonb('files').$type<readonly ChatFile[]>().notNull(),
    readAt: ms('read_at'),
  },
  (t) => [uniqueIndex('chat_messages_order').on(t.chatId, t.seq)],
);

/** The bureau's staff (issue 16; see the SQLite schema). */
export const staff = pgTable('staff', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<'operator' | 'supervisor' | 'insurer'>().notNull(),
  insurerId: integer('insurer_id'),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull(),
  active: boolean('active').notNull(),
  createdAt: ms('created_at').notNull(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ms('created_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/** AL1: append-only (a trigger refuses UPDATE; only the retention sweep deletes). */
export const auditLog = pgTable(
  'audit_log',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: ms('at').notNull(),
    staffId: text('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('audit_log_staff').on(t.staffId, t.seq), index('audit_log_at').on(t.at)],
);

/** The victims' claims (issue 17), as in the SQLite store: the form and the documents as jsonb. */
export const claims = pgTable(
  'claims',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    declarationId: text('declaration_id'),
    party: text('party').$type<'A' | 'B'>(),
    state: text('state').$type<ClaimState>().notNull(),
    number: text('number'),
    /** `data.culprit.plate` in lower case (Lithuanian rules), what the console's search looks in. */
    plate: text('plate').notNull().default(''),
    chatId: text('chat_id'),
    data: jsonb('data').$type<ClaimData>().notNull(),
    documents: jsonb('documents').$type<readonly ClaimDocument[]>().notNull(),
    version: integer('version').notNull(),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    submittedAt: ms('submitted_at'),
  },
  (t) => [index('claims_account').on(t.accountId, t.createdAt), index('claims_queue').on(t.state, t.submittedAt)],
);

/** Insurers' systems registered as clients (issue 36; see the SQLite schema). */
export const insurerClients = pgTable(
  'insurer_clients',
  {
    id: text('id').primaryKey(),
    insurerId: integer('insurer_id').notNull(),
    name: text('name').notNull(),
    webhookUrl: text('webhook_url'),
    secretHash: text('secret_hash').notNull(),
    webhookKeySealed: text('webhook_key_sealed').notNull(),
    previousWebhookKeySealed: text('previous_webhook_key_sealed'),
    createdAt: ms('created_at').notNull(),
    rotatedAt: ms('rotated_at'),
    revokedAt: ms('revoked_at'),
  },
  (t) => [index('insurer_clients_created').on(t.createdAt)],
);

/** Each insurer's feed of finished declarations (issue 36): written under a lock, so that the numbers commit in order. */
export const insurerFeed = pgTable(
  'insurer_feed',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    insurerId: integer('insurer_id').notNull(),
    declarationId: text('declaration_id').notNull(),
    finishedAt: ms('finished_at').notNull(),
  },
  (t) => [uniqueIndex('insurer_feed_declaration').on(t.insurerId, t.declarationId), index('insurer_feed_of').on(t.declarationId)],
);

/** Webhooks to insurers' systems (issue 36; see the SQLite schema). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id').notNull(),
    insurerId: integer('insurer_id').notNull(),
    declarationId: text('declaration_id').notNull(),
    event: text('event').$type<'declaration.finished'>().notNull(),
    payload: text('payload').notNull(),
    state: text('state').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: ms('next_attempt_at').notNull(),
    createdAt: ms('created_at').notNull(),
    deliveredAt: ms('delivered_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    leasedUntil: ms('leased_until'),
  },
  (t) => [uniqueIndex('webhook_deliveries_once').on(t.clientId, t.declarationId, t.event), index('webhook_deliveries_due').on(t.state, t.nextAttemptAt), index('webhook_deliveries_of').on(t.declarationId), index('webhook_deliveries_created').on(t.createdAt)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    at: ms('at').notNull(),
    status: integer('status'),
    error: text('error'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('webhook_attempts_of').on(t.deliveryId, t.seq)],
);

/** Insurers' claims registered for declarations (issue 36; see the SQLite schema). */
export const insurerClaims = pgTable(
  'insurer_claims',
  {
    declarationId: text('declaration_id').notNull(),
    insurerId: integer('insurer_id').notNull(),
    claimNumber: text('claim_number').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    clientId: text('client_id').notNull(),
    registeredAt: ms('registered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.insurerId] })],
);
