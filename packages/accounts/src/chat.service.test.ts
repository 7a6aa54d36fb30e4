import { describe, expect, it } from 'vitest';
import { MemoryChatStore } from '@eid/adapter-storage-memory';
import { FixedClock, SequenceIds } from '@eid/test-fixtures';
import { ChatService } from './chat.service.js';
import { ChatError } from './refusals.js';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

function setup(notifyFails = false) {
  const clock = new FixedClock(T0);
  const events: string[] = [];
  const told: string[] = [];
  const logged: string[] = [];
  const service = new ChatService({
    chats: new MemoryChatStore(),
    clock,
    ids: new SequenceIds(),
    events: { changed: (accountId, chatId) => void events.push(`${accountId}:${chatId}`) },
    notify: {
      bureauWrote: async (accountId) => {
        if (notifyFails) throw new Error('SMTP down');
        told.push(accountId);
      },
    },
    log: (message) => void logged.push(message),
  });
  const failure = (p: Promise<unknown>) => p.then(() => 'OK', (e: unknown) => (e instanceof ChatError ? e.code : String(e)));
  return { clock, events, told, logged, service, failure };
}

describe('chat use cases', () => {
  it('[CH6] a driver reaches only their own chats: another\'s is CHAT_NOT_FOUND, exactly as a missing one', async () => {
    const { service, failure } = setup();
    await service.start('acc-1', 'chat-0001', { topic: 'Žala', text: 'Sveiki' }, []);
    expect(await failure(service.open('acc-2', 'chat-0001'))).toBe('CHAT_NOT_FOUND');
    expect(await failure(service.open('acc-2', 'chat-missing'))).toBe('CHAT_NOT_FOUND');
    // A stranger's message is refused before a byte of it is read.
    let read = 0;
    const intake = async () => ((read += 1), { fields: { text: 'įsilaužėlis' }, files: [] });
    expect(await failure(service.reply('acc-2', 'chat-0001', intake))).toBe('CHAT_NOT_FOUND');
    expect(read).toBe(0);
    expect((await service.list('acc-2')).chats).toEqual([]);
    expect((await service.open('acc-1', 'chat-0001')).messages.map((m) => m.content)).toEqual(['Sveiki']);
  });

  it('[CH3] [CH5] [CH6] the operator sees it waiting, opens it (the driver sees it read), answers: the driver\'s pages hear of it and settings M\'s channels are told', async () => {
    const { service, events, told, clock } = setup();
    await service.start('acc-1', 'chat-0001', { topic: 'Žala', text: 'Sveiki' }, []);
    clock.advance(10 * 60_000);
    const waiting = await service.waiting({ limit: 10, offset: 0, search: '' });
    expect(waiting.chats.map((c) => [c.id, c.waitedMs])).toEqual([['chat-0001', 10 * 60_000]]);
    events.length = 0;
    const opened = await service.openForBureau('chat-0001');
    expect(opened.messages[0]?.readAt).toBe(T0 + 10 * 60_000);
    expect(events).toEqual(['acc-1:chat-0001']);
    await service.answer('chat-0001', 'Asta', 'Laba diena, žalą sutvarkysime.', []);
    expect(told).toEqual(['acc-1']);
    expect((await service.list('acc-1')).unread).toBe(1);
    expect((await service.waiting({ limit: 10, offset: 0, search: '' })).total).toBe(0);
    const thread = await service.open('acc-1', 'chat-0001');
    expect(thread.messages.map((m) => [m.sender, m.staffName])).toEqual([['U', null], ['B', 'Asta']]);
    expect(await service.unread('acc-1')).toBe(0);
  });

  it('[CH6] the bureau writes to a user first: a new chat with its message, the user told; a failed notification is logged and the message kept', async () => {
    const { service, logged } = setup(true);
    await service.write('acc-1', 'Asta', { topic: 'Trūksta dokumento', text: 'Atsiųskite nuotrauką.' });
    const list = await service.list('acc-1');
    expect(list.chats.map((c) => [c.topic, c.lastSender, c.unread])).toEqual([['Trūksta dokumento', 'B', 1]]);
    expect(logged).toEqual(['a chat notification was not sent']);
  });
});
