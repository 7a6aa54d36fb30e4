import { resolve } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_MAX_TIME_ADJUST_HOURS } from '@eid/domain';
import { ConfigError, read } from './config-read.js';
import { mobileIdConfig, oidcConfig, smartIdConfig, type OidcProviderConfig, type SkServiceConfig } from './config-identity.js';

export { ConfigError } from './config-read.js';
export type { OidcProviderConfig, SkServiceConfig } from './config-identity.js';

/**
 * Every setting the server reads, with its default. README.md "Configuration" lists the
 * same variables; keep the two together.
 */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Folder of the SQLite file (eid.sqlite) and the local outboxes. */
  readonly dataDir: string;
  readonly databaseFile: string;
  /**
   * PostgreSQL (`EID_DATABASE_URL=postgres://...`): the store every node of several shares, with the
   * cross-node lock and change feed. Empty: the SQLite file of one process (the embedded default).
   */
  readonly databaseUrl: string;
  /**
   * The binaries on an S3-compatible object store (`EID_S3_URL` and the bucket settings), which
   * several nodes share; null: files under `<EID_DATA_DIR>/blobs` (one node). Needs EID_DATABASE_URL
   * (the binaries' index is kept there).
   */
  readonly s3: { readonly url: string; readonly bucket: string; readonly region: string; readonly accessKeyId: string; readonly secretAccessKey: string } | null;
  /** Folder of the binaries (photos, voice notes, drawings): `<EID_DATA_DIR>/blobs`. */
  readonly blobsDir: string;
  /** Built web app to serve; absent folder = API only. */
  readonly webDist: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Plain-text answers of /serveris/parametrai/{name}; empty = not configured. */
  readonly parameters: { readonly maps: string; readonly gtm: string; readonly recaptcha: string; readonly ga4: string };
  /** Client log calls per IP per minute. */
  readonly logRateLimitPerMinute: number;
  /** Hours the accident time may be rolled back (declaration-flow §3 maxTimeAdjust). */
  readonly maxTimeAdjustHours: number;
  /** Origins besides the site's own that may open the declaration socket. */
  readonly allowedOrigins: readonly string[];
  /** 'fixture': fill an empty registry from adapters/registry-sqlite/seed; 'none': leave it. */
  readonly registrySeed: 'fixture' | 'none';
  /** The bureau's records of the local installation's demo persons (`EID_BUREAU_SEED`, issue 15). */
  readonly bureauSeed: 'fixture' | 'none';
  /** Issue 17: where a claim whose competent body is the bureau (or a body without an address here) is e-mailed (`EID_CLAIMS_EMAIL`). */
  readonly claimsEmail: string;
  /** The local installation's demo staff (an operator and a supervisor with known TOTP secrets: `EID_STAFF_SEED`, issue 16); refused in production. */
  readonly staffSeed: 'fixture' | 'none';
  /** AC14: personal codes of test users, who cannot fill declarations (`EID_TEST_PERSONAL_CODES`, comma-separated). */
  readonly testPersonalCodes: readonly string[];
  /** Run the inactivity sweep and the submit worker on timers (tests drive them by hand). */
  readonly backgroundJobs: boolean;
  /** The address the site is reached at, for the links in e-mails and SMS (no trailing slash). */
  readonly publicUrl: string;
  /** SMTP server for e-mail (smtp:// or smtps:// URL); empty: e-mail goes to the local outbox. */
  readonly smtpUrl: string;
  /** The sender of the e-mails. */
  readonly mailFrom: string;
  /**
   * Smart-ID sign-in (SPEC ID1-ID7): `EID_SMART_ID_URL` is SK's RP API v3 address (production
   * `https://rp-api.smart-id.com/v3`), `local` for the local service with SK's demo accounts (what
   * `npm start` and the tests use), empty: Smart-ID is not offered. With a real address,
   * `EID_SMART_ID_RP_UUID`, `EID_SMART_ID_RP_NAME`, `EID_SMART_ID_SCHEME` (`smart-id`, or
   * `smart-id-demo` for SK's demo) and `EID_SMART_ID_CA_FILES` (PEM files, comma-separated) are required.
   */
  readonly smartId: SkServiceConfig & { readonly schemeName: string };
  /**
   * Mobile-ID sign-in (SPEC ID1, ID3, ID8): `EID_MOBILE_ID_URL` is SK's MID REST address
   * (production `https://mid.sk.ee/mid-api`), `local` for the local service with SK's demo numbers,
   * empty: not offered. With a real address `EID_MOBILE_ID_RP_UUID`, `EID_MOBILE_ID_RP_NAME` and
   * `EID_MOBILE_ID_CA_FILES` are required.
   */
  readonly mobileId: SkServiceConfig;
  /**
   * Social sign-in (SPEC OI1-OI4): `EID_OIDC_PROVIDERS` lists provider ids (comma-separated);
   * each id's `EID_OIDC_<ID>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET` and `_NAME` (the button's
   * name) are required. The id `local` needs none: a local provider beside the server (what
   * `npm start` and the e2e tests use).
   */
  readonly oidc: readonly OidcProviderConfig[];
  /** Secret signing links, cookies and captcha challenges; empty: one is made and kept in the data folder. */
  readonly secret: string;
  /** Proof-of-work captcha on submit, phone codes and the preview ('off' only for load tests). */
  readonly captcha: boolean;
  /** PBKDF2 iterations per try of the captcha's proof of work. */
  readonly captchaCost: number;
  /** The qpdf program that encrypts the documents. */
  readonly qpdf: string;
  /** Folder of the DejaVu fonts of the documents (Debian fonts-dejavu-core). */
  readonly fontDir: string;
  /**
   * Addresses (IPs or CIDR ranges) of the reverse proxies whose X-Forwarded-For is believed; empty:
   * none, the client's address is the socket's (a client cannot choose its IP for the per-IP limits).
   */
  readonly trustedProxies: readonly string[];
  /**
   * The local outbox page (`/serveris/dev/outbox`: phone codes, view links) for a local installation
   * without an SMS gateway. Off unless set; refused in production (NODE_ENV=production).
   */
  readonly devOutbox: boolean;
  /** A test installation's clock that its tests move forward (`POST /serveris/dev/clock`): off unless set; refused in production. */
  readonly devClock: boolean;
  /** Calling codes of the numbers SMS codes are sent to (FU11): `EID_SMS_COUNTRY_CODES`, default 370 (Lithuania). */
  readonly smsCallingCodes: readonly string[];
  /**
   * Issue 36: the hosts (`host:port`) an insurer's webhook may point to although they are on a
   * private network or spoken to in plain http (a local insurer's peer, tests): `EID_WEBHOOK_LOCAL_HOSTS`,
   * comma-separated; empty by default (every webhook goes over https to a public address).
   */
  readonly webhookLocalHosts: readonly string[];
  /**
   * The SMS gateway (`EID_SMPP_URL` = smpp://system_id:password@host:port?source=NAME): SMS go over
   * SMPP 3.4 and the outbox keeps their states. Empty: SMS stay in the local outbox.
   */
  readonly smppUrl: string;
  /** Declaration sockets in all (`EID_MAX_CONNECTIONS`, 10000) and from one address (`EID_MAX_CONNECTIONS_PER_IP`, 200; carrier NAT shares addresses). */
  readonly maxConnections: number;
  readonly maxConnectionsPerIp: number;
  /** The sockets' liveness round (`EID_WS_PING_MS`, 2 s): a socket quiet since the last round (no heartbeat, no frame) is pinged. */
  readonly wsPingMs: number;
  /** A socket quiet this long (`EID_WS_SILENT_MS`, 6 s: three heartbeats; a seated one by its frames) is dropped: the other driver sees it gone within about 8 s. */
  readonly wsSilentMs: number;
}

