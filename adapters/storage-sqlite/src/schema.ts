import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { BureauAccident, ChatFile, ClaimData, ClaimDocument, ClaimState, BureauDebt, InsuranceDocument, NotificationPreferences, PickedAddress } from '@eid/domain';

/**
 * Facts about this installation that must survive restarts: the schema generation the
 * data was written with and when the process last started. Declarations, outboxes and
 * the registry get their own tables in later migrations.
 */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * One row per declaration: the document as JSON (the domain's `Declaration`), with the columns the
 * store must query or compare without parsing it (version for compare-and-set, status and last
 * activity for the sweeper, the slots for heartbeats).
 */
export const declarations = sqliteTable(
  'declarations',
  {
    id: text('id').primaryKey(),
    mode: text('mode').notNull(),
    status: text('status').notNull(),
    version: integer('version').notNull(),
    createdAt: integer('created_at').notNull(),
    lastActivity: integer('last_activity').notNull(),
    doc: text('doc').notNull(),
    slotATokenHash: text('slot_a_token_hash'),
    slotALastSeen: integer('slot_a_last_seen').notNull(),
    slotBTokenHash: text('slot_b_token_hash'),
    slotBLastSeen: integer('slot_b_last_seen').notNull(),
  },
  (t) => [index('declarations_activity').on(t.status, t.lastActivity)],
);

/** The plates, VIN keys and trailer plates a declaration is found by (rebuilt on every save). */
export const declarationKeys = sqliteTable(
  'declaration_keys',
  {
    declarationId: text('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.key] }), index('declaration_keys_key').on(t.key)],
);

/** What made each recent version (kind of change, who): another node's devices are pushed the same (see the port). */
export const declarationChanges = sqliteTable(
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

/** The submit queue: declarations both drivers submitted, until the worker has answered. */
export const submitQueue = sqliteTable('submit_queue', {
  declarationId: text('declaration_id').primaryKey(),
  enqueuedAt: integer('enqueued_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** PENDING until the worker finished; DONE afterwards (kept for audit). */
  state: text('state').notNull(),
  nextAttemptAt: integer('next_attempt_at').notNull(),
  lastError: text('last_error'),
  /** Until when a worker has claimed the entry (null: nobody has). */
  leasedUntil: integer('leased_until'),
});

/**
 * A driver's statement of a sent declaration: its view links' ids, the preview password's hash and
 * the stored encrypted documents. One per party and declaration.
 */
export const statements = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('statements_party').on(t.declarationId, t.party), index('statements_accident').on(t.accidentId)],
);

/**
 * The delivery outbox: every message a sent declaration produces, written in full with the
 * statements, then sent by the delivery worker. Attachments are JSON (blob ids or small inline bytes).
 */
export const deliveries = sqliteTable(
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
    nextAttemptAt: integer('next_attempt_at').notNull(),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    lastError: text('last_error'),
    /** Until when a worker has claimed the message (null: nobody has). */
    leasedUntil: integer('leased_until'),
  },
  (t) => [index('deliveries_due').on(t.state, t.nextAttemptAt), index('deliveries_declaration').on(t.declarationId)],
);

/**
 * Short-lived state with an expiry (ExpiringStorePort): rate-limit counters, pending phone codes,
 * preview lock-outs, used captcha tokens. In the database so that a restart forgets none of them.
 */
export const expiring = sqliteTable(
  'expiring',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('expiring_expires').on(t.expiresAt)],
);

/**
 * Accounts (issue 15): the address normalised and unique, the password as argon2id, the personal
 * code only when verified (Smart-ID, Mobile-ID); sessions and single-use link tokens by their
 * SHA-256 only.
 */
export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    emailConfirmedAt: integer('email_confirmed_at'),
    passwordHash: text('password_hash'),
    personalCode: text('personal_code'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    birthDate: text('birth_date'),
    phone: text('phone'),
    address: text('address', { mode: 'json' }).$type<PickedAddress>(),
    licence: text('licence'),
    /** Settings M (null: the defaults). */
    notifications: text('notifications', { mode: 'json' }).$type<NotificationPreferences>(),
    lang: text('lang').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('accounts_email').on(t.email), uniqueIndex('accounts_personal_code').on(t.personalCode), index('accounts_unconfirmed').on(t.emailConfirmedAt, t.createdAt)],
);

/** OI3: social accounts (issuer and subject as one key) linked to accounts. */
export const accountLinks = sqliteTable(
  'account_links',
  {
    key: text('key').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('account_links_account').on(t.accountId)],
);

export const accountSessions = sqliteTable(
  'account_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    method: text('method').notNull(),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    device: text('device').notNull(),
  },
  (t) => [index('account_sessions_account').on(t.accountId), index('account_sessions_seen').on(t.lastSeenAt)],
);

export const accountTokens = sqliteTable(
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
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('account_tokens_account').on(t.accountId, t.purpose)],
);

/** The bureau's records of persons (issue 15: /documents, /ei, /liabilities), by personal code. */
export const bureauDocuments = sqliteTable(
  'bureau_documents',
  {
    personalCode: text('personal_code').notNull(),
    no: text('no').notNull(),
    validTill: text('valid_till').notNull(),
    record: text('record', { mode: 'json' }).$type<InsuranceDocument>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.no] }), index('bureau_documents_till').on(t.validTill)],
);

export const bureauAccidents = sqliteTable(
  'bureau_accidents',
  {
    personalCode: text('personal_code').notNull(),
    id: text('id').notNull(),
    record: text('record', { mode: 'json' }).$type<BureauAccident>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.id] })],
);

