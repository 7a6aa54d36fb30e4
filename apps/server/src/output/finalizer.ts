import {
  deliveryPlan,
  documentImageIds,
  documentFor,
  documentModel,
  type DocumentAudience,
  emailLinkPath,
  partiesAtFault,
  partyPreviewPassword,
  secondaryLang,
  smsLinkPath,
  documentFileName,
  INSURER_LANG,
  PARTIES,
  type BlobStorePort,
  type BureauContact,
  type ClockPort,
  type Declaration,
  type DeclarationStorePort,
  type DeliveryAttachment,
  type DeliveryRecord,
  type DocumentImage,
  type DocumentRendererPort,
  type IdPort,
  type Locale,
  type OutputStorePort,
  type Party,
  DOCUMENT_PHOTO,
  type MediaProcessorPort,
  type PdfEncryptionPort,
  type PlannedMessage,
  type StatementRecord,
  type VehicleRegistryPort,
} from '@eid/domain';
import { declarationNaming, driverEmail, driverSms, insurerEmail } from '../messages/delivery-texts.js';

export interface FinalizerDeps {
  readonly store: DeclarationStorePort;
  readonly blobs: BlobStorePort;
  readonly output: OutputStorePort;
  readonly renderer: DocumentRendererPort;
  readonly encryption: PdfEncryptionPort;
  /** Photos are fitted for the document's pages (smaller e-mails). */
  readonly media: Pick<MediaProcessorPort, 'shrinkJpeg'>;
  readonly registry: VehicleRegistryPort;
  /** The responsible insurers told (issue 36): their feeds, their systems' webhooks. */
  readonly insurers: { announce(declaration: Declaration, finishedAt: number): Promise<void> };
  /** Receives the copy of a party at fault insured abroad or not at all (IN5). */
  readonly bureau: BureauContact;
  readonly ids: IdPort;
  readonly clock: ClockPort;
  /** A slow, salted hash of a preview password (argon2id). */
  readonly hashPassword: (password: string) => Promise<string>;
  /** The QR code of a link, as PNG bytes. */
  readonly qrPng: (text: string) => Promise<Uint8Array>;
  /** Where the site is reached (links in messages). */
  readonly publicUrl: string;
  readonly log: (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => void;
}

const PDF = 'application/pdf';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
const docId = (declarationId: string, name: string) => `${declarationId}-${name}`;

/**
 * What happens when both drivers have submitted (the submit queue's work, issue 6): the document in
 * every language needed is rendered, encrypted per driver with that driver's preview password
 * (never stored or sent unencrypted), stored; each driver gets a statement (view links); every
 * message is written to the delivery outbox. Statements and messages are committed together once
 * (`saveOutput`): run again after a crash, it finds them and only answers the view links.
 */
export class DeclarationFinalizer {
  constructor(private readonly deps: FinalizerDeps) {}

  /** The drivers' view links; null when the declaration is gone (removed meanwhile). */
  async finalize(declarationId: string): Promise<Record<Party, string> | null> {
    const record = await this.deps.store.get(declarationId);
    if (!record) return null;
    let statements = await this.deps.output.statementsFor(declarationId);
    if (statements.length === 0) {
      await this.produce(record.declaration);
      statements = await this.deps.output.statementsFor(declarationId);
    }
    // After the statements, every time (once per insurer and declaration): a run that crashed between the two adds it now.
    // The drivers' output is made: a failure here does not fail their declaration; the insurers are told by the next sweep.
    const finishedAt = statements[0]?.createdAt ?? this.deps.clock.now();
    await this.deps.insurers.announce(record.declaration, finishedAt).catch((e: unknown) => this.deps.log('error', 'the insurers could not be told of a finished declaration (the sweep tries again)', { declarationId, error: String(e) }));
    const byParty = new Map(statements.map((s) => [s.party, s]));
    const link = (party: Party) => {
      const s = byParty.get(party);
      if (!s) throw new Error(`no statement of party ${party}`);
      return smsLinkPath(s.suid, s.lang);
    };
    return { A: link('A'), B: link('B') };
  }

