import { describe, expect, it } from 'vitest';
import { MemoryChatStore, MemoryClaimStore } from '@eid/adapter-storage-memory';
import { FixedClock, SequenceIds, submittedDeclaration } from '@eid/test-fixtures';
import type { Claim, ClaimData, ClaimStorePort } from '@eid/domain';
import { ChatService } from './chat.service.js';
import { ClaimService } from './claim.service.js';
import { ClaimError } from './refusals.js';

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const declaration = { ...submittedDeclaration('decl-1'), status: 'FINISHED' as const };

function setup(options: { dispatchFails?: boolean; store?: ClaimStorePort } = {}) {
  const clock = new FixedClock(T0);
  const ids = new SequenceIds();
  const chatStore = new MemoryChatStore();
  const chats = new ChatService({ chats: chatStore, clock, ids, events: { changed: () => undefined }, notify: { bureauWrote: async () => undefined }, log: () => undefined });
  const sent: Claim[] = [];
  const logged: string[] = [];
  const claims = options.store ?? new MemoryClaimStore();
  const service = new ClaimService({
    claims,
    clock,
    ids,
    chats,
    // B (the victim) and A (the culprit) both took part through accounts acc-B and acc-A.
    declarations: { ofAccount: async (accountId) => (accountId === 'acc-B' ? [{ declaration, party: 'B' as const }] : accountId === 'acc-A' ? [{ declaration, party: 'A' as const }] : []) },
    dispatch: {
      submitted: async (claim) => {
        if (options.dispatchFails) throw new Error('SMTP down');
        sent.push(claim);
      },
    },
    log: (message) => void logged.push(message),
  });
  const failure = (p: Promise<unknown>) => p.then(() => 'OK', (e: unknown) => (e instanceof ClaimError ? e.code : String(e)));
  return { clock, service, chats, sent, logged, failure, claims };
}

/** B's prefilled claim completed: a sum and a Swedbank IBAN. */
function completed(d: ClaimData): ClaimData {
  return {
    ...d,
    victim: { ...d.victim, address: 'Gedimino pr. 1, Vilnius' },
    damage: { ...d.damage, vehicleRepair: '1200,50' },
    payment: { ...d.payment, bankCode: '73000', accountNo: 'LT73 7300 0100 1234 5678' },
  };
}