const IP_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-fA-F:]+(?:\.\d{1,3}(?:\.\d{1,3}){3})?)(?:\/\d{1,3})?$/;

const portSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'PORT must be a number'),
  v.transform(Number),
  v.minValue(0),
  v.maxValue(65535),
);
const positive = v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1));
const levelSchema = v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);


/** Is the address this machine's own (localhost or a loopback address)? */
function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

export function loadConfig(env: Record<string, string | undefined>, cwd: string): ServerConfig {
  const dataDir = resolve(cwd, env.EID_DATA_DIR || 'data');
  return {
    port: read(portSchema, 'PORT', env.PORT, '8080'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile: resolve(dataDir, 'eid.sqlite'),
    databaseUrl: databaseUrl(env.EID_DATABASE_URL),
    s3: s3Settings(env),
    blobsDir: resolve(dataDir, 'blobs'),
    webDist: resolve(cwd, env.EID_WEB_DIST || 'apps/web/dist'),
    logLevel: read(levelSchema, 'LOG_LEVEL', env.LOG_LEVEL, 'info'),
    parameters: {
      maps: env.EID_MAPS_KEY ?? '',
      gtm: env.EID_GTM_ID ?? '',
      recaptcha: env.EID_CAPTCHA_KEY ?? '',
      ga4: env.EID_GA4_ID ?? '',
    },
    logRateLimitPerMinute: read(
      v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1)),
      'EID_LOG_RATE_LIMIT',
      env.EID_LOG_RATE_LIMIT,
      '120',
    ),
    maxTimeAdjustHours: read(
      v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(0), v.maxValue(168)),
      'EID_MAX_TIME_ADJUST_HOURS',
      env.EID_MAX_TIME_ADJUST_HOURS,
      String(DEFAULT_MAX_TIME_ADJUST_HOURS),
    ),
    allowedOrigins: (env.EID_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    registrySeed: read(v.picklist(['fixture', 'none']), 'EID_REGISTRY_SEED', env.EID_REGISTRY_SEED, 'fixture'),
    testPersonalCodes: (env.EID_TEST_PERSONAL_CODES ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => read(v.pipe(v.string(), v.regex(/^\d{11}$/)), 'EID_TEST_PERSONAL_CODES', c, c)),
    bureauSeed: read(v.picklist(['fixture', 'none']), 'EID_BUREAU_SEED', env.EID_BUREAU_SEED, env.NODE_ENV === 'production' ? 'none' : 'fixture'),
    claimsEmail: read(v.pipe(v.string(), v.email()), 'EID_CLAIMS_EMAIL', env.EID_CLAIMS_EMAIL, 'zalos@eid.lrdb.lt'),
    // The demo staff's password and TOTP secret are published: by default only on this machine's own address, never in production.
    staffSeed: read(v.picklist(env.NODE_ENV === 'production' ? ['none'] : ['fixture', 'none']), 'EID_STAFF_SEED', env.EID_STAFF_SEED, env.NODE_ENV !== 'production' && isLoopbackUrl(env.EID_PUBLIC_URL ?? 'http://localhost') ? 'fixture' : 'none'),
    backgroundJobs: read(v.picklist(['on', 'off']), 'EID_BACKGROUND_JOBS', env.EID_BACKGROUND_JOBS, 'on') === 'on',
    publicUrl: read(
      v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//), v.transform((u) => u.replace(/\/+$/, ''))),
      'EID_PUBLIC_URL',
      env.EID_PUBLIC_URL,
      `http://localhost:${env.PORT || '8080'}`,
    ),
    smtpUrl: read(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^smtps?:\/\/[^\s]+$/))]), 'EID_SMTP_URL', env.EID_SMTP_URL, ''),
    mailFrom: env.EID_MAIL_FROM || 'EID <eid@localhost>',
    smartId: smartIdConfig(env, cwd),
    mobileId: mobileIdConfig(env, cwd),
    oidc: oidcConfig(env),
    secret: secretFor(env),
    captcha: read(v.picklist(['on', 'off']), 'EID_CAPTCHA', env.EID_CAPTCHA, 'on') === 'on',
    captchaCost: read(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.minValue(1), v.maxValue(100_000)), 'EID_CAPTCHA_COST', env.EID_CAPTCHA_COST, '200'),
    qpdf: env.EID_QPDF || 'qpdf',
    fontDir: resolve(cwd, env.EID_FONT_DIR || '/usr/share/fonts/truetype/dejavu'),
    trustedProxies: trustedProxies(env.EID_TRUSTED_PROXIES),
    devOutbox: devOutbox(env),
    devClock: devClock(env),
    smsCallingCodes: smsCallingCodes(env.EID_SMS_COUNTRY_CODES),
    webhookLocalHosts: webhookLocalHosts(env.EID_WEBHOOK_LOCAL_HOSTS),
    smppUrl: read(v.union([v.literal(''), v.pipe(v.string(), v.regex(/^s?smpp:\/\/[^\s@/]+:[^\s@/]*@[^\s@/?]+(?:\?\S*)?$/))]), 'EID_SMPP_URL', env.EID_SMPP_URL, ''),
    maxConnections: read(positive, 'EID_MAX_CONNECTIONS', env.EID_MAX_CONNECTIONS, '10000'),
    maxConnectionsPerIp: read(positive, 'EID_MAX_CONNECTIONS_PER_IP', env.EID_MAX_CONNECTIONS_PER_IP, '200'),
    wsPingMs: read(v.pipe(positive, v.minValue(50)), 'EID_WS_PING_MS', env.EID_WS_PING_MS, '2000'),
    wsSilentMs: read(v.pipe(positive, v.minValue(100)), 'EID_WS_SILENT_MS', env.EID_WS_SILENT_MS, '6000'),
  };
}

