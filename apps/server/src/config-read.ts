import * as v from 'valibot';

/** A setting that cannot be used: the server does not start, and says which variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A variable read through its schema (empty or absent: the fallback). */
export function read<T>(schema: v.GenericSchema<string, T>, name: string, raw: string | undefined, fallback: string): T {
  const value = raw === undefined || raw === '' ? fallback : raw;
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ConfigError(`${name}=${JSON.stringify(value)} is not valid`);
  return result.output;
}

/** A variable that must be set (when `when` holds): its value, or a ConfigError naming it and the setting that needs it. */
export function required(env: Record<string, string | undefined>, name: string, because: string, when = true): string {
  const value = env[name] ?? '';
  if (when && value === '') throw new ConfigError(`${name} is required with ${because}`);
  return value;
}
