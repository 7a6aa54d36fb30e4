/**
 * Chat with the bureau (app-shell §2-§3 Chat, Message, File; issue 16): a driver's topics, each a
 * thread of messages from the user (U) or the bureau (B), with files; what each side has read;
 * what a list shows (abstract, last sender, unread). The rules are here (SPEC.md CH); the threads
 * are kept behind ChatStorePort.
 */
import * as v from 'valibot';
import { object } from '../rules/schema.js';
import { MAX_PHOTO_BYTES } from '../rules/constants.js';
import { sniffContentType } from '../rules/content-type.js';

/** Who wrote a message: the user (U) or the bureau (B). */
export type ChatSender = 'U' | 'B';

/** CH1: the limits of what a driver or an operator writes. */
export const CHAT_TOPIC_MAX = 120;
export const CHAT_TEXT_MAX = 4000;
export const CHAT_FILES_MAX = 5;
/** CH1: one file's largest size (the photo pipeline's 20 MB). */
export const CHAT_FILE_MAX_BYTES = MAX_PHOTO_BYTES;
/** CH2: the abstract a list shows: the newest message's first characters. */
export const CHAT_ABSTRACT_LENGTH = 140;
/** CH1: the file types a message may carry (images through the photo pipeline, PDFs sniffed by content). */
export const CHAT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ChatFileType = (typeof CHAT_FILE_TYPES)[number];

/** A file of a message (app-shell §3 File; its bytes are fetched by id). */
export interface ChatFile {
  readonly fileId: string;
  /** The name it was sent with ("noName" when none). */
  readonly fileName: string;
  readonly mimeType: ChatFileType;
  readonly size: number;
}

export interface ChatMessage {
  readonly messageId: string;
  readonly chatId: string;
  readonly sender: ChatSender;
  /** The operator who wrote a bureau message (their display name); null for the user's. */
  readonly staffName: string | null;
  readonly at: number;
  readonly content: string;
  readonly files: readonly ChatFile[];
  /** When the other side first opened it (read receipts); null until then. */
  readonly readAt: number | null;
}

export interface Chat {
  readonly id: string;
  readonly accountId: string;
  readonly topic: string;
  readonly createdAt: number;
  readonly lastAt: number;
  readonly lastSender: ChatSender;
  readonly abstract: string;
  /** Bureau messages the user has not opened. */
  readonly unreadByUser: number;
  /** User messages no operator has opened. */
  readonly unreadByBureau: number;
}

/** A chat as the driver's list shows it (app-shell §3 Chat). */
export interface ChatListItem {
  readonly id: string;
  readonly topic: string;
  readonly date: number;
  readonly abstract: string;
  readonly lastSender: ChatSender;
  readonly unread: number;
}

/** Direction controls that make a text show other than it is (a name "scan‮fdp.exe"). */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** CH1: text without control characters (new lines and tabs kept), trimmed; blank is refused. */
const text = (max: number, code: string) =>
  v.pipe(
    v.string(code),
    v.transform((s) => s.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '').replace(BIDI_CONTROLS, '').trim()),
    v.minLength(1, code),
    v.maxLength(max, code),
  );

/** CH1: a new chat: its topic and first message. */
export const NewChatSchema = object({ topic: text(CHAT_TOPIC_MAX, 'CHAT_TOPIC_INVALID'), text: text(CHAT_TEXT_MAX, 'CHAT_TEXT_INVALID') });
/** CH1: a reply in a chat (files come beside it). */
export const ChatReplySchema = object({ text: text(CHAT_TEXT_MAX, 'CHAT_TEXT_INVALID') });
export const ChatIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'CHAT_NOT_FOUND'));

/** CH2: the abstract of a message: its text on one line, cut at a word to 140 characters with "…". */
export function chatAbstract(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= CHAT_ABSTRACT_LENGTH) return line;
  // By characters (code points): an emoji is never cut in half.
  const cut = chars.slice(0, CHAT_ABSTRACT_LENGTH - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > CHAT_ABSTRACT_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** CH2: the driver's list: newest activity first, the unread count of the bureau's messages. */
export function chatList(chats: readonly Chat[]): ChatListItem[] {
  return [...chats]
    .sort((a, b) => b.lastAt - a.lastAt || a.id.localeCompare(b.id))
    .map((c) => ({ id: c.id, topic: c.topic, date: c.lastAt, abstract: c.abstract, lastSender: c.lastSender, unread: c.unreadByUser }));
}

/** CH3: a chat waits for the bureau while its last message is the user's; the console lists the oldest wait first. */
export function waitingForBureau(chats: readonly Chat[], now: number): Array<{ readonly chat: Chat; readonly waitedMs: number }> {
  return chats
    .filter((c) => c.lastSender === 'U')
    .map((chat) => ({ chat, waitedMs: Math.max(0, now - chat.lastAt) }))
    .sort((a, b) => b.waitedMs - a.waitedMs || a.chat.id.localeCompare(b.chat.id));
}

/** CH4: a file's name as kept: the base name without path or control characters, at most 120 characters; "noName" when none is left. */
export function chatFileName(raw: string | null | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base.replace(/[\p{Cc}"<>|:*?]/gu, '').replace(BIDI_CONTROLS, '').trim()].slice(-120).join('');
  return clean === '' || clean === '.' || clean === '..' ? 'noName' : clean;
}

/** CH7: what a chat file is by its first bytes: an image for the photo pipeline (JPEG, PNG, HEIC/HEIF), a PDF, or null (refused). */
export function chatFileKind(bytes: Uint8Array): 'image' | 'pdf' | null {
  const head = String.fromCharCode(...bytes.subarray(0, 5));
  if (head === '%PDF-') return 'pdf';
  const sniffed = sniffContentType(bytes);
  return sniffed && ['image/jpeg', 'image/png', 'image/heic', 'image/heif'].includes(sniffed.contentType) ? 'image' : null;
}

/** CH7: the blob folder of a chat's files (beside the declarations' folders; swept when the chat is gone). */
export const CHAT_FILES_PREFIX = 'chat-';
export const chatFilesFolder = (chatId: string) => `${CHAT_FILES_PREFIX}${chatId}`;

/** CH5: a chat as its reader sees it: the chat and its messages, oldest first. */
export interface ChatThread {
  readonly chat: Chat;
  readonly messages: ChatMessage[];
}
/** CH2: the driver's chats, newest first, and the bureau's messages not yet opened. */
export interface ChatsAnswer {
  readonly chats: ChatListItem[];
  readonly unread: number;
}
