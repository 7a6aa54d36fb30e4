import { describe, expect, it } from 'vitest';
import type { ChatStorePort, NewChatMessage } from '@eid/domain';

export interface ChatStoreUnderTest {
  readonly store: ChatStorePort;
  /** Makes an account the chats may belong to (the SQL stores' foreign key). */
  account(id: string): Promise<unknown>;
  close(): Promise<void> | void;
}

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const message = (chatId: string, messageId: string, sender: 'U' | 'B', at: number, content: string, files: NewChatMessage['files'] = []): NewChatMessage => ({ messageId, chatId, sender, staffName: sender === 'B' ? 'Operatorė Asta' : null, at, content, files });

/** The contract every ChatStorePort adapter passes (memory, SQLite, PostgreSQL). */
export function registerChatStoreContract(name: string, make: () => Promise<ChatStoreUnderTest> | ChatStoreUnderTest): void {
  describe(`chat store contract: ${name}`, () => {
    async function withStore(run: (s: ChatStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it('[CH1] [CH2] a chat is made with its first message; each message moves its summary (last sender, abstract, unread); messages come oldest first', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        const photo = { fileId: 'f1', fileName: 'žala.jpg', mimeType: 'image/jpeg' as const, size: 1234 };
        const created = await s.store.createChat({ id: 'chat-0001', accountId: 'acc-1', topic: 'Žala' }, message('chat-0001', 'm1', 'U', T0, 'Sveiki, kada gausiu atsakymą?', [photo]));
        expect(created).toEqual({ id: 'chat-0001', accountId: 'acc-1', topic: 'Žala', createdAt: T0, lastAt: T0, lastSender: 'U', abstract: 'Sveiki, kada gausiu atsakymą?', unreadByUser: 0, unreadByBureau: 1 });
        const answered = await s.store.addMessage(message('chat-0001', 'm2', 'B', T0 + 60_000, 'Laba diena.\nAtsakysime šiandien.'));
        expect(answered).toMatchObject({ lastAt: T0 + 60_000, lastSender: 'B', abstract: 'Laba diena. Atsakysime šiandien.', unreadByUser: 1, unreadByBureau: 1 });
        expect(await s.store.messages('chat-0001')).toEqual([
          { messageId: 'm1', chatId: 'chat-0001', sender: 'U', staffName: null, at: T0, content: 'Sveiki, kada gausiu atsakymą?', files: [photo], readAt: null },
          { messageId: 'm2', chatId: 'chat-0001', sender: 'B', staffName: 'Operatorė Asta', at: T0 + 60_000, content: 'Laba diena.\nAtsakysime šiandien.', files: [], readAt: null },
        ]);
        expect(await s.store.addMessage(message('no-such-chat', 'm3', 'U', T0, 'x'))).toBeNull();
        expect(await s.store.chat('no-such-chat')).toBeNull();
      }));

    it('[CH5] messages written at once (two devices, two nodes) are all kept, in one order, and all counted', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.store.createChat({ id: 'chat-0001', accountId: 'acc-1', topic: 'A' }, message('chat-0001', 'm0', 'U', T0, 'a'));
        await Promise.all(Array.from({ length: 10 }, (_, i) => s.store.addMessage(message('chat-0001', `m${i + 1}`, 'U', T0 + i + 1, `tekstas ${i + 1}`))));
        const all = await s.store.messages('chat-0001');
        expect(all).toHaveLength(11);
        expect(new Set(all.map((m) => m.messageId)).size).toBe(11);
        expect(await s.store.chat('chat-0001')).toMatchObject({ unreadByBureau: 11, lastSender: 'U' });
      }));

    it('[CH5] opening a chat reads the other side\'s messages (once, with the time); the unread counts follow', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.store.createChat({ id: 'chat-0001', accountId: 'acc-1', topic: 'A' }, message('chat-0001', 'm1', 'U', T0, 'a'));
        await s.store.createChat({ id: 'chat-0002', accountId: 'acc-1', topic: 'B' }, message('chat-0002', 'm2', 'U', T0, 'b'));
        await s.store.addMessage(message('chat-0001', 'm3', 'B', T0 + 1, 'c'));
        await s.store.addMessage(message('chat-0001', 'm4', 'B', T0 + 2, 'd'));
        await s.store.addMessage(message('chat-0002', 'm5', 'B', T0 + 3, 'e'));
        expect(await s.store.unreadByUser('acc-1')).toBe(3);
        expect(await s.store.markRead('chat-0001', 'U', T0 + 10)).toBe(2);
        expect(await s.store.markRead('chat-0001', 'U', T0 + 20)).toBe(0);
        expect(await s.store.unreadByUser('acc-1')).toBe(1);
        expect((await s.store.messages('chat-0001')).map((m) => [m.messageId, m.readAt])).toEqual([
          ['m1', null],
          ['m3', T0 + 10],
          ['m4', T0 + 10],
        ]);
        expect(await s.store.markRead('chat-0001', 'B', T0 + 30)).toBe(1);
        expect(await s.store.chat('chat-0001')).toMatchObject({ unreadByUser: 0, unreadByBureau: 0 });
        expect(await s.store.unreadByUser('acc-2')).toBe(0);
      }));

    it('[CH3] the waiting chats: the user wrote last, longest wait first, searched by topic, a page at a time with the total', () =>
      withStore(async (s) => {
        await s.account('acc-1');
        await s.account('acc-2');
        await s.store.createChat({ id: 'chat-0001', accountId: 'acc-1', topic: 'Žalos atlyginimas' }, message('chat-0001', 'm1', 'U', T0 + 30, 'a'));
        await s.store.createChat({ id: 'chat-0002', accountId: 'acc-2', topic: 'Skola biurui' }, message('chat-0002', 'm2', 'U', T0 + 10, 'b'));
        await s.store.createChat({ id: 'chat-0003', accountId: 'acc-2', topic: 'ŽALOS dokumentai' }, message('chat-0003', 'm3', 'U', T0 + 20, 'c'));
        await s.store.createChat({ id: 'chat-0004', accountId: 'acc-1', topic: 'Atsakyta' }, message('chat-0004', 'm4', 'U', T0, 'd'));
        await s.store.addMessage(message('chat-0004', 'm5', 'B', T0 + 40, 'e'));
        const all = await s.store.waiting({ limit: 10, offset: 0 });
        expect(all.total).toBe(3);
        expect(all.chats.map((c) => c.id)).toEqual(['chat-0002', 'chat-0003', 'chat-0001']);
        const page = await s.store.waiting({ limit: 1, offset: 1 });
        expect([page.total, page.chats.map((c) => c.id)]).toEqual([3, ['chat-0003']]);
        const found = await s.store.waiting({ limit: 10, offset: 0, search: 'žalos' });
        expect([found.total, found.chats.map((c) => c.id)]).toEqual([2, ['chat-0003', 'chat-0001']]);
        // A search is text, never a pattern.
        expect((await s.store.waiting({ limit: 10, offset: 0, search: '%' })).total).toBe(0);
        expect((await s.store.chatsOf('acc-2')).map((c) => c.id).sort()).toEqual(['chat-0002', 'chat-0003']);
      }));
  });
}