/** A postgres:// URL or nothing; the error never repeats it (it may hold a password). */
function databaseUrl(raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (value === '') return '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('EID_DATABASE_URL is not a URL (postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new ConfigError('EID_DATABASE_URL must be a postgres:// URL');
  return value;
}

/** The object store's settings, or null without EID_S3_URL; secrets are never repeated in an error. */
function s3Settings(env: Record<string, string | undefined>): ServerConfig['s3'] {
  const url = (env.EID_S3_URL ?? '').trim();
  if (url === '') return null;
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new ConfigError('EID_S3_URL must be an http(s):// URL of an S3-compatible store');
  if ((env.EID_DATABASE_URL ?? '').trim() === '') throw new ConfigError('EID_S3_URL needs EID_DATABASE_URL: the binaries are indexed in the database the nodes share');
  const accessKeyId = env.EID_S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.EID_S3_SECRET_ACCESS_KEY ?? '';
  if (accessKeyId === '' || secretAccessKey === '') throw new ConfigError('EID_S3_URL needs EID_S3_ACCESS_KEY_ID and EID_S3_SECRET_ACCESS_KEY');
  const bucket = read(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)), 'EID_S3_BUCKET', env.EID_S3_BUCKET, 'eid');
  const region = read(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,32}$/)), 'EID_S3_REGION', env.EID_S3_REGION, 'us-east-1');
  return { url, bucket, region, accessKeyId, secretAccessKey };
}

