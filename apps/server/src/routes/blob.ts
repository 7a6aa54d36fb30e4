import type { FastifyPluginAsync } from 'fastify';
import { HTTP_CALLS as C, MAX_BLOB_BYTES, uploadRequestOf, type HttpResult, type UploadRequest } from '@eid/domain/protocol';
import type { UploadTicket } from '@eid/hub';
import { uploadBodyOf, type ReceivedUploadBody } from '@eid/domain';
import { HttpError, parseInput } from '../http-error.js';
import { receiveBody } from './upload-body.js';

const readUpload = (headers: Record<string, string | string[] | undefined>): UploadRequest => uploadRequestOf(parseInput(C.uploadBinary.headers, headers));

/**
 * The HTTP side of the use case "upload a photo" (UploadService in @eid/hub): the raw bytes, with
 * the uploader's seat and what the upload is for in headers. The use case admits the upload from
 * the headers before a byte of the body is read (FU5); the body then streams to a file as it arrives
 * (upload-body.ts), cut at MAX_BLOB_BYTES, and the use case decides on it. Its refusals
 * are answered by plugins/error-answers.ts.
 */
const blob: FastifyPluginAsync = async (app) => {
  const uploads = new WeakMap<object, { readonly request: UploadRequest; readonly ticket: UploadTicket }>();
  /** Each request's body, removed once it is answered (a file in the pipeline's directory, handover.ts). */
  const bodies = new WeakMap<object, ReceivedUploadBody>();
  // A file that cannot be removed is said in the log, never turned into a failed upload (the photo is stored).
  const disposeBody = async (raw: object) => {
    const body = bodies.get(raw);
    bodies.delete(raw);
    await body?.dispose().catch((error: unknown) => app.log.error({ err: error }, 'an upload\'s body was not removed'));
  };

  // Encapsulated: only this plugin's routes take raw bodies, of any type — the JSON and text parsers too would hold a
  // body of MAX_BLOB_BYTES in memory (and parse it) for whoever names their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_BLOB_BYTES) {
      payload.resume();
      done(new HttpError(413, 'TOO_BIG'), undefined);
      return;
    }
    const ticket = uploads.get(request.raw)?.ticket;
    receiveBody(payload, Number.isFinite(declared) ? declared : null, MAX_BLOB_BYTES, app.media, (bytes) => ticket?.received(bytes) ?? true).then(
      (body) => {
        bodies.set(request.raw, body);
        done(null, body);
      },
      (error: Error) => done(error, undefined),
    );
  });

  app.post(
    C.uploadBinary.path,
    {
      bodyLimit: MAX_BLOB_BYTES,
      // Who uploads, and whether they may, from the headers alone: a refused upload's body is never read (FU5).
      onRequest: async (request, reply) => {
        const upload = readUpload(request.headers);
        const declared = Number(request.headers['content-length']);
        const ticket = await app.uploads.admit(upload, Number.isFinite(declared) ? declared : null);
        uploads.set(request.raw, { request: upload, ticket });
        // The upload's place and its bytes come back when the exchange ends, however it ends: answered, or its
        // connection lost — while admitted, while its body came, or while it was processed (the response's close
        // always comes; neither onResponse nor onRequestAbort does in the last case).
        if (reply.raw.closed || request.raw.destroyed) ticket.release();
        else reply.raw.once('close', () => ticket.release());
      },
      onResponse: async (request) => disposeBody(request.raw),
      errorHandler: (error, _request, _reply) => {
        // Thrown on to the app's handler, which answers it as a typed code.
        if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, 'TOO_BIG');
        throw error;
      },
    },
    async (request, reply): Promise<HttpResult<'uploadBinary'>> => {
      const upload = uploads.get(request.raw)?.request ?? readUpload(request.headers);
      // No content type, no parser: an empty body.
      const body = bodies.get(request.raw) ?? uploadBodyOf(new Uint8Array(0));
      const started = performance.now();
      const answer = await app.uploads.receive(upload, body).finally(() => disposeBody(request.raw));
      // How long the server worked on it (checks, the media pipeline, plate recognition), as a
      // browser's tools and bench:roadside read it beside the time on the network. Timing only.
      reply.header('server-timing', `process;dur=${(performance.now() - started).toFixed(0)}`);
      reply.code(201);
      return answer;
    },
  );
};
export default blob;