  private async produce(d: Declaration): Promise<void> {
    const { deps } = this;
    const now = deps.clock.now();
    const accidentId = deps.ids.token();
    const model = documentModel(d, accidentId, now);
    const images = await this.images(documentImageIds(model));
    const fault = partiesAtFault(d);
    // Each reader's copy (DOC5): a driver's leaves out the other's personal code, the insurers' holds both.
    const pdfs = new Map<string, Uint8Array>();
    const pdfOf = async (lang: Locale, audience: DocumentAudience) => {
      const key = `${lang}:${audience}`;
      let pdf = pdfs.get(key);
      if (!pdf) {
        pdf = await deps.renderer.render({ model: documentFor(model, audience), lang, images });
        pdfs.set(key, pdf);
      }
      return pdf;
    };

    // Encrypted copies, stored before anything refers to them.
    const stored: { id: string; bytes: Uint8Array }[] = [];
    const statements: StatementRecord[] = [];
    for (const party of PARTIES) {
      const password = partyPreviewPassword(d, party);
      const own = d.parties[party].fillLang;
      const second = secondaryLang(d, party);
      const primary = { id: docId(d.id, `doc${party}0`), bytes: await deps.encryption.encrypt(await pdfOf(own, party), password) };
      const secondary = second ? { id: docId(d.id, `doc${party}2`), bytes: await deps.encryption.encrypt(await pdfOf(second, party), password) } : primary;
      stored.push(primary);
      if (secondary !== primary) stored.push(secondary);
      if (fault.includes(party)) {
        stored.push({ id: docId(d.id, `ins${party}`), bytes: await deps.encryption.encrypt(await pdfOf(INSURER_LANG, 'insurers'), password) });
      }
      statements.push({
        statementId: deps.ids.token(),
        suid: deps.ids.token(),
        accidentId,
        declarationId: d.id,
        party,
        lang: own,
        passwordHash: await deps.hashPassword(password),
        documents: { primary: primary.id, secondary: secondary.id },
        createdAt: now,
      });
    }
    await deps.blobs.putAll(stored.map((s) => ({ id: s.id, declarationId: d.id, contentType: PDF, bytes: s.bytes })));

    const plan = deliveryPlan(d, await deps.registry.listInsurers(), deps.bureau);
    for (const gap of plan.gaps) deps.log('warn', 'delivery gap', { declarationId: d.id, gap });
    const messages: DeliveryRecord[] = [];
    for (const m of plan.messages) messages.push(await this.message(d, m, statements, now));
    await deps.output.saveOutput(statements, messages);
    deps.log('info', 'declaration document produced', { declarationId: d.id, copies: [...pdfs.keys()], messages: messages.map((m) => m.key) });
  }

  /**
   * Issue 36: the insurers' copy (in Lithuanian, with both drivers' personal codes) rendered again
   * for an insurer's system from the declaration and its statement's accident number and time: the
   * same document the insurers' e-mail carries, never kept unencrypted.
   */
  async insurersCopy(d: Declaration, accidentId: string, completedAt: number): Promise<Uint8Array> {
    const model = documentModel(d, accidentId, completedAt);
    const images = await this.images(documentImageIds(model));
    return this.deps.renderer.render({ model: documentFor(model, 'insurers'), lang: INSURER_LANG, images });
  }

  private async images(ids: readonly string[]): Promise<Map<string, DocumentImage>> {
    // Fitted in parallel (the photo processes share the work), kept in the model's order.
    const loaded = await Promise.all(
      ids.map(async (id): Promise<[string, DocumentImage] | null> => {
        const blob = await this.deps.blobs.get(id);
        if (!blob) {
          this.deps.log('warn', 'an image of the document is missing', { id });
          return null;
        }
        const fitted = blob.contentType === 'image/jpeg' ? await this.deps.media.shrinkJpeg(blob.bytes, DOCUMENT_PHOTO.maxSide, DOCUMENT_PHOTO.quality) : null;
        return [id, fitted ? { contentType: fitted.contentType, bytes: fitted.bytes } : { contentType: blob.contentType, bytes: blob.bytes }];
      }),
    );
    return new Map(loaded.filter((e): e is [string, DocumentImage] => e !== null));
  }

  private async message(d: Declaration, m: PlannedMessage, statements: readonly StatementRecord[], now: number): Promise<DeliveryRecord> {
    const s = statements.find((x) => x.party === m.party)!;
    const input = { lang: m.lang, ...declarationNaming(d), link: '', insurerName: m.insurerName };
    const base = { id: `${d.id}:${m.key}`, declarationId: d.id, key: m.key, channel: m.channel, to: m.to, state: 'PENDING' as const, attempts: 0, nextAttemptAt: now, createdAt: now, sentAt: null, lastError: null };
    if (m.channel === 'sms') {
      return { ...base, subject: null, text: driverSms({ ...input, link: `${this.deps.publicUrl}${smsLinkPath(s.suid, s.lang)}` }), html: null, attachments: [] };
    }
    const pdf: DeliveryAttachment = {
      filename: documentFileName(d, m.audience === 'insurer' ? INSURER_LANG : m.lang),
      contentType: PDF,
      blobId: m.audience === 'insurer' ? docId(d.id, `ins${m.party}`) : s.documents.primary,
    };
    if (m.audience === 'insurer') {
      const mail = insurerEmail({ ...input, party: m.party, ...(m.forBureau ? { forBureau: m.forBureau } : {}) });
      return { ...base, subject: mail.subject, text: mail.text, html: null, attachments: [pdf] };
    }
    const link = `${this.deps.publicUrl}${emailLinkPath(s.accidentId, s.statementId, s.lang)}`;
    const mail = driverEmail({ ...input, link });
    const qr: DeliveryAttachment = { filename: 'qr.png', contentType: 'image/png', contentBase64: base64(await this.deps.qrPng(link)), cid: 'qr' };
    return { ...base, subject: mail.subject, text: mail.text, html: mail.html, attachments: [pdf, qr] };
  }
}
