import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, MAX_BLOB_BYTES, uploadRequestOf, type HttpResult, type UploadRequest } from '@eid/domain/protocol';
import type { UploadTicket } from '@eid/hub';
import { HttpError, parseInput } from '../http-error.js';

const readUpload = (headers: Record<string, string | string[] | undefined>): UploadRequest => uploadRequestOf(parseInput(C.uploadBinary.headers, headers));

/**
 * The HTTP side of the use case "upload a photo" (UploadService in @eid/hub): the raw bytes, with
 * the uploader's seat and what the upload is for in headers. The use case admits the upload from
 * the headers before a byte of the body is read (FU5); the body then streams into a buffer that
 * grows as it arrives, cut at MAX_BLOB_BYTES, and the use case decides on the bytes. Its refusals
 * are answered by plugins/error-answers.ts.
 */
const blob: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this plugin's routes take raw bodies of any type.
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BLOB_BYTES) {
      payload.resume();
      done(new HttpError(413, 'TOO_BIG'), undefined);
      return;
    }
    // The first 1 MiB (at most) is reserved before bytes come; past it the chunks are kept as they arrive and copied
    // once, into a buffer of the exact length, at the end: nothing is reserved for bytes not yet sent, and a 3.6 MB
    // photo is not copied once per doubling (issue 35 item 6).
    const first = Buffer.allocUnsafe(Number.isFinite(declared) && declared > 0 ? Math.min(declared, 1024 * 1024) : 64 * 1024);
    const rest: Buffer[] = [];
    let inFirst = 0;
    let length = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      if (length + chunk.length > MAX_BLOB_BYTES) {
        failed = true;
        done(new HttpError(413, 'TOO_BIG'), undefined);
        return;
      }
      if (rest.length === 0 && inFirst + chunk.length <= first.length) inFirst += chunk.copy(first, inFirst);
      else rest.push(chunk);
      length += chunk.length;
    });
    payload.on('end', () => {
      if (failed) return;
      done(null, rest.length === 0 ? first.subarray(0, length) : Buffer.concat([first.subarray(0, inFirst), ...rest], length));
    });
    payload.on('error', (error) => !failed && done(error, undefined));
  });

  const uploads = new WeakMap<object, { readonly request: UploadRequest; readonly ticket: UploadTicket }>();

  app.post(
    C.uploadBinary.path,
    {
      bodyLimit: MAX_BLOB_BYTES,
      // Who uploads, and whether they may, from the headers alone: a refused upload's body is never read (FU5).
      onRequest: async (request) => {
        const upload = readUpload(request.headers);
        const declared = Number(request.headers['content-length']);
        const ticket = await app.uploads.admit(upload, Number.isFinite(declared) ? declared : null);
        uploads.set(request.raw, { request: upload, ticket });
      },
      // The upload's place is freed when it is answered, or when the device gave up on it.
      onResponse: async (request) => uploads.get(request.raw)?.ticket.release(),
      onRequestAbort: async (request) => uploads.get(request.raw)?.ticket.release(),
      errorHandler: (error, _request, _reply) => {
        // Thrown on to the app's handler, which answers it as a typed code.
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, 'TOO_BIG');
        throw error;
      },
    },
    async (request, reply): Promise<HttpResult<'uploadBinary'>> => {
      const upload = uploads.get(request.raw)?.request ?? readUpload(request.headers);
      const body = request.body;
      const bytes = body instanceof Buffer ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array(0);
      const started = performance.now();
      const answer = await app.uploads.receive(upload, bytes);
      // How long the server worked on it (checks, the media pipeline, plate recognition), as a
      // browser's tools and bench:roadside read it beside the time on the network. Timing only.
      reply.header('server-timing', `process;dur=${(performance.now() - started).toFixed(0)}`);
      reply.code(201);
      return answer;
    },
  );
};
export default blob;
