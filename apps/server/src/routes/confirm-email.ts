import type { FastifyPluginAsync } from 'fastify';
import { HttpError, parseInput } from '../http-error.js';
import { HTTP_CALLS as C } from '@eid/domain/protocol';

/**
 * The e-mail confirmation link (`/confirm?t=...`, `/correspconfirm?t=...`): the page posts its
 * token here. A link this installation signed, unexpired, for the address the declaration still has
 * confirms it (pushed to both devices); anything else is CONFIRMATION_LINK_INVALID.
 */
const confirmEmail: FastifyPluginAsync = async (app) => {
  app.post(C.confirmEmail.path, { bodyLimit: 8 * 1024 }, async (request) => {
    const { token } = parseInput(C.confirmEmail.body, request.body);
    const claim = app.emailLinks.read(token);
    if (!claim) throw new HttpError(400, 'CONFIRMATION_LINK_INVALID');
    const status = await app.hub.confirmEmail(claim.declarationId, claim.party, claim.email);
    if (status === 'CHANGED' || status === 'UNKNOWN') throw new HttpError(400, 'CONFIRMATION_LINK_INVALID');
    return { status, email: claim.email };
  });
};
export default confirmEmail;
