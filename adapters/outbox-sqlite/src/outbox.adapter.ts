import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type {
  ClockPort,
  EmailMessage,
  EmailSenderPort,
  IdPort,
  SentMessage,
  SmsMessage,
  SmsSenderPort,
} from '@eid/domain';
import * as schema from './schema.js';
import { outboxAttachments, outboxMessages, type OutboxAttachmentMeta, type OutboxChannel, type SmsState } from './schema.js';

/** The committed SQL migrations, found relative to this file both from src/ and dist/. */
export const OUTBOX_MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
/** Its own history table, so the outbox can share one SQLite file with other adapters. */
export const OUTBOX_MIGRATIONS_TABLE = '__eid_outbox_migrations';

/** A stored message as a listing shows it: attachments by name, type and size only. */
export interface OutboxMessage {
  readonly id: string;
  readonly channel: OutboxChannel;
  /** One phone (E.164) for an SMS, one or more addresses for an e-mail. */
  readonly to: readonly string[];
  /** Null for an SMS. */
  readonly subject: string | null;
  readonly text: string;
  readonly html: string | null;
  readonly attachments: readonly OutboxAttachmentMeta[];
  /** When the outbox accepted it, milliseconds since the epoch (from the ClockPort). */
  readonly createdAt: number;
  /** An SMS handed to a gateway: its state (null: kept here only). */
  readonly smsState: SmsState | null;
  readonly smscIds: readonly string[];
}

export interface OutboxAttachment extends OutboxAttachmentMeta {
  /** The content, base64-encoded exactly as the sender was given it. */
  readonly contentBase64: string;
}

/** A stored message with its attachments' content. */
export interface OutboxMessageWithContent extends Omit<OutboxMessage, 'attachments'> {
  readonly attachments: readonly OutboxAttachment[];
}

export interface OutboxQuery {
  readonly channel?: OutboxChannel;
  /** At most this many (default 100, at most 1000). */
  readonly limit?: number;
}

/** Both senders over one outbox, plus reading it back (the developer page, tests). */
export interface SqliteOutbox extends SmsSenderPort, EmailSenderPort {
  /** Newest first; messages accepted in the same millisecond in reverse order of acceptance. */
  list(query?: OutboxQuery): OutboxMessage[];
  get(id: string): OutboxMessageWithContent | null;
  /** Deletes the messages accepted before `before` with their attachments (the retention period, RT1); answers how many. */
  removeBefore(before: number): number;
  /** SMS3: keeps an SMS about to be handed to a gateway (state SENDING); its id. */
  recordSms(message: SmsMessage): Promise<string>;
  /** SMS3: the gateway's answer: SENT with the SMSC's part ids, UNCERTAIN, or UNSENT. */
  setSmsState(id: string, state: SmsState, smscIds?: readonly string[]): Promise<void>;
  /** SMS4: a receipt for a part (by the SMSC's id): DELIVERED, or FAILED (which stays); false when no SMS has that id. */
  smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean>;
}

export const OUTBOX_DEFAULT_LIMIT = 100;
export const OUTBOX_MAX_LIMIT = 1000;

const nonEmpty = (s: unknown): s is string => typeof s === 'string' && s.trim() !== '';

/**
 * The local outbox that `npm start` uses instead of an SMS gateway and an SMTP server: each message
 * is accepted by storing it in `outbox_messages` (and its attachments' bytes in
 * `outbox_attachments`) of a SQLite connection the app opened. Sending rejects when the message is
 * malformed or SQLite fails, as a real gateway would refuse it.
 */
