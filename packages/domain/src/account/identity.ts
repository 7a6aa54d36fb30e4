/**
 * Sign-in by a provider that verifies the person (issue 15; SPEC.md ID1-ID6): Smart-ID (SK ID
 * Solutions' RP API v3, notification-based authentication) and Mobile-ID (SK's MID REST API).
 * Both give a verified personal code with the name from the person's certificate. The rules here
 * are the protocols' own (the verification codes, the signed message of Smart-ID's ACSP_V2);
 * talking to SK and checking certificates and signatures is an adapter's work behind
 * IdentityProviderPort.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { LOCALES, type Locale } from '../rules/constants.js';
import { isPersonalCode } from '../rules/personal-code.js';
import { phoneSchema } from '../rules/phone.js';
import { TEXT_LIMITS } from '../declaration/entities.js';
import { bytesToBase64 } from '../rules/text.js';

/** The providers that verify a person. */
export const IDENTITY_METHODS = ['smartid', 'mobileid'] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

/** ID1: Smart-ID starts from a Lithuanian personal code (its ETSI identifier `PNOLT-…`), with the language of the phone's prompt. */
export const SmartIdStartSchema = object({ personalCode: v.pipe(v.string(), v.maxLength(11), v.check(isPersonalCode)), lang: v.picklist(LOCALES) });
/** ID1: Mobile-ID starts from the phone number (E.164 once valid) and the personal code. */
export const MobileIdStartSchema = object({ phone: v.pipe(v.string(), v.maxLength(TEXT_LIMITS.phone), v.check((s) => v.is(phoneSchema, s))), personalCode: v.pipe(v.string(), v.maxLength(11), v.check(isPersonalCode)), lang: v.picklist(LOCALES) });
/** ID7: a poll of an attempt by its id. */
export const IdentityPollSchema = object({ attempt: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/)) });


/** The person a provider vouches for (from the certificate's subject). */
export interface VerifiedPerson {
  readonly personalCode: string;
  readonly firstName: string;
  readonly lastName: string;
  /** ISO 3166 alpha-2, from the identifier (`PNOLT-…`). */
  readonly country: string;
}

/**
 * ID5: how a sign-in that did not give a person ended, said to the person by its own message:
 * refused on the phone, not answered in time, the wrong code chosen, no such client, the SIM or
 * the delivery failed, or the answer could not be verified (certificate, chain, signature).
 */
export const IDENTITY_OUTCOMES = ['USER_REFUSED', 'TIMEOUT', 'WRONG_VC', 'NOT_CLIENT', 'NOT_DELIVERED', 'NOT_VERIFIED', 'FAILED'] as const;
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number];

/** A provider's session: still running, a verified person, or how it ended without one. */
export type IdentityPoll =
  | { readonly state: 'RUNNING' }
  | { readonly state: 'OK'; readonly person: VerifiedPerson }
  | { readonly state: 'ENDED'; readonly outcome: IdentityOutcome };

/** What a started session needs to be checked when it ends (kept by the caller, e.g. in the database, so any node can poll). */
export type IdentityContext = Readonly<Record<string, string>>;

export interface IdentityStart {
  readonly sessionId: string;
  /** Shown on the screen; the phone shows the same, and the person checks they match. */
  readonly verificationCode: string;
  readonly context: IdentityContext;
}

/**
 * A provider that verifies a person. `poll` answers within about `waitMs` (a long poll); an
 * answer it cannot verify is `ENDED` with NOT_VERIFIED, never a person.
 */
export interface IdentityProviderPort<Start> {
  start(input: Start, lang: Locale): Promise<IdentityStart>;
  poll(sessionId: string, context: IdentityContext, waitMs: number): Promise<IdentityPoll>;
}

/**
 * ID2: Smart-ID v3's verification code of an authentication: the SHA-256 of the challenge's
 * bytes, its last two bytes as a big-endian number, modulo 10000, four digits.
 */
export function smartIdVerificationCode(challengeSha256: Uint8Array): string {
  if (challengeSha256.length !== 32) throw new Error('a SHA-256 digest has 32 bytes');
  const n = ((challengeSha256[30] ?? 0) << 8) | (challengeSha256[31] ?? 0);
  return String(n % 10_000).padStart(4, '0');
}

