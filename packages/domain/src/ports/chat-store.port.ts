import type { Chat, ChatMessage, ChatSender } from '../chat/chat.js';

/** A message as written (not read yet): the store counts it in its chat's last sender, abstract and unread counts. */
export type NewChatMessage = Omit<ChatMessage, 'readAt'>;

/**
 * **API Boundary.** The chats between drivers and the bureau (issue 16): SQLite, PostgreSQL and
 * memory adapters pass one contract. A message and its chat's summary change together; the SQL
 * stores drop an account's chats with the account.
 */
export interface ChatStorePort {
  /** CH1: a new chat with its first message (the user's). */
  createChat(chat: { readonly id: string; readonly accountId: string; readonly topic: string }, first: NewChatMessage): Promise<Chat>;
  /** CH1: a message in a chat; null when the chat is gone. */
  addMessage(message: NewChatMessage): Promise<Chat | null>;
  chat(id: string): Promise<Chat | null>;
  /** CH2: an account's chats (any order; the domain sorts them). */
  chatsOf(accountId: string): Promise<Chat[]>;
  /** A chat's messages, oldest first. */
  messages(chatId: string): Promise<ChatMessage[]>;
  /** CH5: `reader` opened the chat: the other side's unread messages are read at `at`; resolves how many. */
  markRead(chatId: string, reader: ChatSender, at: number): Promise<number>;
  /** CH2: the bureau's messages an account has not opened, over all its chats. */
  unreadByUser(accountId: string): Promise<number>;
  /** CH3: the chats whose last message is the user's, longest waiting first; `search` matches the topic, case-insensitive. */
  waiting(page: { readonly limit: number; readonly offset: number; readonly search?: string }): Promise<{ readonly chats: Chat[]; readonly total: number }>;
}
