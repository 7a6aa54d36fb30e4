/**
 * The console's claims (issue 17; UE2, UE9, AL1): the queue of submitted claims (not decided first,
 * oldest first, searched by number or the culprit's plate), one claim with its victim's account,
 * its documents and its PDF as the competent body received it, and the operator's move of its
 * state with the words the victim gets as a chat message. Every list, read and move is written to
 * the audit log before the answer.
 */
import type { FastifyInstance } from 'fastify';
import { claimFilesFolder } from '@eid/domain';
import { listClaims, moveClaim, readClaim } from '@eid/accounts';
import { serveCall } from '../http/serve-call.js';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { parseInput } from '../http-error.js';
import { requireStaff } from '../accounts/staff-guard.js';
import { sendStoredFile } from '../chat/chat-files.js';
import { perMinute } from './rate-limit.js';

export async function consoleClaims(app: FastifyInstance, reads: ReturnType<typeof perMinute>): Promise<void> {
  const ports = app.console;
  serveCall(app, 'consoleClaims', ({ query }, { staff }) => listClaims(ports, staff, query));
  serveCall(app, 'consoleClaim', ({ params }, { staff }) => readClaim(ports, staff, params.claimId));

  app.get(C.consoleClaimDocument.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false, C.consoleClaimDocument.permission);
    const { claimId, fileId } = parseInput(C.consoleClaimDocument.params, request.params);
    await app.staff.record(actor, 'CLAIM_FILE_READ', `${claimId}/${fileId}`);
    const claim = await app.claims.forBureau(claimId);
    return sendStoredFile(app, reply, claim.documents.find((d) => d.fileId === fileId) ?? null, claimFilesFolder(claimId));
  });

  /** The claim as its competent body received it (rendered again from the stored claim). */
  app.get(C.consoleClaimPdf.path, perMinute(30), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false, C.consoleClaimPdf.permission);
    const { claimId } = parseInput(C.consoleClaimPdf.params, request.params);
    await app.staff.record(actor, 'CLAIM_FILE_READ', `${claimId}/pdf`);
    const claim = await app.claims.forBureau(claimId);
    const { pdf } = await app.claimDispatch.render(claim);
    const name = `${claim.number ?? claim.id}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(Buffer.from(pdf));
  });

  /** UE2, UE9: the operator's move, with the words the victim reads in the claim's chat. */
  serveCall(app, 'moveClaim', ({ params, body }, { staff }) => moveClaim(ports, staff, params.claimId, body));
}
