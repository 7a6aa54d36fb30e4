import type { FastifyPluginAsync } from 'fastify';
import {
  BLOB_PATH,
  BLOB_QUOTA,
  MAX_BLOB_BYTES,
  SEAT_HEADERS,
  SeatSchema,
  UPLOAD_HEADERS,
  UploadMetaSchema,
  bestReading,
  legendLayout,
  plateRecognitionStatus,
  sniffContentType,
  type BlobUploaded,
} from '@eid/domain';
import { HttpError, parseInput } from '../http-error.js';
import { photoLegend } from '../messages/legend.js';

/**
 * Upload of a binary a declaration refers to (photos, audio notes, scheme and signature images):
 * the raw bytes, with the uploader's seat and what the upload is for in headers. The seat is
 * checked against the hub, the content type taken from the magic bytes, the declaration's quota
 * kept; images go through the media pipeline (orientation, trimming, the legend of photos,
 * resizing, a thumbnail, no metadata), a plate photo through plate recognition. The answer is the
 * id the instruction then names.
 */
const blob: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this plugin's routes take raw bodies of any type. The body is copied into
  // one buffer as it arrives (sized by Content-Length), not joined at the end in one long copy.
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BLOB_BYTES) {
      payload.resume();
      done(new HttpError(413, 'TOO_BIG'), undefined);
      return;
    }
    let buffer = Buffer.allocUnsafe(Number.isFinite(declared) && declared > 0 ? declared : 64 * 1024);
    let length = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      if (length + chunk.length > MAX_BLOB_BYTES) {
        failed = true;
        done(new HttpError(413, 'TOO_BIG'), undefined);
        return;
      }
      if (length + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(MAX_BLOB_BYTES, Math.max(buffer.length * 2, length + chunk.length)));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      chunk.copy(buffer, length);
      length += chunk.length;
    });
    payload.on('end', () => !failed && done(null, buffer.subarray(0, length)));
    payload.on('error', (error) => !failed && done(error, undefined));
  });

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
      const h = request.headers;
      const seat = parseInput(SeatSchema, { declarationId: h[SEAT_HEADERS.declaration], party: h[SEAT_HEADERS.party], token: h[SEAT_HEADERS.token] });
      const meta = parseInput(UploadMetaSchema, { purpose: h[UPLOAD_HEADERS.purpose], set: h[UPLOAD_HEADERS.set], forParty: h[UPLOAD_HEADERS.forParty] });
      if (!(await app.hub.holdsSeat(seat.declarationId, seat.party, seat.token))) throw new HttpError(403, 'NOT_ALLOWED');
      const body = request.body;
      if (!(body instanceof Buffer) || body.length === 0) throw new HttpError(400, 'DATA_ERROR');
      const usage = await app.hub.blobUsage(seat.declarationId);
      if (usage.count + 2 > BLOB_QUOTA.count || usage.bytes + body.length > BLOB_QUOTA.bytes) throw new HttpError(413, 'TOO_MANY');
      const sniffed = sniffContentType(body);
      if (!sniffed) throw new HttpError(415, 'BAD_EXT');
      const bytes = new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
      const party = meta.forParty ?? seat.party;

      if (sniffed.kind === 'audio' || meta.purpose === 'audio') {
        if (sniffed.kind !== 'audio' || meta.purpose !== 'audio') throw new HttpError(415, 'BAD_EXT');
        const id = await app.hub.storeBlob(seat.declarationId, sniffed.contentType, bytes);
        reply.code(201);
        return { id, contentType: sniffed.contentType, bytes: body.length };
      }

      const purpose = meta.purpose;
      const context = await app.hub.uploadContext(seat.declarationId, party);
      if (!context) throw new HttpError(403, 'NOT_ALLOWED');
      const legend = purpose === 'photo' ? photoLegend(context.lang, meta.set ?? 3, party, context.plate, context.time) : null;
      const processed = await app.media.process({ bytes, purpose, legend, party });
      if (!processed.ok) {
        request.log.info({ code: processed.code, declarationId: seat.declarationId }, 'photo refused');
        throw new HttpError(processed.code === 'TOO_BIG' ? 413 : processed.code === 'BAD_EXT' ? 415 : 422, processed.code);
      }
      const id = app.hub.newBlobId();
      await app.hub.storeImage(seat.declarationId, id, processed.image, processed.thumbnail);

      let recognition: BlobUploaded['recognition'];
      if (purpose === 'photo' && meta.set === 1) {
        // The legend names the declared plate: recognition reads the photo below it.
        const reading = await app.plateReader.read(processed.image.bytes, { skipTop: legend ? legendLayout(processed.image.width).bandHeight : 0 });
        const read = reading.status === 'OK' ? bestReading(reading.candidates, context.plate) : null;
        recognition = {
          status: reading.status === 'OK' ? plateRecognitionStatus(read, context.plate, context.otherPlate) : reading.status,
          plate: read,
        };
        request.log.info({ declarationId: seat.declarationId, party, recognition }, 'plate recognition');
      }
      reply.code(201);
      return {
        id,
        contentType: processed.image.contentType,
        bytes: processed.image.bytes.length,
        width: processed.image.width,
        height: processed.image.height,
        ...(recognition ? { recognition } : {}),
      };
    },
  );
};
export default blob;
