import type { Locale } from '../rules/constants.js';

/**
 * API Boundary: sends a phone confirmation code (declaration-flow §5: 6 digits) to a driver's
 * phone, worded in the driver's language. The server words it and hands it to its SMS sender;
 * the practice mode sends nothing. Rejects when the message could not be accepted.
 */
export interface PhoneCodeSenderPort {
  sendCode(toE164: string, code: string, lang: Locale): Promise<void>;
}