describe('the victim\'s claim', () => {
  it('[UE8] the victim starts a claim from the declaration (prefilled; started again, the same claim); the culprit and a stranger cannot', async () => {
    const { service, failure } = setup();
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    expect(claim.state).toBe('DRAFT');
    expect(claim.data.culprit.plate).toBe('KLM123');
    expect((await service.start('acc-B', 'ona@example.lt', 'decl-1')).id).toBe(claim.id);
    expect(await failure(service.start('acc-A', 'jonas@example.lt', 'decl-1'))).toBe('CLAIM_NOT_VICTIM');
    expect(await failure(service.start('acc-X', 'x@example.lt', 'decl-1'))).toBe('CLAIM_NOT_VICTIM');
    const typed = await service.start('acc-X', 'x@example.lt', null);
    expect(typed.data.victim.email).toBe('x@example.lt');
    expect(typed.data.payment.bankCountry).toBe('LT');
  });

  it('[UE3] [UE6] a claim is another\'s: not found; an incomplete one is not submitted; a submitted one is not edited', async () => {
    const { service, failure } = setup();
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    expect(await failure(service.own('acc-X', claim.id))).toBe('CLAIM_NOT_FOUND');
    expect(await failure(service.saveDraft('acc-X', claim.id, claim.data))).toBe('CLAIM_NOT_FOUND');
    expect(await failure(service.submit('acc-B', claim.id))).toBe('CLAIM_INCOMPLETE');
    await service.saveDraft('acc-B', claim.id, completed(claim.data));
    const submitted = await service.submit('acc-B', claim.id);
    expect(submitted.state).toBe('SUBMITTED');
    expect(await failure(service.saveDraft('acc-B', claim.id, claim.data))).toBe('CLAIM_NOT_EDITABLE');
    expect(await failure(service.removeDocument('acc-B', claim.id, 'x'))).toBe('CLAIM_NOT_EDITABLE');
    expect(await failure(service.submit('acc-B', claim.id))).toBe('CLAIM_NOT_EDITABLE');
  });

  it('[UE4] [UE9] submitted: numbered, sent to its body, in the queue; a failed sending is logged and the claim kept', async () => {
    const { service, sent, logged } = setup({ dispatchFails: true });
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    await service.saveDraft('acc-B', claim.id, completed(claim.data));
    const submitted = await service.submit('acc-B', claim.id);
    expect(submitted.number).toMatch(/^Z-20261124-[A-Z0-9]{1,4}$/);
    expect(sent).toEqual([]);
    expect(logged).toEqual(['a claim was not sent to its competent body']);
    expect((await service.queue({ limit: 10, offset: 0 })).claims.map((c) => c.id)).toEqual([claim.id]);
  });

  it('[UE2] [UE9] the bureau\'s moves: each one a chat message to the victim in the claim\'s chat; a wrong move is refused', async () => {
    const { service, chats, failure, sent } = setup();
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    expect(await failure(service.setState(claim.id, 'RECEIVED', 'Asta', 'Gavome.'))).toBe('CLAIM_NOT_FOUND');
    await service.saveDraft('acc-B', claim.id, completed(claim.data));
    await service.submit('acc-B', claim.id);
    expect(sent.map((c) => c.id)).toEqual([claim.id]);
    const asked = await service.setState(claim.id, 'INFORMATION_REQUESTED', 'Asta', 'Atsiųskite sąskaitą.');
    expect(asked.chatId).not.toBeNull();
    await service.addDocuments('acc-B', claim.id, 'damage', [{ fileId: 'f1', fileName: 'saskaita.pdf', mimeType: 'application/pdf', size: 100 }]);
    await service.setState(claim.id, 'DECIDED', 'Asta', 'Išmokėsime 1200,50 EUR.');
    const list = await chats.list('acc-B');
    expect(list.chats.map((c) => c.topic)).toEqual([asked.number]);
    expect((await chats.open('acc-B', asked.chatId ?? '')).messages.map((m) => m.content)).toEqual(['Atsiųskite sąskaitą.', 'Išmokėsime 1200,50 EUR.']);
    expect(await failure(service.setState(claim.id, 'RECEIVED', 'Asta', 'Vėl.'))).toBe('CLAIM_STATE_INVALID');
    expect(await failure(service.addDocuments('acc-B', claim.id, 'damage', []))).toBe('CLAIM_NOT_EDITABLE');
    // An upload to a decided claim, or to another's, is refused before a byte of it is read.
    let read = 0;
    const intake = async () => ((read += 1), { fields: { kind: 'damage' as const }, files: [] });
    expect(await failure(service.receiveDocuments('acc-B', claim.id, intake))).toBe('CLAIM_NOT_EDITABLE');
    expect(await failure(service.receiveDocuments('acc-A', claim.id, intake))).toBe('CLAIM_NOT_FOUND');
    expect(read).toBe(0);
  });

  it('[UE5] at most 10 files of one list', async () => {
    const { service, failure } = setup();
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ fileId: `f${i}`, fileName: `${i}.jpg`, mimeType: 'image/jpeg', size: 1 }));
    await service.addDocuments('acc-B', claim.id, 'fotos', files(10));
    expect(await failure(service.addDocuments('acc-B', claim.id, 'fotos', files(1)))).toBe('CLAIM_TOO_MANY_FILES');
    expect((await service.own('acc-B', claim.id)).documents).toHaveLength(10);
    // The intake is told the room left: none for photos, 10 for another list.
    const rooms: number[] = [];
    await service.receiveDocuments('acc-B', claim.id, async (room) => (rooms.push(room.of('fotos'), room.of('damage')), { fields: { kind: 'damage' }, files: files(1) }));
    expect(rooms).toEqual([0, 10]);
  });

  it('[UE3] a document added while the form is saved is not lost: the later write is applied on the newer claim', async () => {
    const store = new MemoryClaimStore();
    const { service } = setup({ store });
    const claim = await service.start('acc-B', 'ona@example.lt', 'decl-1');
    // The save reads the claim, then a document lands before it writes.
    const save = store.save.bind(store);
    let raced = false;
    store.save = async (next, expected) => {
      if (!raced) {
        raced = true;
        await service.addDocuments('acc-B', claim.id, 'fotos', [{ fileId: 'f1', fileName: 'a.jpg', mimeType: 'image/jpeg', size: 1 }]);
      }
      return save(next, expected);
    };
    await service.saveDraft('acc-B', claim.id, { ...claim.data, police: { informed: true, comment: 'Policija atvyko' } });
    const stored = await service.own('acc-B', claim.id);
    expect(stored.documents.map((d) => d.fileId)).toEqual(['f1']);
    expect(stored.data.police.comment).toBe('Policija atvyko');
  });
});