/** Several nodes sign links, cookies and captcha challenges alike: they must share the secret. */
function secretFor(env: Record<string, string | undefined>): string {
  const secret = read(v.union([v.literal(''), v.pipe(v.string(), v.minLength(32))]), 'EID_SECRET', env.EID_SECRET, '');
  if (secret === '' && (env.EID_DATABASE_URL ?? '').trim() !== '') {
    throw new ConfigError('EID_SECRET (at least 32 characters) is required with EID_DATABASE_URL: every node must sign with the same secret');
  }
  return secret;
}

function trustedProxies(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const p of list) if (!IP_OR_CIDR.test(p)) throw new ConfigError(`EID_TRUSTED_PROXIES: ${JSON.stringify(p)} is not an IP address or a CIDR range`);
  return list;
}

function smsCallingCodes(raw: string | undefined): string[] {
  const list = (raw || '370')
    .split(',')
    .map((c) => c.trim().replace(/^\+/, ''))
    .filter((c) => c !== '');
  for (const c of list) if (!/^\d{1,3}$/.test(c)) throw new ConfigError(`EID_SMS_COUNTRY_CODES: ${JSON.stringify(c)} is not a country calling code`);
  return list;
}

function webhookLocalHosts(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  for (const h of list) if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(h)) throw new ConfigError(`EID_WEBHOOK_LOCAL_HOSTS: ${JSON.stringify(h)} is not a host:port`);
  return list;
}

function devClock(env: Record<string, string | undefined>): boolean {
  const on = read(v.picklist(['on', 'off']), 'EID_DEV_CLOCK', env.EID_DEV_CLOCK, 'off') === 'on';
  if (on && env.NODE_ENV === 'production') throw new ConfigError('EID_DEV_CLOCK=on is for a test installation only, not with NODE_ENV=production');
  return on;
}

function devOutbox(env: Record<string, string | undefined>): boolean {
  const on = read(v.picklist(['on', 'off']), 'EID_DEV_OUTBOX', env.EID_DEV_OUTBOX, 'off') === 'on';
  if (on && env.NODE_ENV === 'production') throw new ConfigError('EID_DEV_OUTBOX=on is for a local installation only, not with NODE_ENV=production');
  return on;
}
