/**
 * CH7, UE5: uploads of files (a chat message's, a claim's) are heavy: one at a time per account and
 * UPLOADS_AT_ONCE in the whole process, chats and claims together; more wait their turn as
 * RATE_LIMITED. The gate runs before a byte of the body is read: a multipart body only (any other
 * type would be parsed whole by its parser) from a signed-in browser with its CSRF token.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireSession } from '../accounts/session-guard.js';
import { HttpError } from '../http-error.js';

/** Uploads the whole process works on at once (each holds up to 10 × 20 MB). */
export const UPLOADS_AT_ONCE = 4;

/** The accounts uploading now, one set per server (shared by the plugins of one server). */
const uploadingBy = new WeakMap<object, Set<string>>();

export function uploadSlots(app: FastifyInstance) {
  const key = app.storage;
  const uploading = uploadingBy.get(key) ?? new Set<string>();
  uploadingBy.set(key, uploading);
  return {
    gate: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!/^multipart\/form-data\s*;/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE');
        await requireSession(app, request, reply, true);
      },
    },
    async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
      if (uploading.size >= UPLOADS_AT_ONCE || uploading.has(accountId)) throw new HttpError(429, 'RATE_LIMITED');
      uploading.add(accountId);
      try {
        return await work();
      } finally {
        uploading.delete(accountId);
      }
    },
  };
}
