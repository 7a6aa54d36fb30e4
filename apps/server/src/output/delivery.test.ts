import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ACCIDENT_TIME, DRIVER_CODES, FixedClock } from '@eid/test-fixtures';
import type { Declaration } from '@eid/domain';
import { documentTexts } from '@eid/adapter-document-pdf';
import { translate } from '@eid/adapter-texts-catalog';
import { buildTestApp } from '../testing/build-test-app.js';
import { seedSubmitted } from '../testing/submitted.js';
import { DEV_OUTBOX_PATH } from '../routes/dev-outbox.js';
import { SUBMIT_GIVE_UP_MS } from '../hub/submit-worker.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const NOW = ACCIDENT_TIME + 20 * 60_000;
const PASSWORD = { A: DRIVER_CODES.A.slice(-6), B: DRIVER_CODES.B.slice(-6) };
const tmp = mkdtempSync(join(tmpdir(), 'eid-delivery-'));

/** A real SMTP peer on loopback: keeps what it accepts, can refuse the next N messages. */
const mails: ParsedMail[] = [];
let refuseNext = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    // keepCidLinks: check the HTML as sent (cid:qr), not with the image inlined by the parser.
    simpleParser(stream, { keepCidLinks: true })
      .then((mail) => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
          return;
        }
        mails.push(mail);
        callback();
      })
      .catch(callback);
  },
});
let smtpUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(tmp, { recursive: true, force: true });
});

