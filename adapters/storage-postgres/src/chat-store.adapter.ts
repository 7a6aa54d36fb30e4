/** ChatStorePort on PostgreSQL: a chat's row is locked while its message is added, so the summary and the order follow every node's writes. */
import { and, asc, count, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import { chatAbstract, type Chat, type ChatMessage, type ChatSender, type ChatStorePort, type NewChatMessage } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { chatMessages, chats } from './schema.js';

type Tx = Parameters<Parameters<PgDatabase['transaction']>[0]>[0];

/** The row without its search column is the chat. */
const toChat = ({ topicSearch: _search, ...chat }: typeof chats.$inferSelect): Chat => chat;

export class PgChatStore implements ChatStorePort {
  constructor(private readonly db: PgDatabase) {}

  async createChat(chat: { readonly id: string; readonly accountId: string; readonly topic: string }, first: NewChatMessage): Promise<Chat> {
    await this.db.transaction(async (tx) => {
      await tx.insert(chats).values({ ...chat, topicSearch: chat.topic.toLocaleLowerCase('lt'), createdAt: first.at, lastAt: first.at, lastSender: first.sender, abstract: '', unreadByUser: 0, unreadByBureau: 0 });
      await this.add(tx, first);
    });
    return (await this.chat(chat.id)) as Chat;
  }

  async addMessage(message: NewChatMessage): Promise<Chat | null> {
    const added = await this.db.transaction((tx) => this.add(tx, message));
    return added ? this.chat(message.chatId) : null;
  }

  async chat(id: string): Promise<Chat | null> {
    const [row] = await this.db.select().from(chats).where(eq(chats.id, id));
    return row ? toChat(row) : null;
  }

  async chatsOf(accountId: string): Promise<Chat[]> {
    return (await this.db.select().from(chats).where(eq(chats.accountId, accountId))).map(toChat);
  }

  async messages(chatId: string): Promise<ChatMessage[]> {
    const rows = await this.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.seq));
    return rows.map(({ seq: _seq, ...message }) => message);
  }

  async markRead(chatId: string, reader: ChatSender, at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const read = await tx.update(chatMessages).set({ readAt: at }).where(and(eq(chatMessages.chatId, chatId), ne(chatMessages.sender, reader), isNull(chatMessages.readAt))).returning({ id: chatMessages.messageId });
      await tx.update(chats).set(reader === 'U' ? { unreadByUser: 0 } : { unreadByBureau: 0 }).where(eq(chats.id, chatId));
      return read.length;
    });
  }

  async unreadByUser(accountId: string): Promise<number> {
    const [row] = await this.db.select({ n: sum(chats.unreadByUser) }).from(chats).where(eq(chats.accountId, accountId));
    return Number(row?.n ?? 0);
  }

  async waiting(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly chats: Chat[]; readonly total: number }> {
    const search = page.search?.trim().toLocaleLowerCase('lt') ?? '';
    const where = and(eq(chats.lastSender, 'U'), search === '' ? undefined : sql`strpos(${chats.topicSearch}, ${search}) > 0`);
    const rows = await this.db.select().from(chats).where(where).orderBy(asc(chats.lastAt), asc(chats.id)).limit(page.limit).offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(chats).where(where);
    return { chats: rows.map(toChat), total: total?.n ?? 0 };
  }

  /** The message and its chat's summary, the chat's row locked; false when the chat is gone. */
  private async add(tx: Tx, m: NewChatMessage): Promise<boolean> {
    const [chat] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, m.chatId)).for('update');
    if (!chat) return false;
    const [last] = await tx.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, m.chatId));
    await tx.insert(chatMessages).values({ messageId: m.messageId, chatId: m.chatId, seq: (last?.n ?? 0) + 1, sender: m.sender, staffName: m.staffName, at: m.at, content: m.content, files: [...m.files], readAt: null });
    await tx
      .update(chats)
      .set({
        lastAt: m.at,
        lastSender: m.sender,
        abstract: chatAbstract(m.content),
        ...(m.sender === 'B' ? { unreadByUser: sql`${chats.unreadByUser} + 1` } : { unreadByBureau: sql`${chats.unreadByBureau} + 1` }),
      })
      .where(eq(chats.id, m.chatId));
    return true;
  }
}
