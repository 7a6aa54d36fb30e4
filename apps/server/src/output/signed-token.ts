import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A small signed token for links (the e-mail confirmation): base64url JSON, a dot, and its
 * HMAC-SHA256 under the installation's secret. `purpose` is signed too, so a token made for one
 * use is worthless for another.
 */
export function signToken(secret: string, purpose: string, payload: Record<string, string | number>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const mac = createHmac('sha256', secret).update(`${purpose}.${body}`).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a token this secret signed for this purpose; null for anything else. */
export function readToken(secret: string, purpose: string, token: string): Record<string, unknown> | null {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return null;
  const expected = createHmac('sha256', secret).update(`${purpose}.${body}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
