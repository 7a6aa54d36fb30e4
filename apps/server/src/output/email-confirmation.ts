import type { ClockPort, EmailConfirmationPort, EmailSenderPort, Locale, Party } from '@eid/domain';
import { confirmationEmail } from '../messages/delivery-texts.js';
import { readToken, signToken } from './signed-token.js';

/** How long an e-mail confirmation link works (not in the spec; a declaration lives 30 minutes unfinished). */
export const EMAIL_LINK_TTL_MS = 24 * 3_600_000;
const PURPOSE = 'email-confirmation';

export interface EmailLinkClaim {
  readonly declarationId: string;
  readonly party: Party;
  readonly email: string;
}

/**
 * The e-mail confirmation links of declaration-flow (`/confirm?t=...`): signed, naming the
 * declaration, the party and the address, valid for a day. Sent straight to the mail sender (the
 * driver is waiting for it); a refusal is answered to the driver, who may ask again.
 */
export class EmailConfirmationLinks implements EmailConfirmationPort {
  constructor(
    private readonly deps: { readonly secret: string; readonly publicUrl: string; readonly clock: ClockPort; readonly email: EmailSenderPort },
  ) {}

  link(claim: EmailLinkClaim): string {
    const token = signToken(this.deps.secret, PURPOSE, { d: claim.declarationId, p: claim.party, e: claim.email, x: this.deps.clock.now() + EMAIL_LINK_TTL_MS });
    return `${this.deps.publicUrl}/confirm?t=${encodeURIComponent(token)}`;
  }

  async sendLink(input: { declarationId: string; party: Party; email: string; lang: Locale }): Promise<void> {
    const mail = confirmationEmail(input.lang, this.link(input));
    await this.deps.email.sendEmail({ to: [input.email], subject: mail.subject, text: mail.text, html: mail.html });
  }

  /** The claim of a link this installation signed and that has not expired; null otherwise. */
  read(token: string): EmailLinkClaim | null {
    const p = readToken(this.deps.secret, PURPOSE, token);
    if (!p) return null;
    const { d, e, x } = p;
    const party = p.p;
    if (typeof d !== 'string' || typeof e !== 'string' || typeof x !== 'number' || (party !== 'A' && party !== 'B')) return null;
    if (x < this.deps.clock.now()) return null;
    return { declarationId: d, party, email: e };
  }
}
