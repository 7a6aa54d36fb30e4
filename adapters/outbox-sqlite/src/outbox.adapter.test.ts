import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IdPort } from '@eid/domain';
import { FixedClock, registerOutboxSmsContract, SequenceIds } from '@eid/test-fixtures';
import { createSqliteOutbox, OUTBOX_MIGRATIONS_TABLE, type SqliteOutbox } from './outbox.adapter.js';

const T0 = Date.UTC(2026, 10, 22, 10, 0, 0);

describe('SQLite outbox', () => {
  let sqlite: Database.Database;
  let clock: FixedClock;
  let outbox: SqliteOutbox;

  beforeEach(() => {
    sqlite = new Database(':memory:');
    clock = new FixedClock(T0);
    outbox = createSqliteOutbox(sqlite, clock, new SequenceIds());
  });
  afterEach(() => {
    if (sqlite.open) sqlite.close();
  });

  it('stores an SMS and an e-mail and lists them back', async () => {
    const sms = await outbox.sendSms({ to: '+37061234567', text: 'Jūsų kodas: 123456' });
    clock.advance(1000);
    const email = await outbox.sendEmail({
      to: ['vairuotojas@example.lt', 'kitas@example.lt'],
      subject: 'Eismo įvykio deklaracija',
      text: 'Deklaracija pateikta.',
      html: '<p>Deklaracija <b>pateikta</b>.</p>',
    });

    expect(outbox.list()).toEqual([
      {
        id: email.id,
        channel: 'email',
        to: ['vairuotojas@example.lt', 'kitas@example.lt'],
        subject: 'Eismo įvykio deklaracija',
        text: 'Deklaracija pateikta.',
        html: '<p>Deklaracija <b>pateikta</b>.</p>',
        attachments: [],
        createdAt: T0 + 1000,
        smsState: null,
        smscIds: [],
      },
      {
        id: sms.id,
        channel: 'sms',
        to: ['+37061234567'],
        subject: null,
        text: 'Jūsų kodas: 123456',
        html: null,
        attachments: [],
        createdAt: T0,
        smsState: null,
        smscIds: [],
      },
    ]);
    expect(outbox.get(sms.id)).toEqual(outbox.list({ channel: 'sms' })[0]);
    expect(outbox.get('no-such-id')).toBeNull();
  });

  it('lists newest first, by channel and up to a limit; same-millisecond messages latest first', async () => {
    const sent: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      sent.push((await outbox.sendSms({ to: '+37060000000', text: `sms ${i}` })).id);
      sent.push((await outbox.sendEmail({ to: ['a@example.lt'], subject: `mail ${i}`, text: '' })).id);
      // Two messages per millisecond: the tie is broken by acceptance order.
      clock.advance(i % 2 === 0 ? 0 : 5);
    }
    expect(outbox.list().map((m) => m.id)).toEqual([...sent].reverse());
    expect(outbox.list({ channel: 'sms' }).map((m) => m.text)).toEqual(['sms 4', 'sms 3', 'sms 2', 'sms 1', 'sms 0']);
    expect(outbox.list({ channel: 'email', limit: 2 }).map((m) => m.subject)).toEqual(['mail 4', 'mail 3']);
    expect(outbox.list({ limit: 0 })).toHaveLength(1);
  });

  it('keeps attachments intact, bytes and metadata, in order', async () => {
    const pdf = randomBytes(70_000);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const empty = Buffer.alloc(0);
    const { id } = await outbox.sendEmail({
      to: ['draudikas@example.lt'],
      subject: 'Deklaracija',
      text: 'Priedai pridėti.',
      attachments: [
        { filename: 'deklaracija.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
        { filename: 'schema.png', contentType: 'image/png', contentBase64: png.toString('base64') },
        { filename: 'tuščias.txt', contentType: 'text/plain', contentBase64: empty.toString('base64') },
      ],
    });

    expect(outbox.list()[0]?.attachments).toEqual([
      { filename: 'deklaracija.pdf', contentType: 'application/pdf', size: 70_000 },
      { filename: 'schema.png', contentType: 'image/png', size: 10 },
      { filename: 'tuščias.txt', contentType: 'text/plain', size: 0 },
    ]);
    const stored = outbox.get(id);
    const bytes = stored?.attachments.map((a) => Buffer.from(a.contentBase64, 'base64')) ?? [];
    expect(bytes.map((b, i) => b.equals([pdf, png, empty][i]!))).toEqual([true, true, true]);
    expect(stored?.attachments.map((a) => a.contentBase64)).toEqual([
      pdf.toString('base64'),
      png.toString('base64'),
      '',
    ]);
  });

  it('keeps a large attachment (8 MiB) intact', async () => {
    const big = randomBytes(8 * 1024 * 1024);
    const { id } = await outbox.sendEmail({
      to: ['draudikas@example.lt'],
      subject: 'Nuotraukos',
      text: '',
      attachments: [{ filename: 'photos.zip', contentType: 'application/zip', contentBase64: big.toString('base64') }],
    });
    const stored = outbox.get(id)?.attachments[0];
    expect(stored?.size).toBe(big.length);
    expect(Buffer.from(stored?.contentBase64 ?? '', 'base64').equals(big)).toBe(true);
  });

  it('answers each message with a unique id, the one it is stored under', async () => {
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? outbox.sendSms({ to: '+37060000001', text: String(i) }) : outbox.sendEmail({ to: ['x@example.lt'], subject: String(i), text: '' }),
      ),
    );
    const unique = new Set(ids.map((s) => s.id));
    expect(unique.size).toBe(50);
    expect(new Set(outbox.list().map((m) => m.id))).toEqual(unique);
  });

  it('rejects a message when the id source repeats an id, storing nothing', async () => {
    const stuck: IdPort = { token: () => 'same-id', random: () => 0.5 };
    const repeating = createSqliteOutbox(sqlite, clock, stuck);
    await repeating.sendSms({ to: '+37060000002', text: 'first' });
    await expect(
      repeating.sendEmail({
        to: ['y@example.lt'],
        subject: 'second',
        text: '',
        attachments: [{ filename: 'a.txt', contentType: 'text/plain', contentBase64: 'YQ==' }],
      }),
    ).rejects.toThrow();
    expect(outbox.list().map((m) => m.text)).toEqual(['first']);
    expect(sqlite.prepare('select count(*) as n from outbox_attachments').get()).toEqual({ n: 0 });
  });

  it.each([
    ['an SMS without a number', () => outbox.sendSms({ to: ' ', text: 'x' })],
    ['an e-mail without addresses', () => outbox.sendEmail({ to: [], subject: 's', text: 't' })],
    ['an e-mail with an empty address', () => outbox.sendEmail({ to: ['a@example.lt', ''], subject: 's', text: 't' })],
    [
      'an attachment that is not base64',
      () =>
        outbox.sendEmail({
          to: ['a@example.lt'],
          subject: 's',
          text: 't',
          attachments: [{ filename: 'a.bin', contentType: 'application/octet-stream', contentBase64: 'not base64!' }],
        }),
    ],
    [
      'an attachment without a file name',
      () =>
        outbox.sendEmail({
          to: ['a@example.lt'],
          subject: 's',
          text: 't',
          attachments: [{ filename: '', contentType: 'text/plain', contentBase64: 'YQ==' }],
        }),
    ],
  ])('rejects %s and stores nothing', async (_name, send) => {
    await expect(send()).rejects.toThrow();
    expect(outbox.list()).toEqual([]);
  });

  it('rejects sending when the database is closed', async () => {
    sqlite.close();
    await expect(outbox.sendSms({ to: '+37061234567', text: 'x' })).rejects.toThrow();
    await expect(outbox.sendEmail({ to: ['a@example.lt'], subject: 's', text: 't' })).rejects.toThrow();
  });

  it('keeps its own migrations table, and opening again keeps the messages', async () => {
    await outbox.sendSms({ to: '+37061234567', text: 'kept' });
    const again = createSqliteOutbox(sqlite, clock, new SequenceIds());
    expect(again.list().map((m) => m.text)).toEqual(['kept']);
    expect(sqlite.prepare(`select count(*) as n from ${OUTBOX_MIGRATIONS_TABLE}`).get()).toEqual({ n: 2 });
    const tables = sqlite.prepare("select name from sqlite_master where name = '__drizzle_migrations'").all();
    expect(tables).toEqual([]);
  });
});

registerOutboxSmsContract('SQLite', async (run) => {
  const sqlite = new Database(':memory:');
  try {
    await run(createSqliteOutbox(sqlite, new FixedClock(T0), new SequenceIds()));
  } finally {
    sqlite.close();
  }
});
