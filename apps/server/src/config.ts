import { resolve } from 'node:path';
import * as v from 'valibot';
import { DEFAULT_MAX_TIME_ADJUST_HOURS } from '@eid/domain';

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
  /** 'fixture': fill an empty registry from test-fixtures/registry; 'none': leave it. */
  readonly registrySeed: 'fixture' | 'none';
  /** Run the inactivity sweep and the submit worker on timers (tests drive them by hand). */
  readonly backgroundJobs: boolean;
}

const portSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,5}$/, 'PORT must be a number'),
  v.transform(Number),
  v.minValue(0),
  v.maxValue(65535),
);
const levelSchema = v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function read<T>(schema: v.GenericSchema<string, T>, name: string, raw: string | undefined, fallback: string): T {
  const value = raw === undefined || raw === '' ? fallback : raw;
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid`);
  return result.output;
}

/** Reads the configuration from an environment map; relative paths resolve against cwd. */
export function loadConfig(env: Record<string, string | undefined>, cwd: string): ServerConfig {
  const dataDir = resolve(cwd, env.EID_DATA_DIR || 'data');
  return {
    port: read(portSchema, 'PORT', env.PORT, '8080'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile: resolve(dataDir, 'eid.sqlite'),
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
    backgroundJobs: read(v.picklist(['on', 'off']), 'EID_BACKGROUND_JOBS', env.EID_BACKGROUND_JOBS, 'on') === 'on',
  };
}
