import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SmtpMailSender } from './smtp-mail.adapter.js';

/** A real SMTP peer on loopback that keeps what it accepts; refuses one recipient on purpose. */
const received: ParsedMail[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith('@refused.example')) callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    else callback();
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
  logger: false,
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP sender (nodemailer)', () => {
  it('[DL2] a message reaches a real SMTP server with its Message-ID, texts, attachment and inline image', async () => {
    const mail = new SmtpMailSender({ url: `smtp://127.0.0.1:${port}`, from: 'EID <eid@bureau.example>' });
    const pdf = Buffer.from('%PDF-1.7 fake');
    const sent = await mail.sendEmail({
      to: ['ona@example.lt'],
      subject: 'Eismo įvykio deklaracija',
      text: 'Deklaracija pateikta.',
      html: '<p>Deklaracija pateikta.</p><img src="cid:qr">',
      attachments: [
        { filename: 'deklaracija.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
        { filename: 'qr.png', contentType: 'image/png', contentBase64: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64'), cid: 'qr' },
      ],
      messageId: '<decl-1.driver-B-email@eid.bureau.example>',
    });
    expect(sent.id).toBe('<decl-1.driver-B-email@eid.bureau.example>');
    const got = received.at(-1)!;
    expect(got.messageId).toBe('<decl-1.driver-B-email@eid.bureau.example>');
    expect(got.subject).toBe('Eismo įvykio deklaracija');
    expect(got.from?.text).toContain('eid@bureau.example');
    // The inline image travels in the multipart/related part, before the attachment.
    expect(got.attachments.map((a) => [a.filename, a.contentType, a.contentId ?? null]).sort()).toEqual([
      ['deklaracija.pdf', 'application/pdf', null],
      ['qr.png', 'image/png', '<qr>'],
    ]);
    expect(Buffer.from(got.attachments.find((a) => a.filename === 'deklaracija.pdf')!.content).equals(pdf)).toBe(true);
    mail.close();
  });

  it('[DL2] a refused recipient or an unreachable server rejects (the delivery worker tries again)', async () => {
    const mail = new SmtpMailSender({ url: `smtp://127.0.0.1:${port}`, from: 'eid@bureau.example' });
    await expect(mail.sendEmail({ to: ['nobody@refused.example'], subject: 's', text: 't' })).rejects.toThrow(/550|mailbox unavailable/);
    mail.close();
    const down = new SmtpMailSender({ url: 'smtp://127.0.0.1:9', from: 'eid@bureau.example', timeoutMs: 2000 });
    await expect(down.sendEmail({ to: ['a@example.lt'], subject: 's', text: 't' })).rejects.toThrow();
    down.close();
  });
});
