/**
 * UE9: a submitted claim goes to its competent body: the claim as a PDF (in Lithuanian, the
 * documents listed) by e-mail, with the documents attached while they fit in one e-mail. A claim
 * against a Lithuanian insurer goes to the insurer's claims address; any other (the bureau, a
 * correspondent, a representative or a foreign body, which the bureau passes it on to) to the
 * bureau's claims address. The e-mail goes through the configured sender: the local outbox or SMTP.
 */
import { claimScheme, type ClaimDispatchPort } from '@eid/accounts';
import {
  bankByCode,
  claimCompetence,
  claimFilesFolder,
  claimRecipient,
  INSURER_ID_DEFAULT,
  type BlobStorePort,
  type Claim,
  type DeclarationStorePort,
  type ClaimRendererPort,
  type CompetentBody,
  type DocumentImage,
  type EmailAttachment,
  type EmailSenderPort,
  type VehicleRegistryPort,
} from '@eid/domain';
import { translate } from '@eid/adapter-texts-catalog';
import { CLAIM_MAIL as M } from '../messages/claim-texts.js';

/** Documents ride along with the PDF while together they stay under this size (an e-mail's usual limit is 20-25 MB after base64). */
export const CLAIM_ATTACHMENTS_MAX_BYTES = 12 * 1024 * 1024;


export interface ClaimDispatchDeps {
  readonly renderer: ClaimRendererPort;
  readonly registry: VehicleRegistryPort;
  readonly blobs: BlobStorePort;
  readonly declarations: DeclarationStorePort;
  readonly mail: EmailSenderPort;
  /** The bureau's claims address (`EID_CLAIMS_EMAIL`). */
  readonly bureauEmail: string;
  /** The host of the e-mail's Message-ID (the site's), as the delivery worker's. */
  readonly messageIdHost: string;
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export class ClaimDispatch implements ClaimDispatchPort {
  constructor(private readonly deps: ClaimDispatchDeps) {}

  /** The claim's PDF as the body receives it (the console downloads the same). */
  async render(claim: Claim): Promise<{ readonly pdf: Uint8Array; readonly body: CompetentBody; readonly insurerEmail: string }> {
    const { registry, renderer } = this.deps;
    const { body } = claimCompetence(claim.data);
    const insurer = claim.data.culprit.insurerId > INSURER_ID_DEFAULT ? (await registry.listInsurers()).find((i) => i.id === claim.data.culprit.insurerId) ?? null : null;
    const insurerName = insurer?.name ?? claim.data.competence.insurerName;
    const names = {
      body: translate('lt', M[body], { name: body === 'CORRESPONDENT' || body === 'REPRESENTATIVE' ? claim.data.competence.representativeName || insurerName : insurerName }),
      insurer: insurerName,
      bank: bankByCode(claim.data.payment.bankCode)?.name ?? claim.data.payment.bankName,
    };
    const pdf = await renderer.render({ claim, lang: 'lt', names, scheme: await this.scheme(claim) });
    return { pdf, body, insurerEmail: insurer?.claimsEmail ?? '' };
  }

  async submitted(claim: Claim): Promise<void> {
    const { pdf, body, insurerEmail } = await this.render(claim);
    const to = claimRecipient(body, insurerEmail, this.deps.bureauEmail);
    const number = claim.number ?? claim.id;
    const documents = await this.attachments(claim);
    const lines = [translate('lt', M.body, { number }), translate('lt', documents ? M.attached : M.notAttached), translate('lt', M.automatic)];
    await this.deps.mail.sendEmail({
      to: [to],
      subject: translate('lt', M.subject, { number }),
      text: `${lines.join('\n\n')}\n`,
      attachments: [{ filename: `${number}.pdf`, contentType: 'application/pdf', contentBase64: base64(pdf) }, ...(documents ?? [])],
      messageId: `<claim.${claim.id.replace(/[^A-Za-z0-9_-]/g, '.')}@${this.deps.messageIdHost}>`,
    });
  }

  /** The documents, when all of them fit; null when they do not (the PDF lists them anyway). */
  private async attachments(claim: Claim): Promise<EmailAttachment[] | null> {
    if (claim.documents.reduce((n, d) => n + d.size, 0) > CLAIM_ATTACHMENTS_MAX_BYTES) return null;
    const out: EmailAttachment[] = [];
    for (const d of claim.documents) {
      const stored = await this.deps.blobs.get(d.fileId);
      if (stored && stored.declarationId === claimFilesFolder(claim.id)) out.push({ filename: `${d.kind}-${d.fileName}`, contentType: d.mimeType, contentBase64: base64(stored.bytes) });
    }
    return out;
  }

  private scheme(claim: Claim): Promise<DocumentImage | null> {
    return claimScheme(this.deps, claim);
  }
}

