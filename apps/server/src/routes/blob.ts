import type { FastifyPluginAsync } from 'fastify';
import { BLOB_PATH, MAX_BLOB_BYTES, SEAT_HEADERS, SeatSchema, sniffContentType, type BlobUploaded } from '@eid/domain';
import { HttpError, parseInput } from '../http-error.js';

/**
 * Upload of a binary a declaration refers to (photos, audio notes, scheme and signature images):
 * the raw bytes, with the uploader's seat in headers. The seat is checked against the hub (only
 * the device holding a party of an unfinished declaration may upload), the content type is taken
 * from the magic bytes, and the answer is the id the instruction then names. The image pipeline
 * (rotation, trimming, legend, HEIC) joins here with the media issue.
 */
const blob: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this plugin's routes take raw bodies of any type.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BLOB_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    BLOB_PATH,
    {
      bodyLimit: MAX_BLOB_BYTES,
      errorHandler: (error, _request, _reply) => {
        // Thrown on to the app's handler, which answers it as a typed code.
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, 'TOO_BIG');
        throw error;
      },
    },
    async (request, reply): Promise<BlobUploaded> => {
      const seat = parseInput(SeatSchema, {
        declarationId: request.headers[SEAT_HEADERS.declaration],
        party: request.headers[SEAT_HEADERS.party],
        token: request.headers[SEAT_HEADERS.token],
      });
      if (!(await app.hub.holdsSeat(seat.declarationId, seat.party, seat.token))) throw new HttpError(403, 'NOT_ALLOWED');
      const body = request.body;
      if (!(body instanceof Buffer) || body.length === 0) throw new HttpError(400, 'DATA_ERROR');
      const sniffed = sniffContentType(body);
      if (!sniffed) throw new HttpError(415, 'BAD_EXT');
      const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      const id = await app.hub.storeBlob(seat.declarationId, sniffed.contentType, bytes);
      reply.code(201);
      return { id, contentType: sniffed.contentType, bytes: body.length };
    },
  );
};
export default blob;