function pdfText(bytes: Buffer, password: string | null): { ok: boolean; text: string } {
  const file = join(tmp, `doc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  const r = spawnSync('pdftotext', [...(password ? ['-upw', password] : []), '-layout', file, '-'], { encoding: 'utf8' });
  return { ok: r.status === 0, text: r.stdout };
}

function encryption(bytes: Buffer, password: string): string {
  const file = join(tmp, `enc-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('qpdf', ['--show-encryption', `--password=${password}`, file], { encoding: 'utf8' });
}

describe('delivery of a sent declaration', () => {
  const open: Ctx[] = [];
  let clock: FixedClock;

  async function start(env: Record<string, string> = {}) {
    clock = new FixedClock(NOW);
    const ctx = await buildTestApp({ EID_SMTP_URL: smtpUrl, EID_PUBLIC_URL: 'https://eid.test', EID_DEV_OUTBOX: 'on', ...env }, { clock });
    await ctx.app.ready();
    open.push(ctx);
    return ctx;
  }

  afterEach(async () => {
    mails.splice(0);
    refuseNext = 0;
    for (const c of open.splice(0)) await c.close();
  });

  it('[DL1] [DOC2] [DOC4] [DOC5] drivers and the insurer at fault get their documents: encrypted AES-256, readable with the password only, in their language', async () => {
    const ctx = await start();
    await seedSubmitted(ctx.app, 'decl-deliver-0001', NOW);
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    const d = (await ctx.app.declarations.get('decl-deliver-0001'))!.declaration;
    expect(d).toMatchObject({ status: 'FINISHED', submitState: 'SUCCESS', viewUrls: { A: expect.stringMatching(/^\/a\/[A-Za-z0-9_-]{32}\?lang=(lt|en)$/), B: expect.stringMatching(/^\/a\//) } });
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(3);

    // B chose e-mail and filled in English; A's insurer (A is at fault) gets a Lithuanian e-mail.
    expect(mails.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', m.subject]).sort()).toEqual([
      ['ona.zemaityte@example.lt', 'Road accident declaration KLM123 – HBN512'],
      ['zalos@ld.insurers.example', 'EID: eismo įvykio deklaracija KLM123 – HBN512 (kaltininkas – vairuotojas A)'],
    ]);
    const toB = mails.find((m) => m.subject?.startsWith('Road'))!;
    expect(toB.messageId).toBe('<decl-deliver-0001.driver-B-email@eid.test>');
    expect(toB.text).toMatch(/https:\/\/eid\.test\/accidents\/[A-Za-z0-9_-]{32}\/statements\/[A-Za-z0-9_-]{32}/);
    expect(toB.html).toContain('cid:qr');
    const pdfB = toB.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdfB.filename).toBe('declaration-KLM123-HBN512-en.pdf');
    expect(toB.attachments.some((a) => a.contentType === 'image/png' && a.contentId === '<qr>')).toBe(true);

    expect(encryption(pdfB.content, PASSWORD.B)).toMatch(/R = 6[\s\S]*AESv3/);
    const readB = pdfText(pdfB.content, PASSWORD.B);
    expect(readB.ok).toBe(true);
    for (const text of ['KLM123', 'HBN512', 'Jonas Petraitis', 'Ona Žemaitytė', 'Road accident declaration']) expect(readB.text).toContain(text);
    // The circumstances ticked (A: 2 and 10, B: 12), as the document words them in English.
    const en = documentTexts(translate, 'en').circumstanceLabels;
    for (const key of ['2', '10', '12'] as const) expect(readB.text.replace(/\s+/g, ' ')).toContain(en[key].replace(/\s+/g, ' '));
    // B's own copy (DOC5): B's code, A's birth date, never A's personal code (A's password).
    expect(readB.text).toContain(DRIVER_CODES.B);
    expect(readB.text).toContain(d.parties.A.driver.dob);
    expect(readB.text).not.toContain(DRIVER_CODES.A);
    expect(readB.text).not.toContain(PASSWORD.A);
    expect(pdfText(pdfB.content, null)).toMatchObject({ ok: false, text: '' });
    expect(pdfText(pdfB.content, PASSWORD.A).ok).toBe(false);

    const toInsurer = mails.find((m) => m.subject?.startsWith('EID:'))!;
    const pdfIns = toInsurer.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(pdfIns.filename).toBe('deklaracija-KLM123-HBN512-lt.pdf');
    const readIns = pdfText(pdfIns.content, PASSWORD.A);
    expect(readIns.ok).toBe(true);
    for (const text of ['Eismo įvykio deklaracija', 'Jonas Petraitis', 'Ona Žemaitytė', 'KLM123', 'HBN512']) expect(readIns.text).toContain(text);
    // The insurers' copy holds both codes (DOC5).
    for (const code of [DRIVER_CODES.A, DRIVER_CODES.B]) expect(readIns.text).toContain(code);
    const lt = documentTexts(translate, 'lt').circumstanceLabels;
    for (const key of ['2', '10', '12'] as const) expect(readIns.text.replace(/\s+/g, ' ')).toContain(lt[key].replace(/\s+/g, ' '));

    // A chose SMS: the short link and the password hint, in Lithuanian, in the SMS outbox.
    const outbox = (await ctx.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: '127.0.0.1' })).json<{ messages: Array<{ channel: string; to: string[]; text: string }> }>();
    const sms = outbox.messages.filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toEqual(['+37061234567']);
    expect(sms[0]!.text).toContain(`https://eid.test${d.viewUrls.A}`);
    expect(sms[0]!.text).toContain('Slaptažodis');

    // Nothing is sent twice: the queue is done and the outbox empty.
    expect(await ctx.app.submitWorker.runOnce()).toBe(0);
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(0);
    expect(mails).toHaveLength(2);
  });

  it('[DL2] a message the mail server refuses is tried again later and delivered once', async () => {
    const ctx = await start();
    await seedSubmitted(ctx.app, 'decl-deliver-0002', NOW);
    await ctx.app.submitWorker.runOnce();
    refuseNext = 1;
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(2);
    const pending = (await ctx.app.output.deliveriesFor('decl-deliver-0002')).filter((m) => m.state === 'PENDING');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ attempts: 1, nextAttemptAt: NOW + 1000, lastError: expect.stringContaining('451') });
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(0);
    clock.advance(1000);
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(1);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
    expect((await ctx.app.output.deliveriesFor('decl-deliver-0002')).every((m) => m.state === 'SENT')).toBe(true);
  });

  it('[DOC4] a server that cannot encrypt says so at start-up; its declarations wait, nothing is sent, and after 10 minutes they fail', async () => {
    const ctx = await start({ EID_QPDF: '/nonexistent/qpdf' });
    expect(ctx.logLines.some((l) => l.level === 50 && String(l.msg).includes('CANNOT ENCRYPT'))).toBe(true);
    await seedSubmitted(ctx.app, 'decl-deliver-0003', NOW);
    expect(await ctx.app.submitWorker.runOnce()).toBe(0);
    expect((await ctx.app.declarations.get('decl-deliver-0003'))!.declaration.submitState).toBe('WAITING');
    expect(await ctx.app.output.statementsFor('decl-deliver-0003')).toEqual([]);
    expect(await ctx.app.deliveryWorker.runOnce()).toBe(0);
    clock.advance(SUBMIT_GIVE_UP_MS);
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    const d: Declaration = (await ctx.app.declarations.get('decl-deliver-0003'))!.declaration;
    expect(d).toMatchObject({ status: 'FINISHED', submitState: 'FAIL', viewUrls: { A: null, B: null } });
    expect(mails).toHaveLength(0);
  });
});
