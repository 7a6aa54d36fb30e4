/**
 * The victim's claim (issue 17; SPEC UE): the signed-in victim's claims and the declarations they
 * may claim from, a claim started (from a declaration or typed), the form saved as typed, documents
 * by list (multipart, recognised by their bytes, photos through the pipeline; a refused file stores
 * nothing), a document of the victim's own claim, the declaration's scheme, the submission; and the
 * cached lists of the form (makes, vehicle types, insurers, Lithuanian banks), open to anyone.
 * Only the signed-in account's claims: another's is CLAIM_NOT_FOUND.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import {
  CHAT_FILE_MAX_BYTES,
  claimFilesFolder,
  CLAIM_FILES_PER_KIND,
  LT_BANKS,
  VEHICLE_MAKES,
  VEHICLE_TYPE_LETTERS,
} from '@eid/domain';
import { HTTP_CALLS as C, type HttpResult } from '@eid/domain/protocol';
import { requireSession } from '../accounts/session-guard.js';
import { HttpError, parseInput } from '../http-error.js';
import { perMinute } from './rate-limit.js';
import { readFilesUpload, sendStoredFile } from '../chat/chat-files.js';
import { uploadSlots } from '../chat/upload-slots.js';
import { readClaimScheme } from '@eid/accounts';
import { serveCall } from '../http/serve-call.js';

/** One list's files at most, and a little for the form's fields and boundaries. */
const UPLOAD_BODY_LIMIT = CLAIM_FILES_PER_KIND * CHAT_FILE_MAX_BYTES + 256 * 1024;

const claims: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  await app.register(multipart);
  const reads = perMinute(120);
  const slots = uploadSlots(app);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  const signedIn = (request: FastifyRequest, reply: FastifyReply, write: boolean) => requireSession(app, request, reply, write);

  /** Cached lists (app-shell §3): the same for everyone, cached a day. */
  serveCall(app, 'lists', async (_input, { reply }) => {
    reply.header('cache-control', 'public, max-age=86400');
    const insurers = (await app.registry.listInsurers()).map((i) => ({ id: i.id, name: i.name }));
    return { makes: VEHICLE_MAKES, vehicleTypes: VEHICLE_TYPE_LETTERS, insurers, banks: LT_BANKS };
  });
  serveCall(app, 'claims', (_input, { signedIn }) => app.claims.overview(signedIn.account.id));
  serveCall(app, 'startClaim', async ({ body }, { signedIn: { account } }) => ({ claim: await app.claims.start(account.id, account.email ?? '', body.declarationId) }));
  serveCall(app, 'claim', async ({ params }, { signedIn }) => ({ claim: await app.claims.own(signedIn.account.id, params.claimId) }));
  /** UE3: the form as typed (autosaved); the competence is decided again. */
  serveCall(app, 'saveClaim', async ({ params, body }, { signedIn }) => ({ claim: await app.claims.saveDraft(signedIn.account.id, params.claimId, body.data) }));

  /** UE5: files of one list; the claim is checked before a byte of a file is read. */
  app.post(C.addClaimDocuments.path, { ...perMinute(30), ...slots.gate, bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply): Promise<HttpResult<'addClaimDocuments'>> => {
    const { account } = await signedIn(request, reply, true);
    const { claimId } = parseInput(C.addClaimDocuments.params, request.params);
    // UE3, UE5: the use case decides (the victim's own claim, open, with room) before the upload is read;
    // no more files are read than the claim, then the list, has room for (nothing is stored for a refusal).
    return slots.run(account.id, async () => ({
      claim: await app.claims.receiveDocuments(account.id, claimId, async (room) => {
        const upload = await readFilesUpload(app, request, { folder: claimFilesFolder(claimId), max: room.total, invalid: 'CLAIM_FILE_INVALID', tooMany: 'CLAIM_TOO_MANY_FILES' }, (fields) => {
          const parsed = parseInput(C.addClaimDocuments.fields, fields);
          // The list's own room, known once the kind is read (before the first file).
          if (room.of(parsed.kind) === 0) throw new HttpError(400, 'CLAIM_TOO_MANY_FILES');
          return parsed;
        });
        if (upload.files.length === 0) throw new HttpError(400, 'DATA_ERROR');
        return upload;
      }),
    }));
  });

  serveCall(app, 'removeClaimDocument', async ({ params }, { signedIn }) => ({ claim: await app.claims.removeDocument(signedIn.account.id, params.claimId, params.fileId) }));

  app.get(C.claimDocument.path, reads, async (request, reply) => {
    const { account } = await signedIn(request, reply, false);
    const { claimId, fileId } = parseInput(C.claimDocument.params, request.params);
    const claim = await app.claims.own(account.id, claimId);
    return sendStoredFile(app, reply, claim.documents.find((d) => d.fileId === fileId) ?? null, claimFilesFolder(claimId));
  });

  /** The declaration's scheme, shown in the form of a claim started from it. */
  app.get(C.claimScheme.path, reads, async (request, reply) => {
    const { account } = await signedIn(request, reply, false);
    const image = await readClaimScheme(app.claimFiles, account.id, parseInput(C.claimScheme.params, request.params).claimId);
    if (!image) throw new HttpError(404, 'FILE_NOT_FOUND');
    return reply.header('content-type', image.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(Buffer.from(image.bytes));
  });

  serveCall(app, 'submitClaim', async ({ params }, { signedIn }) => ({ claim: await app.claims.submit(signedIn.account.id, params.claimId) }));
};

export default claims;
