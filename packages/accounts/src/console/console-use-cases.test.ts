/**
 * The console's use cases through their ports (SF2, AL1, CH5, UE9): each writes the audit log
 * before it reads or changes anything; writing first to an address without an account is logged
 * and RECIPIENT_NOT_FOUND; a declaration without statements is none; a member whose role may not
 * answer is refused before anything is written to a driver.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../refusals.js';
import type { StaffActor } from '../staff.service.js';
import { answerChat, listDeclarations, readChat, readDeclaration, writeToUser, type ConsolePorts } from './index.js';

function ports(calls: string[], over: { mayAnswer?: boolean } = {}): ConsolePorts {
  const step = (name: string) => calls.push(name);
  return {
    staff: {
      record: async (_a, action, subject) => (step(`audit ${action} ${subject}`), {}) as never,
      require: () => {
        step('require');
        if (over.mayAnswer === false) throw new ConsoleError('STAFF_FORBIDDEN');
      },
      list: async () => [],
      add: async () => ({}) as never,
    },
    chats: {
      waiting: async () => (step('chats.waiting'), { chats: [], total: 0 }),
      openForBureau: async (id) => (step(`chats.open ${id}`), { chat: { id, accountId: 'acc-1' } as never, messages: [] }),
      answer: async (id) => (step(`chats.answer ${id}`), { id } as never),
      write: async (accountId) => (step(`chats.write ${accountId}`), { id: 'new' } as never),
    },
    claims: { queue: async () => ({ claims: [], total: 0 }), forBureau: async () => ({}) as never, setState: async () => ({}) as never },
    accounts: {
      accountById: async (id) => (step(`accounts.byId ${id}`), { email: 'ona@example.lt', person: { firstName: 'Ona', lastName: 'Onaitė' } } as never),
      accountByEmail: async (email) => (step(`accounts.byEmail ${email}`), email === 'ona@example.lt' ? ({ id: 'acc-1' } as never) : null),
    },
    statements: {
      received: async () => (step('statements.received'), { declarations: [{ declarationId: 'd-1', accidentId: 'A-1', receivedAt: 1 }], total: 1 }),
      statementsFor: async () => (step('statements.for'), []),
    },
    declarations: { get: async (id) => (step(`declarations.get ${id}`), null) },
    insurerClaims: async () => [],
    insurerFeed: {
      feedPage: async (insurerId, limit, offset) => (step(`feed.page ${insurerId} ${limit} ${offset}`), { entries: [{ seq: 7, insurerId, declarationId: 'd-2', finishedAt: 5 }], total: 1 }),
      feedEntry: async (insurerId, declarationId) => (step(`feed.entry ${insurerId} ${declarationId}`), declarationId === 'd-2' ? { seq: 7, insurerId, declarationId, finishedAt: 5 } : null),
      inFeed: async (insurerId, ids) => (step(`feed.in ${insurerId} ${ids.join(',')}`), new Set(ids.filter((id) => id === 'd-2'))),
    },
    registry: { listInsurers: async () => [] },
  };
}
const actor = { staff: { id: 's-1', name: 'Operatorė' }, session: { id: 'x' } } as unknown as StaffActor;

const insurerActor = { staff: { id: 's-9', name: 'Ona', role: 'insurer', insurerId: 2 }, session: { id: 'y' } } as unknown as StaffActor;

describe('the console use cases', () => {
  it("issue 36: an insurer's member lists its insurer's feed (not the bureau's list), searches only among its own, and reads nothing outside it", async () => {
    const calls: string[] = [];
    expect(await listDeclarations(ports(calls), insurerActor, { offset: 0, search: '' })).toEqual({ declarations: [{ declarationId: 'd-2', accidentId: '', receivedAt: 5, plates: [] }], total: 1 });
    expect(calls).toEqual(['audit DECLARATIONS_LISTED ', 'feed.page 2 20 0', 'statements.for', 'declarations.get d-2']);
    calls.length = 0;
    // The bureau's match d-1 is not this insurer's: it is left out.
    expect(await listDeclarations(ports(calls), insurerActor, { offset: 0, search: 'A-1' })).toEqual({ declarations: [], total: 0 });
    expect(calls).toEqual(['audit DECLARATIONS_LISTED A-1', 'statements.received', 'feed.in 2 d-1']);
    calls.length = 0;
    // Spaces only are no search: its own feed.
    expect((await listDeclarations(ports(calls), insurerActor, { offset: 0, search: '  ' })).total).toBe(1);
    expect(calls[1]).toBe('feed.page 2 20 0');
    calls.length = 0;
    expect(await readDeclaration(ports(calls), insurerActor, 'd-1')).toBeNull();
    expect(calls).toEqual(['audit DECLARATION_READ d-1', 'feed.entry 2 d-1']);
  });

  it('[AL1] write the audit log first, then read: a chat with its writer, the declarations with their plates', async () => {
    const calls: string[] = [];
    const chat = await readChat(ports(calls), actor, 'chat-1');
    expect(chat.user).toEqual({ email: 'ona@example.lt', name: 'Ona Onaitė' });
    expect(calls).toEqual(['audit CHAT_READ chat-1', 'chats.open chat-1', 'accounts.byId acc-1']);
    calls.length = 0;
    const page = await listDeclarations(ports(calls), actor, { offset: 0, search: 'A-' });
    expect(page).toEqual({ declarations: [{ declarationId: 'd-1', accidentId: 'A-1', receivedAt: 1, plates: [] }], total: 1 });
    expect(calls[0]).toBe('audit DECLARATIONS_LISTED A-');
  });

  it('[SF2] a declaration without statements is none, and the read is logged all the same', async () => {
    const calls: string[] = [];
    expect(await readDeclaration(ports(calls), actor, 'd-404')).toBeNull();
    expect(calls).toEqual(['audit DECLARATION_READ d-404', 'declarations.get d-404']);
  });

  it('[CH6] writing first to an address without an account is logged, then RECIPIENT_NOT_FOUND; with one it is written', async () => {
    const calls: string[] = [];
    await expect(writeToUser(ports(calls), actor, { email: 'nobody@example.lt', topic: 'Sveiki', text: 'Labas' })).rejects.toEqual(new ConsoleError('RECIPIENT_NOT_FOUND'));
    expect(calls).toEqual(['require', 'audit MESSAGE_SENT to nobody@example.lt', 'accounts.byEmail nobody@example.lt']);
    calls.length = 0;
    expect(await writeToUser(ports(calls), actor, { email: 'Ona@Example.lt ', topic: 'Sveiki', text: 'Labas' })).toEqual({ chat: { id: 'new' } });
    expect(calls.at(-1)).toBe('chats.write acc-1');
  });

  it('[SF2] a member whose role may not answer is refused before anything is logged or written', async () => {
    const calls: string[] = [];
    await expect(answerChat(ports(calls, { mayAnswer: false }), actor, 'chat-1', 'Atsakymas')).rejects.toEqual(new ConsoleError('STAFF_FORBIDDEN'));
    expect(calls).toEqual(['require']);
  });
});
