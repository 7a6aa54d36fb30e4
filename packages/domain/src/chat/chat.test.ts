import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CHAT_ABSTRACT_LENGTH, CHAT_TEXT_MAX, CHAT_TOPIC_MAX, chatAbstract, chatFileKind, chatFileName, chatList, ChatReplySchema, NewChatSchema, waitingForBureau, type Chat } from './chat.js';

const chat = (id: string, lastAt: number, lastSender: 'U' | 'B', unreadByUser = 0): Chat => ({ id, accountId: 'a', topic: `Topic ${id}`, createdAt: 0, lastAt, lastSender, abstract: '…', unreadByUser, unreadByBureau: 0 });

describe('chat with the bureau: the rules', () => {
  it.each([
    [{ topic: 'Žala', text: 'Sveiki' }, true],
    [{ topic: '  ', text: 'Sveiki' }, false],
    [{ topic: 'Žala', text: ' \n\t ' }, false],
    [{ topic: 'x'.repeat(CHAT_TOPIC_MAX), text: 'x'.repeat(CHAT_TEXT_MAX) }, true],
    [{ topic: 'x'.repeat(CHAT_TOPIC_MAX + 1), text: 'a' }, false],
    [{ topic: 'a', text: 'x'.repeat(CHAT_TEXT_MAX + 1) }, false],
    [{ topic: 'a', text: 5 }, false],
  ])('[CH1] %# a new chat %o is accepted: %s', (input, ok) => {
    expect(v.safeParse(NewChatSchema, input).success).toBe(ok);
  });

  it('[CH1] control characters go, new lines stay (CR LF as LF), ends trimmed', () => {
    expect(v.parse(ChatReplySchema, { text: '  Labas\r\nrytas\u0007\u0000!  ' })).toEqual({ text: 'Labas\nrytas!' });
    // Direction controls go too (they make a text show other than it is).
    expect(v.parse(ChatReplySchema, { text: 'sąskaita\u202Efdp.exe' })).toEqual({ text: 'sąskaitafdp.exe' });
  });

  it('[CH2] the abstract is the text on one line, cut at a word with an ellipsis', () => {
    expect(chatAbstract('Sveiki,\n\n  kada  gausiu atsakymą?')).toBe('Sveiki, kada gausiu atsakymą?');
    const long = 'žodis '.repeat(60);
    const cut = chatAbstract(long);
    expect(cut.length).toBeLessThanOrEqual(CHAT_ABSTRACT_LENGTH);
    expect(cut.endsWith('žodis…')).toBe(true);
    expect(chatAbstract('x'.repeat(300))).toBe(`${'x'.repeat(CHAT_ABSTRACT_LENGTH - 1)}…`);
    expect(chatAbstract('🚗'.repeat(200))).toBe(`${'🚗'.repeat(CHAT_ABSTRACT_LENGTH - 1)}…`);
  });

  it('[CH2] the list: newest activity first, the bureau\'s unread messages counted', () => {
    expect(chatList([chat('a', 10, 'U'), chat('b', 30, 'B', 2), chat('c', 20, 'B')]).map((c) => [c.id, c.unread, c.lastSender])).toEqual([
      ['b', 2, 'B'],
      ['c', 0, 'B'],
      ['a', 0, 'U'],
    ]);
  });

  it('[CH3] chats wait for the bureau while the user wrote last; the longest wait first', () => {
    expect(waitingForBureau([chat('a', 100, 'U'), chat('b', 50, 'U'), chat('c', 10, 'B')], 200).map((w) => [w.chat.id, w.waitedMs])).toEqual([
      ['b', 150],
      ['a', 100],
    ]);
  });

  it.each([
    ['photo.jpg', 'photo.jpg'],
    ['C:\\Users\\Jonas\\Pictures\\Žala 1.jpg', 'Žala 1.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b<c>.pdf', 'abc.pdf'],
    ['scan\u202Efdp.exe', 'scanfdp.exe'],
    ['', 'noName'],
    [null, 'noName'],
    ['..', 'noName'],
  ])('[CH4] a file sent as %s is kept as %s', (raw, kept) => {
    expect(chatFileName(raw)).toBe(kept);
  });
});

describe('chat files by content (CH7)', () => {
  const bytes = (...head: number[]) => new Uint8Array([...head, ...new Array(16).fill(0)]);
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  const text = (s: string) => new Uint8Array([...ascii(s), ...new Array(16).fill(0)]);
  it.each([
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0), 'image'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'image'],
    ['a HEIC', new Uint8Array([0, 0, 0, 24, ...ascii('ftypheic'), ...new Array(8).fill(0)]), 'image'],
    ['a PDF', text('%PDF-1.7\n'), 'pdf'],
    ['a GIF', text('GIF89a'), null],
    ['a Windows program renamed .pdf', text('MZ\x90\x00'), null],
    ['a text renamed .jpg', text('hello, world'), null],
    ['an empty file', new Uint8Array(0), null],
  ])('[CH7] %s is %s', (_name, b, kind) => {
    expect(chatFileKind(b)).toBe(kind);
  });
});
