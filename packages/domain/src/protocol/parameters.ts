/**
 * The parameter calls of app-shell §7 (GET /serveris/parametrai/{name}), answered in plain
 * text. An unconfigured parameter is answered with an empty body: the client treats it as
 * "feature off" (no map tiles, no tag manager), which is what an offline installation needs.
 */
export const PARAMETER_NAMES = ['maps', 'gtm', 'recaptcha', 'ga4'] as const;
export type ParameterName = (typeof PARAMETER_NAMES)[number];

export function isParameterName(x: string): x is ParameterName {
  return (PARAMETER_NAMES as readonly string[]).includes(x);
}

/** app-shell §7: a gtm or ga4 reply containing a space means the backend could not reach it. */
export function isParameterFailure(reply: string): boolean {
  return reply.includes(' ');
}
