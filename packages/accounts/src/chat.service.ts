/**
 * The chat use cases (issue 16; CH1-CH7): a driver's chats and the bureau's side of them, through
 * ports only. A driver reaches only their own chats (another's is CHAT_NOT_FOUND, as a missing
 * one); each change is announced to the open pages (events) and a bureau message to the driver
 * by the channels of settings M (notify). Files arrive already checked and stored (the server's
 * pipeline); the service records them with the message.
 */
import { chatList, waitingForBureau, type Chat, type ChatFile, type ChatsAnswer, type ChatStorePort, type ChatThread, type ClockPort, type IdPort } from '@eid/domain';
import { refuseChat as refuse } from './refusals.js';

/** The open pages of an account (its own, and the console's lists) learn that a chat changed. */
export interface ChatEventsPort {
  changed(accountId: string, chatId: string): void;
}

/** CH6: tells a driver that the bureau wrote (e-mail and/or SMS by settings M, never the text). */
export interface ChatNotifierPort {
  bureauWrote(accountId: string, chatId: string): Promise<void>;
}

export interface ChatPorts {
  readonly chats: ChatStorePort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly events: ChatEventsPort;
  readonly notify: ChatNotifierPort;
  /** A failed notification is logged; the message stays written. */
  readonly log: (message: string, data: Record<string, unknown>) => void;
}

export type { ChatThread };

/** The port a use case calls once it has decided: it reads a message's fields and files, stores the files, and says what they are. */
export type MessageIntake<F> = () => Promise<{ readonly fields: F; readonly files: readonly ChatFile[] }>;

export class ChatService {
  constructor(private readonly ports: ChatPorts) {}

  /** CH2: the driver's chats, newest first, and the bureau's messages not yet opened. */
  async list(accountId: string): Promise<ChatsAnswer> {
    const chats = chatList(await this.ports.chats.chatsOf(accountId));
    return { chats, unread: chats.reduce((n, c) => n + c.unread, 0) };
  }

  async unread(accountId: string): Promise<number> {
    return this.ports.chats.unreadByUser(accountId);
  }

  /** CH6: the chat if it is this account's; CHAT_NOT_FOUND otherwise. */
  async ownChat(accountId: string, chatId: string): Promise<Chat> {
    const chat = await this.ports.chats.chat(chatId);
    if (!chat || chat.accountId !== accountId) refuse('CHAT_NOT_FOUND');
    return chat;
  }

  /** CH5: the driver opens a chat: the bureau's messages are read now (the console sees the receipts). */
  async open(accountId: string, chatId: string): Promise<ChatThread> {
    await this.ownChat(accountId, chatId);
    return this.read(chatId, 'U');
  }

  /** CH1: a new chat with the driver's first message; `chatId` is the one its files were stored under. */
  async start(accountId: string, chatId: string, input: { readonly topic: string; readonly text: string }, files: readonly ChatFile[]): Promise<Chat> {
    const chat = await this.ports.chats.createChat({ id: chatId, accountId, topic: input.topic }, this.message(chatId, 'U', null, input.text, files));
    this.ports.events.changed(accountId, chatId);
    return chat;
  }

  /**
   * CH1: the driver writes in their chat. The chat's owner is decided first; only then is `intake`
   * called — the port that reads the message's fields and its files and stores the files (a
   * stranger's upload is never read).
   */
  async reply(accountId: string, chatId: string, intake: MessageIntake<{ readonly text: string }>): Promise<Chat> {
    await this.ownChat(accountId, chatId);
    const { fields, files } = await intake();
    return this.add(accountId, this.message(chatId, 'U', null, fields.text, files));
  }

  /** CH3: the chats waiting for the bureau, longest first, with the time waited. */
  async waiting(page: { readonly limit: number; readonly offset: number; readonly search: string }): Promise<{ readonly chats: Array<Chat & { readonly waitedMs: number }>; readonly total: number }> {
    const found = await this.ports.chats.waiting(page);
    // The store pages the waiting chats in the domain's order; the domain says how long each waited.
    return { chats: waitingForBureau(found.chats, this.ports.clock.now()).map((w) => ({ ...w.chat, waitedMs: w.waitedMs })), total: found.total };
  }

  /** CH5: an operator opens a chat: the driver's messages are read now (the driver sees the receipts). */
  async openForBureau(chatId: string): Promise<ChatThread> {
    const chat = await this.ports.chats.chat(chatId);
    if (!chat) refuse('CHAT_NOT_FOUND');
    return this.read(chatId, 'B');
  }

  /** CH6: an operator answers; the driver's pages see it at once and settings M's channels tell them. */
  async answer(chatId: string, staffName: string, text: string, files: readonly ChatFile[]): Promise<Chat> {
    const chat = await this.ports.chats.chat(chatId);
    if (!chat) refuse('CHAT_NOT_FOUND');
    const after = await this.add(chat.accountId, this.message(chatId, 'B', staffName, text, files));
    await this.tell(chat.accountId, chatId);
    return after;
  }

  /** The bureau writes to a user first: a new chat whose first message is the bureau's. */
  async write(accountId: string, staffName: string, input: { readonly topic: string; readonly text: string }): Promise<Chat> {
    const chatId = this.ports.ids.token();
    const chat = await this.ports.chats.createChat({ id: chatId, accountId, topic: input.topic }, this.message(chatId, 'B', staffName, input.text, []));
    this.ports.events.changed(accountId, chatId);
    await this.tell(accountId, chatId);
    return chat;
  }

  private async read(chatId: string, reader: 'U' | 'B'): Promise<ChatThread> {
    const { chats, clock } = this.ports;
    const read = await chats.markRead(chatId, reader, clock.now());
    const chat = (await chats.chat(chatId)) ?? refuse('CHAT_NOT_FOUND');
    if (read > 0) this.ports.events.changed(chat.accountId, chatId);
    return { chat, messages: await chats.messages(chatId) };
  }

  private async add(accountId: string, message: ReturnType<ChatService['message']>): Promise<Chat> {
    const chat = (await this.ports.chats.addMessage(message)) ?? refuse('CHAT_NOT_FOUND');
    this.ports.events.changed(accountId, message.chatId);
    return chat;
  }

  private async tell(accountId: string, chatId: string): Promise<void> {
    try {
      await this.ports.notify.bureauWrote(accountId, chatId);
    } catch (error) {
      this.ports.log('a chat notification was not sent', { chatId, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private message(chatId: string, sender: 'U' | 'B', staffName: string | null, content: string, files: readonly ChatFile[]) {
    return { messageId: this.ports.ids.token(), chatId, sender, staffName, at: this.ports.clock.now(), content, files };
  }
}
