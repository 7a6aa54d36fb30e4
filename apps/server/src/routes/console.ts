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
import { HTTP_CALLS as C } from '@eid/domain/protocol';
import { staffView } from '@eid/accounts';
import { HttpError, parseInput } from '../http-error.js';
import { perMinute } from './limits.js';
import { clearStaffCookie, requireStaff, setStaffCookie, staffCsrfToken, STAFF_COOKIE } from '../accounts/staff-guard.js';
import { sendChatFile } from '../chat/chat-files.js';
import { CONSOLE_CHANNEL } from '../chat/chat-events.js';
import { openChatStream } from '../chat/sse.js';
import { consoleDeclarations } from './console-declarations.js';
import { consoleClaims } from './console-claims.js';

/** Console tabs one staff member may hold open with a live stream. */
export const CONSOLE_STREAMS_PER_STAFF = 5;

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
  app.post(C.staffSignIn.path, perMinute(20, 2048), async (request, reply) => {
    // A malformed code (or none) is judged by the service too: the failure is counted and logged.
    const loose = v.safeParse(C.staffSignIn.body, request.body);
    if (!loose.success) throw new HttpError(401, 'STAFF_SIGN_IN_FAILED');
    const strict = v.safeParse(StaffSignInSchema, loose.output);
    const input = strict.success ? strict.output : { ...loose.output, email: accountEmail(loose.output.email) ?? loose.output.email.trim().toLowerCase(), code: '' };
    const previous = request.cookies[STAFF_COOKIE];
    const { token, staff, session } = await app.staff.signIn(input, request.ip);
    if (previous !== undefined) {
      const old = await app.staff.authenticate(previous);
      if (old) await app.storage.staff.endSession(old.session.id);
    }
    setStaffCookie(request, reply, token);
    return { staff: staffView(staff), csrfToken: staffCsrfToken(app.secret, session.id) };
  });

  app.get(C.staffMe.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    return { staff: staffView(actor.staff), csrfToken: staffCsrfToken(app.secret, actor.session.id) };
  });

  app.post(C.staffSignOut.path, perMinute(30, 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    await app.staff.signOut(actor);
    clearStaffCookie(request, reply);
    return { ok: true };
  });

  /** CH3: the chats waiting for an answer, longest first, with the time waited (the search is logged). */
  app.get(C.consoleChats.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(C.consoleChats.query, request.query);
    await app.staff.record(actor, 'CHATS_LISTED', page.search);
    return app.chats.waiting({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
  });

  /** CH5: a chat with its messages and who wrote it; the driver's messages are read now. */
  app.get(C.consoleChat.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { chatId } = parseInput(C.consoleChat.params, request.params);
    await app.staff.record(actor, 'CHAT_READ', chatId);
    const thread = await app.chats.openForBureau(chatId);
    const account = await app.storage.accounts.accountById(thread.chat.accountId);
    const name = [account?.person.firstName, account?.person.lastName].filter(Boolean).join(' ');
    return { ...thread, user: { email: account?.email ?? null, name } };
  });

  app.get(C.consoleChatFile.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { chatId, fileId } = parseInput(C.consoleChatFile.params, request.params);
    await app.staff.record(actor, 'CHAT_FILE_READ', `${chatId}/${fileId}`);
    return sendChatFile(app, reply, chatId, fileId);
  });

  /** CH6: the operator's answer; the driver's open page hears it, settings M's channels tell them. */
  app.post(C.consoleReply.path, perMinute(60, 32 * 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'answer');
    const { chatId } = parseInput(C.consoleReply.params, request.params);
    const { text } = parseInput(C.consoleReply.body, request.body);
    await app.staff.record(actor, 'CHAT_ANSWERED', chatId);
    return { chat: await app.chats.answer(chatId, actor.staff.name, text, []) };
  });

  /** The bureau writes to a user (by the account's address) first. */
  app.post(C.consoleMessage.path, perMinute(30, 32 * 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'answer');
    const input = parseInput(C.consoleMessage.body, request.body);
    // The lookup itself tells whether an address has an account: it is logged, found or not.
    await app.staff.record(actor, 'MESSAGE_SENT', `to ${input.email}`);
    const email = accountEmail(input.email);
    const account = email === null ? null : await app.storage.accounts.accountByEmail(email);
    if (!account) throw new HttpError(404, 'RECIPIENT_NOT_FOUND');
    return { chat: await app.chats.write(account.id, actor.staff.name, input) };
  });

  /** The console's live stream: any chat's change (the lists refresh). */
  app.get(C.consoleEvents.path, perMinute(30), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
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

  await consoleDeclarations(app, reads);

  await consoleClaims(app, reads);

  /** SF4: the supervisor's staff list, a new member (the TOTP secret shown once), disabling one. */
  app.get(C.staff.path, reads, async (request, reply) => ({ staff: await app.staff.list(await requireStaff(app, request, reply, false)) }));

  app.post(C.addStaff.path, perMinute(20, 4096), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'manageStaff');
    return app.staff.add(actor, parseInput(C.addStaff.body, request.body));
  });

  app.post(C.disableStaff.path, perMinute(20, 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    await app.staff.disable(actor, parseInput(C.disableStaff.params, request.params).id);
    return { ok: true };
  });

  /** AL2: the audit log, newest first (reading it is logged first). */
  app.get(C.audit.path, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(C.audit.query, request.query);
    return app.staff.audit(actor, { limit: CONSOLE_PAGE_SIZE, offset: page.offset });
  });
};

export default consoleRoutes;