export const bureauDebts = sqliteTable(
  'bureau_debts',
  {
    personalCode: text('personal_code').notNull(),
    id: text('id').notNull(),
    record: text('record', { mode: 'json' }).$type<BureauDebt>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.personalCode, t.id] })],
);

/** BR5: the declarations an account took part in (its browser held that party's seat). */
export const accountDeclarations = sqliteTable(
  'account_declarations',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    declarationId: text('declaration_id').notNull(),
    party: text('party').notNull(),
    /** The hash of the seat's token the account's browser held (the seat may change hands later). */
    tokenHash: text('token_hash').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.declarationId, t.party, t.tokenHash] })],
);

/** Chats between drivers and the bureau (issue 16): the summary a list reads, kept with each message. */
export const chats = sqliteTable(
  'chats',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    /** The topic in lower case (Lithuanian rules), what the console's search looks in. */
    topicSearch: text('topic_search').notNull(),
    createdAt: integer('created_at').notNull(),
    lastAt: integer('last_at').notNull(),
    lastSender: text('last_sender').$type<'U' | 'B'>().notNull(),
    abstract: text('abstract').notNull(),
    unreadByUser: integer('unread_by_user').notNull(),
    unreadByBureau: integer('unread_by_bureau').notNull(),
  },
  (t) => [index('chats_account').on(t.accountId), index('chats_waiting').on(t.lastSender, t.lastAt)],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    messageId: text('message_id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    sender: text('sender').$type<'U' | 'B'>().notNull(),
    staffName: text('staff_name'),
    at: integer('at').notNull(),
    content: text('content').notNull(),
    files: text('files', { mode: 'json' }).$type<readonly ChatFile[]>().notNull(),
    readAt: integer('read_at'),
  },
  (t) => [uniqueIndex('chat_messages_order').on(t.chatId, t.seq)],
);

/** The bureau's staff (issue 16; SF): separate from drivers' accounts. */
export const staff = sqliteTable('staff', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').$type<'operator' | 'supervisor' | 'insurer'>().notNull(),
  /** Issue 36: the registry's insurer an `insurer` member works for (null for the bureau's own). */
  insurerId: integer('insurer_id'),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret').notNull(),
  lastTotpStep: integer('last_totp_step').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull(),
  createdAt: integer('created_at').notNull(),
});

export const staffSessions = sqliteTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/** AL1: append-only (a trigger refuses UPDATE; only the retention sweep deletes). No foreign key: the log outlives a staff account. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    staffId: text('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    ip: text('ip').notNull(),
  },
  (t) => [index('audit_log_staff').on(t.staffId, t.seq), index('audit_log_at').on(t.at)],
);

/**
 * The victims' claims (issue 17): the form and the documents as JSON, with the columns the store
 * queries (owner, declaration, state and submission for the console's queue, the number and the
 * culprit's plate in lower case for its search) and the version for compare-and-set.
 */
export const claims = sqliteTable(
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
    data: text('data', { mode: 'json' }).$type<ClaimData>().notNull(),
    documents: text('documents', { mode: 'json' }).$type<readonly ClaimDocument[]>().notNull(),
    version: integer('version').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    submittedAt: integer('submitted_at'),
  },
  (t) => [index('claims_account').on(t.accountId, t.createdAt), index('claims_queue').on(t.state, t.submittedAt)],
);

/** Insurers' systems registered as clients (issue 36): secrets kept only as hashes, the webhook key sealed. */
export const insurerClients = sqliteTable('insurer_clients', {
  id: text('id').primaryKey(),
  insurerId: integer('insurer_id').notNull(),
  name: text('name').notNull(),
  webhookUrl: text('webhook_url'),
  secretHash: text('secret_hash').notNull(),
  webhookKeySealed: text('webhook_key_sealed').notNull(),
  previousWebhookKeySealed: text('previous_webhook_key_sealed'),
  createdAt: integer('created_at').notNull(),
  rotatedAt: integer('rotated_at'),
  revokedAt: integer('revoked_at'),
});

/** Each insurer's feed of finished declarations (issue 36): the order its systems pull them in. */
export const insurerFeed = sqliteTable(
  'insurer_feed',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    insurerId: integer('insurer_id').notNull(),
    declarationId: text('declaration_id').notNull(),
    finishedAt: integer('finished_at').notNull(),
  },
  (t) => [uniqueIndex('insurer_feed_declaration').on(t.insurerId, t.declarationId), index('insurer_feed_of').on(t.declarationId)],
);

/** Webhooks to insurers' systems (issue 36): one row per client, declaration and event; its attempts beside it. */
export const webhookDeliveries = sqliteTable(
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
    nextAttemptAt: integer('next_attempt_at').notNull(),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    leasedUntil: integer('leased_until'),
  },
  (t) => [uniqueIndex('webhook_deliveries_once').on(t.clientId, t.declarationId, t.event), index('webhook_deliveries_due').on(t.state, t.nextAttemptAt), index('webhook_deliveries_of').on(t.declarationId), index('webhook_deliveries_created').on(t.createdAt)],
);

export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    deliveryId: text('delivery_id').notNull(),
    at: integer('at').notNull(),
    status: integer('status'),
    error: text('error'),
    ms: integer('ms').notNull(),
  },
  (t) => [index('webhook_attempts_of').on(t.deliveryId, t.seq)],
);

/** Insurers' claims registered for declarations (issue 36): one per declaration and insurer. */
export const insurerClaims = sqliteTable(
  'insurer_claims',
  {
    declarationId: text('declaration_id').notNull(),
    insurerId: integer('insurer_id').notNull(),
    claimNumber: text('claim_number').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    clientId: text('client_id').notNull(),
    registeredAt: integer('registered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.declarationId, t.insurerId] })],
);
