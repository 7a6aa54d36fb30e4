/**
 * Issue 17: the texts of a claim's e-mail to its competent body and the names of the bodies, as
 * printed on the claim's PDF (in Lithuanian: the bodies are Lithuanian or read it through the bureau).
 */
import type { ServerMessage } from '@eid/adapter-texts-catalog';

export const CLAIM_MAIL = {
  subject: /*i18n*/ { id: 'claim.mail.subject', message: 'Claim for damages {number}' },
  body: /*i18n*/ { id: 'claim.mail.body', message: 'A claim for damages {number} was submitted through EID. The claim is attached as a PDF with its list of documents.' },
  attached: /*i18n*/ { id: 'claim.mail.attached', message: 'The documents are attached.' },
  notAttached: /*i18n*/ { id: 'claim.mail.not-attached', message: 'The documents are too large for one e-mail: the bureau keeps them and sends them on request.' },
  automatic: /*i18n*/ { id: 'mail.automatic', message: 'This e-mail was sent automatically.' },
  INSURER: /*i18n*/ { id: 'claim.body.insurer', message: 'The insurer of the vehicle at fault: {name}' },
  CORRESPONDENT: /*i18n*/ { id: 'claim.body.correspondent', message: 'The correspondent in Lithuania of the foreign insurer {name}' },
  REPRESENTATIVE: /*i18n*/ { id: 'claim.body.representative', message: 'The claims representative in Lithuania of the insurer {name}' },
  BUREAU: /*i18n*/ { id: 'claim.body.bureau', message: 'The Lithuanian Motor Insurers\' Bureau' },
  FOREIGN_BODY: /*i18n*/ { id: 'claim.body.foreign', message: 'The insurer or bureau of the country of the accident (through the Lithuanian Motor Insurers\' Bureau)' },
} satisfies Record<string, ServerMessage>;
