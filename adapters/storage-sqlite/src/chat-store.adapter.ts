/** ChatStorePort on SQLite: a chat's summary row changes in the same transaction as its message. */
import { and, asc, count, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import { chatAbstract, type Chat, type ChatMessage, type ChatSender, type ChatStorePort, type NewChatMessage } from '@eid/domain';
import type { EidDatabase } from './database.js';
import { chatMessages, chats } from './schema.js';

/** The row without its search column is the chat. */
const toChat = ({ topicSearch: _search, ...chat }: typeof chats.$inferSelect): Chat => chat;

export class SqliteChatStore implements ChatStorePort {
  constructor(private readonly db: EidDatabase) {}

  async createChat(chat: { readonly id: string; readonly accountId: string; readonly topic: string }, first: NewChatMessage): Promise<Chat> {
    this.db.transaction((tx) => {
      tx.insert(chats)
        .values({ ...chat, topicSearch: chat.topic.toLocaleLowerCase('lt'), createdAt: first.at, lastAt: first.at, lastSender: first.sender, abstract: '', unreadByUser: 0, unreadByBureau: 0 })
        .run();
      this.add(tx as unknown as EidDatabase, first);
    });
    return (await this.chat(chat.id)) as Chat;
  }

  async addMessage(message: NewChatMessage): Promise<Chat | null> {
    const added = this.db.transaction((tx) => this.add(tx as unknown as EidDatabase, message));
    return added ? this.chat(message.chatId) : null;
  }

  async chat(id: string): Promise<Chat | null> {
    const row = this.db.select().from(chats).where(eq(chats.id, id)).get();
    return row ? toChat(row) : null;
  }

  async chatsOf(accountId: string): Promise<Chat[]> {
    return this.db.select().from(chats).where(eq(chats.accountId, accountId)).all().map(toChat);
  }

  async messages(chatId: string): Promise<ChatMessage[]> {
    return this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(asc(chatMessages.seq))
      .all()
      .map(({ seq: _seq, ...message }) => message);
  }

  async markRead(chatId: string, reader: ChatSender, at: number): Promise<number> {
    return this.db.transaction((tx) => {
      const read = tx.update(chatMessages).set({ readAt: at }).where(and(eq(chatMessages.chatId, chatId), ne(chatMessages.sender, reader), isNull(chatMessages.readAt))).run().changes;
      tx.update(chats).set(reader === 'U' ? { unreadByUser: 0 } : { unreadByBureau: 0 }).where(eq(chats.id, chatId)).run();
      return read;
    });
  }

  async unreadByUser(accountId: string): Promise<number> {
    return Number(this.db.select({ n: sum(chats.unreadByUser) }).from(chats).where(eq(chats.accountId, accountId)).get()?.n ?? 0);
  }

  async waiting(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly chats: Chat[]; readonly total: number }> {
    const search = page.search?.trim().toLocaleLowerCase('lt') ?? '';
    const where = and(eq(chats.lastSender, 'U'), search === '' ? undefined : sql`instr(${chats.topicSearch}, ${search}) > 0`);
    const rows = this.db.select().from(chats).where(where).orderBy(asc(chats.lastAt), asc(chats.id)).limit(page.limit).offset(page.offset).all();
    const total = this.db.select({ n: count() }).from(chats).where(where).get()?.n ?? 0;
    return { chats: rows.map(toChat), total };
  }

  /** The message and its chat's summary; false when the chat is gone. */
  private add(tx: EidDatabase, m: NewChatMessage): boolean {
    const chat = tx.select({ id: chats.id }).from(chats).where(eq(chats.id, m.chatId)).get();
    if (!chat) return false;
    const seq = (tx.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, m.chatId)).get()?.n ?? 0) + 1;
    tx.insert(chatMessages).values({ messageId: m.messageId, chatId: m.chatId, seq, sender: m.sender, staffName: m.staffName, at: m.at, content: m.content, files: [...m.files], readAt: null }).run();
    tx.update(chats)
      .set({
        lastAt: m.at,
        lastSender: m.sender,
        abstract: chatAbstract(m.content),
        ...(m.sender === 'B' ? { unreadByUser: sql`${chats.unreadByUser} + 1` } : { unreadByBureau: sql`${chats.unreadByBureau} + 1` }),
      })
      .where(eq(chats.id, m.chatId))
      .run();
    return true;
  }
}
