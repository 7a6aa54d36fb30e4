import { chatAbstract, type Chat, type ChatMessage, type ChatSender, type ChatStorePort, type NewChatMessage } from '@eid/domain';

/** A copy as a database would give back (values are plain JSON). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** ChatStorePort in memory (tests; the same contract as the SQL stores). Values are copied in and out. */
export class MemoryChatStore implements ChatStorePort {
  private readonly chats = new Map<string, Chat>();
  private readonly messagesOf = new Map<string, ChatMessage[]>();

  async createChat(chat: { readonly id: string; readonly accountId: string; readonly topic: string }, first: NewChatMessage): Promise<Chat> {
    if (this.chats.has(chat.id)) throw new Error(`chat ${chat.id} exists`);
    this.chats.set(chat.id, { ...chat, createdAt: first.at, lastAt: first.at, lastSender: first.sender, abstract: '', unreadByUser: 0, unreadByBureau: 0 });
    this.messagesOf.set(chat.id, []);
    return (await this.addMessage(first)) as Chat;
  }

  async addMessage(m: NewChatMessage): Promise<Chat | null> {
    const chat = this.chats.get(m.chatId);
    const list = this.messagesOf.get(m.chatId);
    if (!chat || !list) return null;
    list.push(copy({ ...m, readAt: null }));
    const next: Chat = {
      ...chat,
      lastAt: m.at,
      lastSender: m.sender,
      abstract: chatAbstract(m.content),
      unreadByUser: chat.unreadByUser + (m.sender === 'B' ? 1 : 0),
      unreadByBureau: chat.unreadByBureau + (m.sender === 'U' ? 1 : 0),
    };
    this.chats.set(chat.id, next);
    return { ...next };
  }

  async chat(id: string): Promise<Chat | null> {
    const chat = this.chats.get(id);
    return chat ? { ...chat } : null;
  }

  async chatsOf(accountId: string): Promise<Chat[]> {
    return [...this.chats.values()].filter((c) => c.accountId === accountId).map((c) => ({ ...c }));
  }

  async messages(chatId: string): Promise<ChatMessage[]> {
    return copy(this.messagesOf.get(chatId) ?? []);
  }

  async markRead(chatId: string, reader: ChatSender, at: number): Promise<number> {
    const chat = this.chats.get(chatId);
    const list = this.messagesOf.get(chatId);
    if (!chat || !list) return 0;
    let read = 0;
    list.forEach((m, i) => {
      if (m.sender !== reader && m.readAt === null) {
        list[i] = { ...m, readAt: at };
        read += 1;
      }
    });
    this.chats.set(chatId, reader === 'U' ? { ...chat, unreadByUser: 0 } : { ...chat, unreadByBureau: 0 });
    return read;
  }

  async unreadByUser(accountId: string): Promise<number> {
    return [...this.chats.values()].filter((c) => c.accountId === accountId).reduce((n, c) => n + c.unreadByUser, 0);
  }

  async waiting(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly chats: Chat[]; readonly total: number }> {
    const search = page.search?.trim().toLocaleLowerCase('lt') ?? '';
    const all = [...this.chats.values()]
      .filter((c) => c.lastSender === 'U' && (search === '' || c.topic.toLocaleLowerCase('lt').includes(search)))
      .sort((a, b) => a.lastAt - b.lastAt || a.id.localeCompare(b.id));
    return { chats: all.slice(page.offset, page.offset + page.limit).map((c) => ({ ...c })), total: all.length };
  }
}
