import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http-error.js';
import { serveCall } from '../http/serve-call.js';

/**
 * The e-mail confirmation link (`/confirm?t=...`, `/correspconfirm?t=...`): the page posts its
 * token here. A link this installation signed, unexpired, for the address the declaration still has
 * confirms it (pushed to both devices); anything else is CONFIRMATION_LINK_INVALID.
 */
const confirmEmail: FastifyPluginAsync = async (app) => {
  serveCall(app, 'confirmEmail', async ({ body }) => {
    const claim = app.emailLinks.read(body.token);
    if (!claim) throw new HttpError(400, 'CONFIRMATION_LINK_INVALID');
    const status = await app.hub.confirmEmail(claim.declarationId, claim.party, claim.email);
    if (status === 'CHANGED' || status === 'UNKNOWN') throw new HttpError(400, 'CONFIRMATION_LINK_INVALID');
    return { status, email: claim.email };
  });
};
export default confirmEmail;
