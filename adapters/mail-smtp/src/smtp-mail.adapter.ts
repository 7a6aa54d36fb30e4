import nodemailer from 'nodemailer';
import type { EmailMessage, EmailSenderPort, SentMessage } from '@eid/domain';

export interface SmtpOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465 (TLS from the start). */
  readonly url: string;
  /** The sender, e.g. `EID <eid@bureau.example>`. */
  readonly from: string;
  /** Connection, greeting and socket time-outs (a stalled server must not hold a delivery forever). */
  readonly timeoutMs?: number;
}

/**
 * E-mail over SMTP with nodemailer: the EmailSenderPort of a real installation. A message resolves
 * only when the server accepted it (250 after DATA); any refusal or broken connection rejects, and
 * the delivery worker tries again later. The message's stable id becomes its Message-ID header.
 */
export class SmtpMailSender implements EmailSenderPort {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(private readonly options: SmtpOptions) {
    const timeout = options.timeoutMs ?? 30_000;
    this.transport = nodemailer.createTransport(options.url, {
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as never);
  }

  async sendEmail(message: EmailMessage): Promise<SentMessage> {
    if (message.to.length === 0) throw new Error('smtp: an e-mail needs at least one address');
    const info = await this.transport.sendMail({
      from: this.options.from,
      to: [...message.to],
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, 'base64'),
        ...(a.cid ? { cid: a.cid } : {}),
      })),
    });
    return { id: String(info.messageId ?? message.messageId ?? '') };
  }

  /** Checks the connection and the login (start-up). */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
  }
}
