/**
 * Insurers as clients of the service (issue 36 item 2): a system of an insurer, registered by the
 * bureau's supervisor, that pulls its declarations with OAuth 2.0 client credentials and receives
 * signed webhooks. The rules and shapes are here; the clients are kept behind InsurerStorePort.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';

export interface InsurerClient {
  /** The OAuth 2.0 `client_id` (`ic_` and a random token): not a secret. */
  readonly id: string;
  /** The registry's insurer (`InsurerRecord.id`) whose declarations the client reads. */
  readonly insurerId: number;
  /** A name for the bureau's people ("ERGO claims system"). */
  readonly name: string;
  /** Where the webhooks go; null: the insurer only pulls. */
  readonly webhookUrl: string | null;
  /** SHA-256 (hex) of the client secret: the secret itself is shown once and never kept. */
  readonly secretHash: string;
  /** The webhooks' signing key, sealed by the server (HMAC needs the key itself). */
  readonly webhookKeySealed: string;
  /** The key before the last rotation: webhooks are signed with both for WEBHOOK_SECRET_OVERLAP_MS, so a receiver has time to change. */
  readonly previousWebhookKeySealed: string | null;
  readonly createdAt: number;
  readonly rotatedAt: number | null;
  /** A revoked client gets no token, and its tokens are refused at once. */
  readonly revokedAt: number | null;
}

/** The client's id as issued (a prefix that says what it is, then the IdPort's token). */
export const INSURER_CLIENT_ID_PATTERN = /^ic_[A-Za-z0-9_-]{16,64}$/;
/** A client secret as issued (`ics_` and 43 characters: 256 bits), so a leaked one is recognisable. */
export const INSURER_SECRET_PREFIX = 'ics_';
/** After new credentials, webhooks carry signatures by the old and the new secret for a day (Standard Webhooks allows several). */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
/** An access token lives 5 minutes (short-lived: a leaked one is soon worthless; a system asks again). */
export const INSURER_TOKEN_LIFETIME_S = 300;
export const INSURER_CLIENT_NAME_MAX = 80;
export const WEBHOOK_URL_MAX = 2000;

export type WebhookUrlProblem = 'NOT_URL' | 'SCHEME' | 'CREDENTIALS' | 'FRAGMENT';

/**
 * What is wrong with a webhook address as written: not an absolute http(s) address, a user name or
 * password in it, a fragment. Where it points (a private network, the service itself) is the
 * server's check, which resolves the name; plain http is allowed by the server for the hosts its
 * configuration names only (a local peer).
 */
const WEBHOOK_URL = /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?)(:\d{1,5})?([/?][^\s#]*)?$/;

export function webhookUrlProblem(text: string): WebhookUrlProblem | null {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(text);
  if (!scheme) return 'NOT_URL';
  if (scheme[1] !== 'https' && scheme[1] !== 'http') return 'SCHEME';
  const authority = text.slice(scheme[0].length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@')) return 'CREDENTIALS';
  if (text.includes('#')) return 'FRAGMENT';
  return WEBHOOK_URL.test(text) ? null : 'NOT_URL';
}

const Name = v.pipe(v.string(), v.transform((s) => s.trim()), v.minLength(1), v.maxLength(INSURER_CLIENT_NAME_MAX));
const WebhookUrl = v.pipe(v.string(), v.trim(), v.maxLength(WEBHOOK_URL_MAX), v.check((s) => webhookUrlProblem(s) === null));

/** A supervisor registers an insurer's client: which insurer, a name, and where its webhooks go (or none). */
export const NewInsurerClientSchema = object({
  insurerId: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999_999)),
  name: Name,
  webhookUrl: v.optional(v.nullable(WebhookUrl), null),
});
export type NewInsurerClient = v.InferOutput<typeof NewInsurerClientSchema>;

export const InsurerClientParamsSchema = object({ clientId: v.pipe(v.string(), v.regex(INSURER_CLIENT_ID_PATTERN)) });

/** A client as the console shows it (never a secret or its hash). */
export interface InsurerClientView {
  readonly id: string;
  readonly insurerId: number;
  readonly insurerName: string;
  readonly name: string;
  readonly webhookUrl: string | null;
  readonly createdAt: number;
  readonly rotatedAt: number | null;
  readonly revokedAt: number | null;
}

/** The credentials, shown once: when the client is registered, and each time they are rotated. */
export interface InsurerCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Standard Webhooks signing secret (`whsec_` and base64). */
  readonly webhookSecret: string;
}

export interface InsurerClientsAnswer {
  readonly clients: InsurerClientView[];
  /** The registry's insurers, for the registration form. */
  readonly insurers: Array<{ readonly id: number; readonly name: string }>;
}
export interface InsurerClientAnswer {
  readonly client: InsurerClientView;
  readonly credentials?: InsurerCredentials;
}

export const insurerClientView = (c: InsurerClient, insurerName: string): InsurerClientView => ({
  id: c.id,
  insurerId: c.insurerId,
  insurerName,
  name: c.name,
  webhookUrl: c.webhookUrl,
  createdAt: c.createdAt,
  rotatedAt: c.rotatedAt,
  revokedAt: c.revokedAt,
});
