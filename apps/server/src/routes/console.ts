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
import {
  accountEmail,
  ChatIdSchema,
  ChatReplySchema,
  CONSOLE_PAGE_SIZE,
  CONSOLE_PATH,
  ConsolePageSchema,
  NewChatSchema,
  NewStaffSchema,
  StaffSignInSchema,
} from '@eid/domain';
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

const ChatParams = v.object({ chatId: ChatIdSchema });
const FileParams = v.object({ chatId: ChatIdSchema, fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/)) });
const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)) });
const SignInAttemptSchema = v.object({ email: v.pipe(v.string(), v.minLength(3), v.maxLength(254)), password: v.pipe(v.string(), v.maxLength(200)), code: v.optional(v.pipe(v.string(), v.maxLength(10)), '') });
const MessageToUserSchema = v.object({ ...NewChatSchema.entries, email: v.pipe(v.string(), v.maxLength(254)) });

const consoleRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  const reads = perMinute(240);
  /** Live streams each staff member holds open (console tabs). */
  const consoleStreams = new Map<string, number>();
  const P = CONSOLE_PATH;

  /** SF1: address, password and code; the one answer STAFF_SIGN_IN_FAILED for every failure. */
  app.post(`${P}/sign-in`, perMinute(20, 2048), async (request, reply) => {
    // A malformed code (or none) is judged by the service too: the failure is counted and logged.
    const loose = v.safeParse(SignInAttemptSchema, request.body);
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

  app.get(`${P}/me`, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    return { staff: staffView(actor.staff), csrfToken: staffCsrfToken(app.secret, actor.session.id) };
  });

  app.post(`${P}/sign-out`, perMinute(30, 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    await app.staff.signOut(actor);
    clearStaffCookie(request, reply);
    return { ok: true };
  });

  /** CH3: the chats waiting for an answer, longest first, with the time waited (the search is logged). */
  app.get(`${P}/chats`, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(ConsolePageSchema, request.query);
    await app.staff.record(actor, 'CHATS_LISTED', page.search);
    return app.chats.waiting({ limit: CONSOLE_PAGE_SIZE, offset: page.offset, search: page.search });
  });

  /** CH5: a chat with its messages and who wrote it; the driver's messages are read now. */
  app.get(`${P}/chats/:chatId`, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { chatId } = parseInput(ChatParams, request.params);
    await app.staff.record(actor, 'CHAT_READ', chatId);
    const thread = await app.chats.openForBureau(chatId);
    const account = await app.storage.accounts.accountById(thread.chat.accountId);
    const name = [account?.person.firstName, account?.person.lastName].filter(Boolean).join(' ');
    return { ...thread, user: { email: account?.email ?? null, name } };
  });

  app.get(`${P}/chats/:chatId/files/:fileId`, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const { chatId, fileId } = parseInput(FileParams, request.params);
    await app.staff.record(actor, 'CHAT_FILE_READ', `${chatId}/${fileId}`);
    return sendChatFile(app, reply, chatId, fileId);
  });

  /** CH6: the operator's answer; the driver's open page hears it, settings M's channels tell them. */
  app.post(`${P}/chats/:chatId/messages`, perMinute(60, 32 * 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'answer');
    const { chatId } = parseInput(ChatParams, request.params);
    const { text } = parseInput(ChatReplySchema, request.body);
    await app.staff.record(actor, 'CHAT_ANSWERED', chatId);
    return { chat: await app.chats.answer(chatId, actor.staff.name, text, []) };
  });

  /** The bureau writes to a user (by the account's address) first. */
  app.post(`${P}/messages`, perMinute(30, 32 * 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'answer');
    const input = parseInput(MessageToUserSchema, request.body);
    // The lookup itself tells whether an address has an account: it is logged, found or not.
    await app.staff.record(actor, 'MESSAGE_SENT', `to ${input.email}`);
    const email = accountEmail(input.email);
    const account = email === null ? null : await app.storage.accounts.accountByEmail(email);
    if (!account) throw new HttpError(404, 'RECIPIENT_NOT_FOUND');
    return { chat: await app.chats.write(account.id, actor.staff.name, input) };
  });

  /** The console's live stream: any chat's change (the lists refresh). */
  app.get(`${P}/events`, perMinute(30), async (request, reply) => {
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
  app.get(`${P}/staff`, reads, async (request, reply) => ({ staff: await app.staff.list(await requireStaff(app, request, reply, false)) }));

  app.post(`${P}/staff`, perMinute(20, 4096), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    app.staff.require(actor, 'manageStaff');
    return app.staff.add(actor, parseInput(NewStaffSchema, request.body));
  });

  app.post(`${P}/staff/:id/disable`, perMinute(20, 1024), async (request, reply) => {
    const actor = await requireStaff(app, request, reply, true);
    await app.staff.disable(actor, parseInput(IdParams, request.params).id);
    return { ok: true };
  });

  /** AL2: the audit log, newest first (reading it is logged first). */
  app.get(`${P}/audit`, reads, async (request, reply) => {
    const actor = await requireStaff(app, request, reply, false);
    const page = parseInput(ConsolePageSchema, request.query);
    return app.staff.audit(actor, { limit: CONSOLE_PAGE_SIZE, offset: page.offset });
  });
};

export default consoleRoutes;
