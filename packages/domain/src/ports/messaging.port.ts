/** A text message to one phone (E.164, e.g. +37061234567). */
export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}

export interface EmailAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** The content, base64-encoded (the domain has no Buffer). */
  readonly contentBase64: string;
  /** Content id of an inline image the HTML shows as `cid:...` (the QR code). */
  readonly cid?: string;
}

export interface EmailMessage {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly EmailAttachment[];
  /**
   * A stable id of the message (an outbox row id): sent as its Message-ID, so that a message sent
   * again after a crash is recognisably the same one.
   */
  readonly messageId?: string;
}

/** The id the sender gave the accepted message (an outbox row id, an SMTP message id ...). */
export interface SentMessage {
  readonly id: string;
}

/** API Boundary: sends SMS. Rejects when the message could not be accepted. */
export interface SmsSenderPort {
  sendSms(message: SmsMessage): Promise<SentMessage>;
}

/** API Boundary: sends e-mail. Rejects when the message could not be accepted. */
export interface EmailSenderPort {
  sendEmail(message: EmailMessage): Promise<SentMessage>;
}