/**
 * ID3: Mobile-ID's verification code: the 6 high bits of the hash's first byte and the 7 low bits
 * of its last, as one 13-bit number, four digits.
 */
export function mobileIdVerificationCode(hash: Uint8Array): string {
  if (hash.length < 20) throw new Error('a hash of 20 bytes at least');
  const n = (((hash[0] ?? 0) & 0xfc) << 5) | ((hash[hash.length - 1] ?? 0) & 0x7f);
  return String(n).padStart(4, '0');
}

/**
 * ID8: how a Mobile-ID session's result (MID REST) is said to the person: a cancel on the phone is
 * a refusal, an expired one a time-out, no Mobile-ID a NOT_CLIENT, a phone or SIM that could not
 * be reached NOT_DELIVERED, a signature over another hash NOT_VERIFIED, anything else FAILED.
 */
export function mobileIdOutcome(result: string): IdentityOutcome {
  switch (result) {
    case 'USER_CANCELLED':
      return 'USER_REFUSED';
    case 'TIMEOUT':
    case 'EXPIRED_TRANSACTION':
      return 'TIMEOUT';
    case 'NOT_MID_CLIENT':
      return 'NOT_CLIENT';
    case 'PHONE_ABSENT':
    case 'DELIVERY_ERROR':
    case 'SIM_ERROR':
      return 'NOT_DELIVERED';
    case 'SIGNATURE_HASH_MISMATCH':
      return 'NOT_VERIFIED';
    default:
      return 'FAILED';
  }
}

/** A text's UTF-8 bytes (the domain has no TextEncoder). */
export function utf8Bytes(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** Standard base64 (padded) of a text's UTF-8 bytes. */
export function base64OfText(text: string): string {
  return bytesToBase64(utf8Bytes(text));
}

/** The fields of Smart-ID's ACSP_V2 signed message, as transported (base64 texts are not decoded). */
export interface AcspV2Fields {
  /** `smart-id` in production, `smart-id-demo` in SK's demo environment. */
  readonly schemeName: string;
  readonly serverRandom: string;
  readonly rpChallenge: string;
  readonly userChallenge: string;
  readonly relyingPartyName: string;
  readonly brokeredRpName: string;
  /** Base64 of the SHA-256 of the `interactions` text as sent. */
  readonly interactionsSha256: string;
  readonly interactionTypeUsed: string;
  readonly initialCallbackUrl: string;
  readonly flowType: string;
}

/**
 * ID4: the message a Smart-ID v3 authentication signs (ACSP_V2): eleven fields joined by `|` —
 * the scheme, the protocol, the server's random, the relying party's challenge, the user's
 * challenge, the relying party's and the broker's names in base64, the interactions' hash, the
 * interaction used, the callback URL (empty for notifications) and the flow type.
 */
export function acspV2Message(f: AcspV2Fields): string {
  return [
    f.schemeName,
    'ACSP_V2',
    f.serverRandom,
    f.rpChallenge,
    f.userChallenge,
    base64OfText(f.relyingPartyName),
    f.brokeredRpName === '' ? '' : base64OfText(f.brokeredRpName),
    f.interactionsSha256,
    f.interactionTypeUsed,
    f.initialCallbackUrl,
    f.flowType,
  ].join('|');
}

/**
 * ID6: the person in a certificate's subject: its serialNumber is the ETSI identifier
 * (`PNOLT-30303039914`, or a bare code in older certificates), with the given name and surname.
 * Null unless the identifier is a valid personal code of a natural person (`PNO`).
 */
export function personOfSubject(subject: { readonly serialNumber?: string; readonly givenName?: string; readonly surname?: string; readonly country?: string }): VerifiedPerson | null {
  const serial = subject.serialNumber ?? '';
  const m = /^(?:PNO([A-Z]{2})-)?(\d{11})$/.exec(serial);
  if (!m?.[2] || !subject.givenName || !subject.surname) return null;
  const country = m[1] ?? subject.country ?? '';
  if (country === 'LT' && !isPersonalCode(m[2])) return null;
  return { personalCode: m[2], firstName: subject.givenName, lastName: subject.surname, country };
}

/** A provider's session could not start (no such client, the service failed): said like an ended one. */
export class IdentityFailure extends Error {
  constructor(readonly outcome: IdentityOutcome) {
    super(outcome);
    this.name = 'IdentityFailure';
  }
}
