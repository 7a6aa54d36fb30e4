/**
 * The console's claims (issue 17; UE2, UE9, AL1): the queue of submitted claims (not decided first,
 * oldest first, searched by number or the culprit's plate), one claim with its victim's account,
 * its documents and its PDF as the competent body received it, and the operator's move of its
 * state with the words the victim gets as a chat message. Every list, read and move is written to
 * the audit log before the answer.
 */
import type { FastifyInstance } from 'fastify';
import { claimFilesFolder, claimRow, CONSOLE_PAGE_SIZE } from '@eid/domain';
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { parseInput } from '../http-error.js';
import { requireStaff } from '../accounts/staff-guard.js';
import { sendStoredFile } from '../chat/chat-files.js';
import { perMinute } from './limits.js';

export async function consoleClaims(app: FastifyInstance, reads: ReturnType<typeof perMinute>): Promise<void> {

  app.get(C.consoleClaims.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(C.consoleClaims.query, request.query);
    await app.staff.record(actor, 'CLAIMS_LISTED', page.search);
    const found = await app.claims.queue({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
    return { claims: found.claims.map(claimRow), total: found.total };
  });

  app.get(C.consoleClaim.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { claimId } = parseInput(C.consoleClaim.params, request.params);
    await app.staff.record(actor, 'CLAIM_READ', claimId);
    const claim = await app.claims.forBureau(claimId);
    const account = await app.storage.accounts.accountById(claim.accountId);
    return { claim, user: { email: account?.email ?? null, name: [account?.person.firstName, account?.person.lastName].filter(Boolean).join(' ') } };
  });

  app.get(C.consoleClaimDocument.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { claimId, fileId } = parseInput(C.consoleClaimDocument.params, request.params);
    await app.staff.record(actor, 'CLAIM_FILE_READ', `${claimId}/${fileId}`);
    const claim = await app.claims.forBureau(claimId);
    return sendStoredFile(app, reply, claim.documents.find((d) => d.fileId === fileId) ?? null, claimFilesFolder(claimId));
  });

  /** The claim as its competent body received it (rendered again from the stored claim). */
  app.get(C.consoleClaimPdf.path, perMinute(30), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { claimId } = parseInput(C.consoleClaimPdf.params, request.params);
    await app.staff.record(actor, 'CLAIM_FILE_READ', `${claimId}/pdf`);
    const claim = await app.claims.forBureau(claimId);
    const { pdf } = await app.claimDispatch.render(claim);
    const name = `${claim.number ?? claim.id}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'private, no-store').send(Buffer.from(pdf));
  });

  /** UE2, UE9: the operator's move, with the words the victim reads in the claim's chat. */
  app.post(C.moveClaim.path, perMinute(60, 32 * 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'answer');
    const { claimId } = parseInput(C.moveClaim.params, request.params);
    const { state, text } = parseInput(C.moveClaim.body, request.body);
    await app.staff.record(actor, 'CLAIM_STATE_SET', `${claimId} ${state}`);
    return { claim: claimRow(await app.claims.setState(claimId, state, actor.staff.name, text)) };
  });
}
