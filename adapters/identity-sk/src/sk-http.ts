/**
 * HTTP shared by the SK clients and their local services: a call with a time limit (the long
 * poll's wait and a margin: a stalled service does not hold our requests), any network failure
 * said as FAILED, and a bounded JSON body reader for the local services.
 */
import type { IncomingMessage } from 'node:http';
import { IdentityFailure } from '@eid/domain';

/** How long a call to SK may take beyond the long poll's own wait. */
const CALL_MARGIN_MS = 5_000;

export interface SkCall {
  readonly method: 'GET' | 'POST';
  readonly body?: string;
  readonly waitMs?: number;
}

export function callSk(fetchFn: typeof fetch, baseUrl: string, path: string, init: SkCall): Promise<Response> {
  return fetchFn(`${baseUrl.replace(/\/$/, '')}${path}`, {
    method: init.method,
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    signal: AbortSignal.timeout((init.waitMs ?? 0) + CALL_MARGIN_MS),
    ...(init.body ? { body: init.body } : {}),
  }).catch(() => {
    throw new IdentityFailure('FAILED');
  });
}

/** A request's JSON object body, at most 64 KiB. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
  return parsed as Record<string, unknown>;
}
