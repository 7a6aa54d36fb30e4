import type { Locale, Party } from '../rules/constants.js';

/**
 * API Boundary: sends a driver the link that confirms their e-mail address (`/confirm?t=...`),
 * worded in the driver's language. The server signs the link and queues the e-mail; the practice
 * mode sends nothing. Rejects when the message could not be accepted.
 */
export interface EmailConfirmationPort {
  sendLink(input: { readonly declarationId: string; readonly party: Party; readonly email: string; readonly lang: Locale }): Promise<void>;
}
