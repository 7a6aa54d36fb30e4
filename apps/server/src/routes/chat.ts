/**
 * The driver's chats with the bureau (issue 16; CH1-CH7): the list with the unread count, a chat
 * (opening reads the bureau's messages), a new chat and a reply with files (multipart: the text
 * fields and at most 5 files), a file of the driver's own chat, and the live stream of changes
 * (server-sent events). Only the signed-in account's chats: another's is CHAT_NOT_FOUND.
 */
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX } from '@eid/domain';
import { HTTP_CALLS as C, type HttpResult } from '@eid/domain/protocol';
import { requireSession } from '../accounts/session-guard.js';
import { sessionToken } from '../accounts/session-cookie.js';
import { HttpError, parseInput } from '../http-error.js';
import { perMinute } from './rate-limit.js';
import { readChatUpload, sendChatFile } from '../chat/chat-files.js';
import { openChatStream } from '../chat/sse.js';
import { serveCall } from '../http/serve-call.js';
import { uploadSlots, UPLOADS_AT_ONCE } from '../chat/upload-slots.js';

/** Uploads the whole process works on at once, chats and claims together: more wait their turn as RATE_LIMITED. */
export const CHAT_UPLOADS_AT_ONCE = UPLOADS_AT_ONCE;
/** Live streams one account may hold open (tabs and phones). */
export const CHAT_STREAMS_PER_ACCOUNT = 5;
/** The body of a message with its files, and a little for the form's fields and boundaries. */
const UPLOAD_BODY_LIMIT = CHAT_FILES_MAX * CHAT_FILE_MAX_BYTES + 256 * 1024;

const chat: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { global: false, store: app.rateLimitStore });
  await app.register(multipart);
  const reads = perMinute(120);
  const slots = uploadSlots(app);
  // Nothing of a chat is kept by a browser's or a proxy's cache (this plugin's routes only; files set their own).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  serveCall(app, 'chats', (_input, { signedIn }) => app.chats.list(signedIn.account.id));
  serveCall(app, 'unreadChats', async (_input, { signedIn }) => ({ unread: await app.chats.unread(signedIn.account.id) }));
  serveCall(app, 'chat', ({ params }, { signedIn }) => app.chats.open(signedIn.account.id, params.chatId));

  app.get(C.chatFile.path, reads, async (request, reply) => {
    const { account } = await requireSession(app, request, reply, false);
    const { chatId, fileId } = parseInput(C.chatFile.params, request.params);
    await app.chats.ownChat(account.id, chatId);
    return sendChatFile(app, reply, chatId, fileId);
  });

  app.post(C.startChat.path, { ...perMinute(10), ...slots.gate, bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply): Promise<HttpResult<'startChat'>> => {
    const { account } = await requireSession(app, request, reply, true);
    const chatId = app.ids.token();
    return slots.run(account.id, async () => {
      const upload = await readChatUpload(app, request, chatId, (fields) => parseInput(C.startChat.fields, fields));
      return { chat: await app.chats.start(account.id, chatId, upload.fields, upload.files) };
    });
  });

  app.post(C.replyInChat.path, { ...perMinute(30), ...slots.gate, bodyLimit: UPLOAD_BODY_LIMIT }, async (request, reply): Promise<HttpResult<'replyInChat'>> => {
    const { account } = await requireSession(app, request, reply, true);
    const { chatId } = parseInput(C.replyInChat.params, request.params);
    // The use case decides whose chat it is, then calls the intake: the upload is read only for its owner.
    return slots.run(account.id, async () => ({
      chat: await app.chats.reply(account.id, chatId, () => readChatUpload(app, request, chatId, (fields) => parseInput(C.replyInChat.fields, fields))),
    }));
  });

  /** CH6: the account's live stream: `event: chat` with the id of a chat that changed. */
  app.get(C.chatEvents.path, perMinute(30), async (request, reply) => {
    const { account } = await requireSession(app, request, reply, false);
    if (app.chatEvents.count(account.id) >= CHAT_STREAMS_PER_ACCOUNT) throw new HttpError(429, 'RATE_LIMITED');
    const token = sessionToken(request);
    openChatStream(app.chatEvents, account.id, request, reply, async () => (await app.accounts.authenticate(token, false)) !== null);
  });
};

export default chat;
