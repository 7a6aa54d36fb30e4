import type { FastifyPluginAsync } from 'fastify';
import { bestReading, legendLayout, plateRecognitionStatus, sniffContentType } from '@eid/domain';
import {
  HTTP_CALLS as C,
  BLOB_QUOTA,
  MAX_BLOB_BYTES,
  SEAT_HEADERS,
  UPLOAD_HEADERS,
  type BlobUploaded,
  type HttpResult,
} from '@eid/domain/protocol';
import { HttpError, parseInput } from '../http-error.js';
import { photoLegend } from '../messages/legend.js';

/** Uploads one seat may have in progress at once (FU5): a phone sends a photo or two at a time. */
export const UPLOADS_PER_SEAT = 3;

type SeatHeaders = ReturnType<typeof readSeat>;

function readSeat(headers: Record<string, string | string[] | undefined>) {
  const h = parseInput(C.uploadBinary.headers, headers);
  const seat = { declarationId: h[SEAT_HEADERS.declaration], party: h[SEAT_HEADERS.party], token: h[SEAT_HEADERS.token] };
  const meta = { purpose: h[UPLOAD_HEADERS.purpose], set: h[UPLOAD_HEADERS.set], forParty: h[UPLOAD_HEADERS.forParty] };
  return { seat, meta };
}

/**
 * Upload of a binary a declaration refers to (photos, audio notes, scheme and signature images):
 * the raw bytes, with the uploader's seat and what the upload is for in headers. The seat, the
 * quota (by the declared length) and the seat's uploads in progress are checked from the headers
 * before a byte of the body is read (FU5); the body then streams into a buffer that grows as it
 * arrives, cut at MAX_BLOB_BYTES. The content type is taken from the magic bytes; images go through the media pipeline (orientation, trimming, the legend of photos,
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
    // Grown as bytes arrive: a declared length reserves at most 1 MiB before the bytes come.
    let buffer = Buffer.allocUnsafe(Number.isFinite(declared) && declared > 0 ? Math.min(declared, 1024 * 1024) : 64 * 1024);
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

  const inProgress = new Map<string, number>();
  const uploads = new WeakMap<object, { readonly checked: SeatHeaders; readonly release: () => void }>();
  const seatKey = (s: SeatHeaders['seat']) => `${s.declarationId}:${s.party}`;

  app.post(
    C.uploadBinary.path,
    {
      bodyLimit: MAX_BLOB_BYTES,
      // Who uploads, and whether they may, from the headers alone: a refused upload's body is never read (FU5).
      onRequest: async (request) => {
        const checked = readSeat(request.headers);
        const { seat } = checked;
        if (!(await app.hub.holdsSeat(seat.declarationId, seat.party, seat.token))) throw new HttpError(403, 'NOT_ALLOWED');
        const declared = Number(request.headers['content-length']);
        const usage = await app.hub.blobUsage(seat.declarationId);
        if (usage.count + 2 > BLOB_QUOTA.count || (Number.isFinite(declared) && usage.bytes + declared > BLOB_QUOTA.bytes)) throw new HttpError(413, 'TOO_MANY');
        const key = seatKey(seat);
        const running = inProgress.get(key) ?? 0;
        if (running >= UPLOADS_PER_SEAT) throw new HttpError(429, 'RATE_LIMITED');
        inProgress.set(key, running + 1);
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          const left = (inProgress.get(key) ?? 1) - 1;
          if (left <= 0) inProgress.delete(key);
          else inProgress.set(key, left);
        };
        uploads.set(request.raw, { checked, release });
      },
      // The upload's place is freed when it is answered, or when the device gave up on it.
      onResponse: async (request) => uploads.get(request.raw)?.release(),
      onRequestAbort: async (request) => uploads.get(request.raw)?.release(),
      errorHandler: (error, _request, _reply) => {
        // Thrown on to the app's handler, which answers it as a typed code.
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, 'TOO_BIG');
        throw error;
      },
    },
    async (request, reply): Promise<HttpResult<'uploadBinary'>> => {
      const { seat, meta } = uploads.get(request.raw)?.checked ?? readSeat(request.headers);
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