export function createSqliteOutbox(sqlite: Database.Database, clock: ClockPort, ids: IdPort): SqliteOutbox {
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: OUTBOX_MIGRATIONS_FOLDER, migrationsTable: OUTBOX_MIGRATIONS_TABLE });

  function store(
    channel: OutboxChannel,
    to: readonly string[],
    subject: string | null,
    text: string,
    html: string | null,
    attachments: readonly { filename: string; contentType: string; bytes: Buffer }[],
    smsState: SmsState | null = null,
  ): SentMessage {
    const id = ids.token();
    db.transaction((tx) => {
      tx.insert(outboxMessages)
        .values({
          id,
          channel,
          recipients: [...to],
          subject,
          body: text,
          html,
          attachments: attachments.map(({ filename, contentType, bytes }) => ({
            filename,
            contentType,
            size: bytes.length,
          })),
          createdAt: clock.now(),
          smsState,
        })
        .run();
      attachments.forEach(({ bytes }, position) => {
        tx.insert(outboxAttachments).values({ messageId: id, position, content: bytes }).run();
      });
    });
    return { id };
  }

  const toMessage = (row: typeof outboxMessages.$inferSelect): OutboxMessage => ({
    id: row.id,
    channel: row.channel,
    to: row.recipients,
    subject: row.subject,
    text: row.body,
    html: row.html,
    attachments: row.attachments,
    createdAt: row.createdAt,
    smsState: row.smsState ?? null,
    smscIds: row.smscIds ? row.smscIds.split(' ') : [],
  });

  const checkSms = (message: SmsMessage) => {
    if (!nonEmpty(message.to)) throw new Error('outbox: an SMS needs a phone number');
    if (typeof message.text !== 'string') throw new Error('outbox: an SMS needs a text');
  };

  return {
    async sendSms(message: SmsMessage): Promise<SentMessage> {
      checkSms(message);
      return store('sms', [message.to], null, message.text, null, []);
    },

    async recordSms(message: SmsMessage): Promise<string> {
      checkSms(message);
      return store('sms', [message.to], null, message.text, null, [], 'SENDING').id;
    },

    async setSmsState(id: string, state: SmsState, smscIds: readonly string[] = []): Promise<void> {
      db.update(outboxMessages).set({ smsState: state, ...(smscIds.length > 0 ? { smscIds: smscIds.join(' ') } : {}) }).where(and(eq(outboxMessages.id, id), eq(outboxMessages.channel, 'sms'))).run();
    },

    async smsReceipt(smscId: string, state: 'DELIVERED' | 'FAILED'): Promise<boolean> {
      const pattern = `% ${smscId.replace(/[\\%_]/g, (c) => `\\${c}`)} %`;
      const changed = db
        .update(outboxMessages)
        .set({ smsState: state })
        .where(and(eq(outboxMessages.channel, 'sms'), ne(outboxMessages.smsState, 'FAILED'), sql`(' ' || ${outboxMessages.smscIds} || ' ') like ${pattern} escape '\\'`))
        .run().changes;
      return changed > 0;
    },

    async sendEmail(message: EmailMessage): Promise<SentMessage> {
      if (!Array.isArray(message.to) || message.to.length === 0 || !message.to.every(nonEmpty)) {
        throw new Error('outbox: an e-mail needs at least one address');
      }
      if (typeof message.subject !== 'string' || typeof message.text !== 'string') {
        throw new Error('outbox: an e-mail needs a subject and a text');
      }
      const attachments = (message.attachments ?? []).map((a, i) => {
        if (!nonEmpty(a.filename) || !nonEmpty(a.contentType)) {
          throw new Error(`outbox: attachment ${i} needs a file name and a content type`);
        }
        // Only canonical base64 comes back out unchanged: Buffer skips stray characters silently, so
        // the round trip is the check (and, unlike a regular expression, stays linear on megabytes).
        if (typeof a.contentBase64 !== 'string') throw new Error(`outbox: attachment ${i} has no content`);
        const bytes = Buffer.from(a.contentBase64, 'base64');
        if (bytes.toString('base64') !== a.contentBase64) {
          throw new Error(`outbox: attachment ${i} is not canonical base64`);
        }
        return { filename: a.filename, contentType: a.contentType, bytes };
      });
      return store('email', message.to, message.subject, message.text, message.html ?? null, attachments);
    },

    list(query: OutboxQuery = {}): OutboxMessage[] {
      const requested = Math.trunc(query.limit ?? OUTBOX_DEFAULT_LIMIT);
      const limit = Math.min(OUTBOX_MAX_LIMIT, Math.max(1, Number.isFinite(requested) ? requested : 1));
      return db
        .select()
        .from(outboxMessages)
        .where(query.channel ? eq(outboxMessages.channel, query.channel) : undefined)
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.seq))
        .limit(limit)
        .all()
        .map(toMessage);
    },

    removeBefore(before: number): number {
      // Attachments go with their message (ON DELETE CASCADE, foreign keys on).
      return db.transaction((tx) => {
        const old = tx.select({ id: outboxMessages.id }).from(outboxMessages).where(lt(outboxMessages.createdAt, before)).all().map((r) => r.id);
        for (let i = 0; i < old.length; i += 500) {
          const chunk = old.slice(i, i + 500);
          tx.delete(outboxAttachments).where(inArray(outboxAttachments.messageId, chunk)).run();
          tx.delete(outboxMessages).where(inArray(outboxMessages.id, chunk)).run();
        }
        return old.length;
      });
    },

    get(id: string): OutboxMessageWithContent | null {
      const row = db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).get();
      if (!row) return null;
      const contents = new Map(
        db
          .select()
          .from(outboxAttachments)
          .where(eq(outboxAttachments.messageId, id))
          .orderBy(asc(outboxAttachments.position))
          .all()
          .map((a) => [a.position, a.content] as const),
      );
      const message = toMessage(row);
      return {
        ...message,
        attachments: message.attachments.map((meta, position) => {
          const content = contents.get(position);
          if (!content) throw new Error(`outbox: message ${id} lost attachment ${position}`);
          return { ...meta, contentBase64: content.toString('base64') };
        }),
      };
    },
  };
}
