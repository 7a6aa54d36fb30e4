/**
 * The bureau's console calls (issue 16; SF1-SF4, AL1-AL2, CH3, CH5, CH6): staff sign-in with
 * password and TOTP, the chats waiting for an answer, a chat (opening it reads the driver's
 * messages) and its files, an answer, a message to a user, the received declarations, claims,
 * staff management and the audit log. Every read of a person's data and every action is written
 * to the audit log before the answer. No call here changes a declaration, and none edits the log.
 */
import type { FastifyPluginAsync } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as v from 'valibot';
import { accountEmail, CONSOLE_PAGE_SIZE, StaffSignInSchema } from '@eid/domain';
import { HTTP_CALLS as C, type HttpResult } from '@eid/domain/protocol';
import { addStaffMember, answerChat, listDeclarations, listStaffMembers, listWaitingChats, readChat, readDeclaration, staffView, writeToUser } from '@eid/accounts';
import { HttpError, parseInput } from '../http-error.js';
import { perMinute } from './rate-limit.js';
import { clearStaffCookie, requireStaff, setStaffCookie, staffCsrfToken, STAFF_COOKIE } from '../accounts/staff-guard.js';
import { sendChatFile } from '../chat/chat-files.js';
import { CONSOLE_CHANNEL } from '../chat/chat-events.js';
import { openChatStream } from '../chat/sse.js';
import { consoleClaims } from './console-claims.js';
import { consoleInsurers } from './console-insurers.js';
import { serveCall } from '../http/serve-call.js';

/** Console tabs one staff member may hold open with a live stream. */
export const CONSOLE_STREAMS_PER_STAFF = 5;

const refuseNotFound = (): never => {
  throw new HttpError(404, 'FILE_NOT_FOUND');
};

const consoleRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  const reads = perMinute(240);
  /** Live streams each staff member holds open (console tabs). */
  const consoleStreams = new Map<string, number>();

  /** SF1: address, password and code; the one answer STAFF_SIGN_IN_FAILED for every failure. */
  app.post(C.staffSignIn.path, perMinute(20, 2048), async (request, reply): Promise<HttpResult<'staffSignIn'>> => {
    // A malformed code (or none) is judged by the service too: the failure is counted and logged.
    const loose = v.safeParse(C.staffSignIn.body, request.body);
    if (!loose.success) throw new HttpError(401, 'STAFF_SIGN_IN_FAILED');
    const strict = v.safeParse(StaffSignInSchema, loose.output);
    const input = strict.success ? strict.output : { ...loose.output, email: accountEmail(loose.output.email) ?? loose.output.email.trim().toLowerCase(), code: '' };
    const previous = request.cookies[STAFF_COOKIE];
    const { token, staff, session } = await app.staff.signIn(input, request.ip);
    await app.staff.replaceSession(previous);
    setStaffCookie(request, reply, token);
    return { staff: staffView(staff), csrfToken: staffCsrfToken(app.secret, session.id) };
  });

  serveCall(app, 'staffMe', async (_input, { staff: actor }) => ({ staff: staffView(actor.staff), csrfToken: staffCsrfToken(app.secret, actor.session.id) }));

  serveCall(app, 'staffSignOut', async (_input, { staff: actor, request, reply }) => {
    await app.staff.signOut(actor);
    clearStaffCookie(request, reply);
    return { ok: true };
  });

  const ports = app.console;
  serveCall(app, 'consoleChats', ({ query }, { staff }) => listWaitingChats(ports, staff, query));
  serveCall(app, 'consoleChat', ({ params }, { staff }) => readChat(ports, staff, params.chatId));

  app.get(C.consoleChatFile.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false, C.consoleChatFile.permission);
    const { chatId, fileId } = parseInput(C.consoleChatFile.params, request.params);
    await app.staff.record(actor, 'CHAT_FILE_READ', `${chatId}/${fileId}`);
    return sendChatFile(app, reply, chatId, fileId);
  });

  serveCall(app, 'consoleReply', ({ params, body }, { staff }) => answerChat(ports, staff, params.chatId, body.text));
  serveCall(app, 'consoleMessage', ({ body }, { staff }) => writeToUser(ports, staff, body));

  /** The console's live stream: any chat's change (the lists refresh). */
  app.get(C.consoleEvents.path, perMinute(30), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false, C.consoleEvents.permission);
    if ((consoleStreams.get(actor.staff.id) ?? 0) >= CONSOLE_STREAMS_PER_STAFF) throw new HttpError(429, 'RATE_LIMITED');
    consoleStreams.set(actor.staff.id, (consoleStreams.get(actor.staff.id) ?? 0) + 1);
    request.raw.on('close', () => {
      const left = (consoleStreams.get(actor.staff.id) ?? 1) - 1;
      if (left <= 0) consoleStreams.delete(actor.staff.id);
      else consoleStreams.set(actor.staff.id, left);
    });
    const token = request.cookies[STAFF_COOKIE];
    openChatStream(app.chatEvents, CONSOLE_CHANNEL, request, reply, async () => (await app.staff.authenticate(token, false)) !== null);
  });

  /** SF2: the received declarations and one's statements; reading only. */
  serveCall(app, 'consoleDeclarations', ({ query }, { staff }) => listDeclarations(ports, staff, query));
  serveCall(app, 'consoleDeclaration', async ({ params }, { staff }) => (await readDeclaration(ports, staff, params.declarationId)) ?? refuseNotFound());

  await consoleClaims(app, reads);
  consoleInsurers(app);

  /** SF4: the supervisor's staff list, a new member (the TOTP secret shown once), disabling one. */
  serveCall(app, 'staff', (_input, { staff: actor }) => listStaffMembers(ports, actor));
  serveCall(app, 'addStaff', ({ body }, { staff: actor }) => addStaffMember(ports, actor, body));
  serveCall(app, 'disableStaff', async ({ params }, { staff: actor }) => {
    await app.staff.disable(actor, params.id);
    return { ok: true };
  });
  /** SU1, SU3: a supervisor announces a system update (it replaces the one before) or calls it off; both audited. */
  serveCall(app, 'announceSystemUpdate', async ({ body }, { staff: actor }) => {
    const update = await app.systemUpdates.announce(body);
    await app.staff.record(actor, 'SYSTEM_UPDATE_ANNOUNCED', `${new Date(update.from).toISOString()}/${new Date(update.until).toISOString()}`);
    return { update };
  });
  serveCall(app, 'cancelSystemUpdate', async (_input, { staff: actor }) => {
    await app.systemUpdates.cancel();
    await app.staff.record(actor, 'SYSTEM_UPDATE_CANCELLED', 'system-update');
    return { update: null };
  });
  /** AL2: the audit log, newest first (reading it is logged first). */
  serveCall(app, 'audit', ({ query }, { staff: actor }) => app.staff.audit(actor, { limit: CONSOLE_PAGE_SIZE, offset: query.offset }));
};

export default consoleRoutes;
