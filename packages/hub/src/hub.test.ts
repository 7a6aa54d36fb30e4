import { describe, expect, it } from 'vitest';
import { CALL_BURST, declarationViewFor, HEARTBEAT_TIMEOUT_MS, PHONE_CODES_PER_DECLARATION_PER_DAY, PHONE_CODES_PER_NUMBER_PER_DAY, type StoredDeclaration } from '@eid/domain';
import { INSTRUCTION_NAMES, INSTRUCTIONS, PROTOCOL_VERSION, type ServerMessage } from '@eid/domain/protocol';
import { MemoryExpiringStore } from '@eid/adapter-storage-memory';
import { FixedClock } from '@eid/test-fixtures';
import { ask, connect, Device, makeHarness, meet, resume, plates, T0, VILNIUS } from './testing/hub-harness.js';
import { PHONE_CODE_RESEND_MS } from '@eid/domain';
import { PHONE_CODE_TTL_MS } from './contacts.service.js';

async function pair() {
  const h = makeHarness();
  const a = new Device();
  const b = new Device();
  const sa = await connect(h, a, 'KLM123', 'HBN512');
  const sb = await meet(h, b, a, 'HBN512', 'KLM123');
  return { h, a, b, sa, sb };
}

const call = (op: string, p?: unknown) => (p === undefined ? { t: 'call', op } : { t: 'call', op, p });

describe('the endpoint refuses what the registry refuses, one typed code each', () => {
  it('[HB18] an unknown instruction is UNKNOWN_INSTRUCTION; a seat instruction without a seat is NOT_CONNECTED; a public one works', async () => {
    const h = makeHarness();
    const stranger = new Device();
    expect(await ask(h, stranger, call('no-such-thing'))).toMatchObject({ ok: false, code: 'UNKNOWN_INSTRUCTION' });
    for (const name of INSTRUCTION_NAMES.filter((n) => INSTRUCTIONS[n].access === 'seat')) {
      expect(await ask(h, stranger, call(name, {}))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    }
    expect(await ask(h, stranger, call('test-connection'))).toMatchObject({ ok: true, r: { ok: true } });
  });

  it("[HB18] a payload the instruction's schema refuses is DATA_ERROR; another party's data is NOT_ALLOWED; nothing is written", async () => {
    const { h, b, sa } = await pair();
    const before = (await h.store.get(sa.declarationId))?.declaration.version;
    expect(await ask(h, b, call('eid-comment', { text: 42 }))).toMatchObject({ ok: false, code: 'DATA_ERROR' });
    expect(await ask(h, b, call('add-foto'))).toMatchObject({ ok: false, code: 'DATA_ERROR' });
    expect(await ask(h, b, call('eid-comment', { party: 'A', text: 'not mine' }))).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
    expect(await ask(h, b, call('send-phone-code', { party: 'A', tel: '+37061234567' }))).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
    expect((await h.store.get(sa.declarationId))?.declaration.version).toBe(before);
  });

  it('[HB18] reads change nothing: every read instruction leaves the stored declaration as it was', async () => {
    const { h, a, sa } = await pair();
    const before = await h.store.get(sa.declarationId);
    for (const name of INSTRUCTION_NAMES.filter((n) => INSTRUCTIONS[n].kind === 'read')) {
      await ask(h, a, call(name, name === 'check-plate' ? { plates: plates('LRA908') } : name.startsWith('get-') && name !== 'get-view' ? { id: 'photo-00000001' } : undefined));
    }
    const after = await h.store.get(sa.declarationId);
    expect(after?.declaration).toEqual(before?.declaration);
  });

  it('[HB18] a finished declaration takes no edit (DECLARATION_FINISHED) but can be read', async () => {
    const { h, a, sa } = await pair();
    expect(await h.hub.completeSubmission(sa.declarationId, 'FAIL', null)).toBe(true);
    // The devices were told and unbound; a resume may look.
    const again = new Device();
    const r = await ask(h, again, { t: 'resume', protocol: PROTOCOL_VERSION, declarationId: sa.declarationId, party: 'A', token: sa.token });
    expect(r).toMatchObject({ ok: true, r: { allow: { A: false, B: false } } });
    expect(a.inbox).toContainEqual({ t: 'end', reason: 'FINISHED' });
    const stored = (await h.store.get(sa.declarationId)) as StoredDeclaration;
    expect(stored.declaration.status).toBe('FINISHED');
  });

  it('[HB18] the queue finishing a declaration that was deleted meanwhile is told false, not a fault', async () => {
    const h = makeHarness();
    const a = new Device();
    const sa = await connect(h, a, 'KLM123', 'HBN512');
    expect(await ask(h, a, call('nuke-it'))).toMatchObject({ ok: true });
    expect(await h.store.get(sa.declarationId)).toBeNull();
    await expect(h.hub.completeSubmission(sa.declarationId, 'SUCCESS', null)).resolves.toBe(false);
  });

  it('[HB19] a connect or resume of another protocol version, or of none, is PROTOCOL_UNSUPPORTED and binds nothing', async () => {
    const { h, sa } = await pair();
    const old = new Device();
    const connectFrame = { t: 'connect', mode: 'live', plates: { A: plates('LRA908'), B: plates('GTE274') }, location: VILNIUS, fillLang: 'lt' };
    expect(await ask(h, old, connectFrame)).toMatchObject({ ok: false, code: 'PROTOCOL_UNSUPPORTED' });
    expect(await ask(h, old, { ...connectFrame, protocol: PROTOCOL_VERSION + 1 })).toMatchObject({ ok: false, code: 'PROTOCOL_UNSUPPORTED' });
    expect(await ask(h, old, { t: 'resume', protocol: PROTOCOL_VERSION - 1, declarationId: sa.declarationId, party: 'A', token: sa.token })).toMatchObject({ ok: false, code: 'PROTOCOL_UNSUPPORTED' });
    expect(h.hub.connections).toBe(2);
    expect(await ask(h, old, call('eid-comment', { text: 'x' }))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
  });
});

describe('fair use of one connection', () => {
  it('[FU1] 1,000 pipelined edits: the burst is served, every call after the first refused one is refused TOO_MANY_CALLS with the wait, nothing of them written; another device is served as before', async () => {
    const { h, a, b, sa } = await pair();
    const other = new Device();
    await connect(h, other, 'LRA908', 'GTE274');
    const before = (await h.store.get(sa.declarationId))!.declaration.version;
    // Every frame of the connection so far took a token (its connect, its answer to the join).
    const spent = a.results.length;
    // All sent at once, as a socket that does not wait for answers; each handled in arrival order.
    await Promise.all(Array.from({ length: 1000 }, (_, i) => h.hub.handle(a, { t: 'call', id: 10_000 + i, op: 'eid-comment', p: { text: `flood ${i}` } })));
    const results = a.results.filter((r) => r.id >= 10_000);
    expect(results).toHaveLength(1000);
    const served = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(served).toHaveLength(CALL_BURST - spent);
    expect(refused).toHaveLength(1000 - CALL_BURST + spent);
    // The refused calls are the last ones sent: none served after the first refusal (their order is kept).
    const firstRefused = Math.min(...refused.map((r) => r.id));
    expect(served.every((r) => r.id < firstRefused)).toBe(true);
    for (const r of refused) expect(r).toMatchObject({ code: 'TOO_MANY_CALLS', retryAfterMs: expect.any(Number) });
    expect((await h.store.get(sa.declarationId))!.declaration.version).toBe(before + served.length);
    // The flood is the flooder's: the other devices are served at once.
    expect(await ask(h, other, call('eid-comment', { text: 'mano' }))).toMatchObject({ ok: true });
    expect(await ask(h, b, call('eid-comment', { text: 'B' }))).toMatchObject({ ok: true });
    // After the wait the flooder may go on.
    h.clock.advance(Math.max(...refused.map((r) => (r as { retryAfterMs: number }).retryAfterMs)));
    expect(await ask(h, a, call('eid-comment', { text: 'calm' }))).toMatchObject({ ok: true });
  });
});

describe('one device for both', () => {
  it('[FU6] [VW1] one-device revokes the other party’s silent connection: it is told TAKEN_OVER, its writes and its token are refused; its code and signature are not handed over', async () => {
    const { h, a, b, sb } = await pair();
    const codeB = '49207154560';
    expect(await ask(h, b, call('set-partial-driver-data', { name: 'code', value: codeB }))).toMatchObject({ ok: true });
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('one-device'))).toMatchObject({ ok: true, r: { allow: { A: true, B: true } } });
    expect(b.inbox).toContainEqual({ t: 'end', reason: 'TAKEN_OVER' });
    expect(await ask(h, b, call('eid-comment', { text: 'still writing' }))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    expect(await resume(h, new Device(), sb, 'B')).toMatchObject({ ok: false });
    expect((await h.store.get(sb.declarationId))?.declaration.parties.B).toMatchObject({ comment: '', driver: { code: '' }, signature: null });
    expect(JSON.stringify(a.received)).not.toContain(codeB);
  });
});

describe('a declaration that cannot be stored', () => {
  it('[HB23] a connect whose new declaration the store refuses is CREATE_FAILED, binds nothing and is logged; the same connect then succeeds; a full disk stays STORAGE_FULL', async () => {
    const logged: string[] = [];
    let failure: Error | null = new Error('SQLITE_IOERR: disk I/O error');
    const h = makeHarness({ log: (_level, message) => logged.push(message) });
    const create = h.store.create.bind(h.store);
    h.store.create = async (record) => {
      if (failure) throw failure;
      return create(record);
    };
    const device = new Device();
    const frame = { t: 'connect', protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates('KLM123'), B: plates('HBN512') }, location: VILNIUS, fillLang: 'lt' };
    expect(await ask(h, device, frame)).toMatchObject({ ok: false, code: 'CREATE_FAILED' });
    expect(logged).toContain('a new declaration could not be stored');
    expect(await ask(h, device, call('eid-comment', { text: 'x' }))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    failure = Object.assign(new Error('SQLITE_FULL: database or disk is full'), { code: 'SQLITE_FULL' });
    expect(await ask(h, new Device(), frame)).toMatchObject({ ok: false, code: 'STORAGE_FULL' });
    failure = null;
    expect(await ask(h, new Device(), frame)).toMatchObject({ ok: true, r: { party: 'A' } });
  });
});

describe('why a declaration has no position', () => {
  it('[HB22] a connect without a position keeps why (errCode, errMessage); with a position nothing of an error is kept; a message past 200 characters is DATA_ERROR', async () => {
    const h = makeHarness();
    const frame = (own: string, other: string, extra: Record<string, unknown>) => ({ t: 'connect', protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates(own), B: plates(other) }, fillLang: 'lt', ...extra });
    const denied = await ask(h, new Device(), frame('KLM123', 'HBN512', { location: null, locationError: { errCode: 'DENIED', errMessage: 'User denied Geolocation' } }));
    expect(denied).toMatchObject({ ok: true });
    const d1 = (await h.store.get((denied as { r: { declarationId: string } }).r.declarationId))!.declaration;
    expect(d1.timePlace).toMatchObject({ originalLocation: null, locationError: { errCode: 'DENIED', errMessage: 'User denied Geolocation' } });
    const found = await ask(h, new Device(), frame('LRA908', 'GTE274', { location: VILNIUS, locationError: { errCode: 'TIMEOUT', errMessage: 'late' } }));
    const d2 = (await h.store.get((found as { r: { declarationId: string } }).r.declarationId))!.declaration;
    expect(d2.timePlace).toMatchObject({ originalLocation: VILNIUS, locationError: null });
    expect(await ask(h, new Device(), frame('FMK204', 'LRT661', { location: null, locationError: { errCode: 'DENIED', errMessage: 'x'.repeat(201) } }))).toMatchObject({ ok: false, code: 'DATA_ERROR' });
    expect(await ask(h, new Device(), frame('FMK204', 'LRT661', { location: null, locationError: { errCode: 'NOPE', errMessage: '' } }))).toMatchObject({ ok: false, code: 'DATA_ERROR' });
  });
});

describe('taking over from inside the declaration and giving it back', () => {
  it('[FU14] one-device while the other phone is still counted is SEAT_STILL_COUNTED with the seconds left; nothing changes; once its heartbeat timed out it is allowed', async () => {
    const { h, a, b, sa } = await pair();
    h.clock.advance(10_000);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    const before = (await h.store.get(sa.declarationId))!.declaration.version;
    const refused = await ask(h, a, call('one-device'));
    expect(refused).toMatchObject({ ok: false, code: 'SEAT_STILL_COUNTED' });
    const wait = (refused as { retryAfterMs: number }).retryAfterMs;
    // B was last seen 10 s ago: counted for the rest of its heartbeat's timeout, and a second.
    expect(wait).toBe(HEARTBEAT_TIMEOUT_MS - 10_000 + 1000);
    expect((await h.store.get(sa.declarationId))!.declaration).toMatchObject({ version: before, twoUserMode: true });
    expect(b.inbox).not.toContainEqual({ t: 'end', reason: 'TAKEN_OVER' });
    h.clock.advance(wait);
    expect(await ask(h, a, call('one-device'))).toMatchObject({ ok: true, r: { allow: { A: true, B: true } } });
  });

  it("[FU15] two-devices gives the other part back: this device writes its own part only and no longer sees the other's code; the other driver's new phone asks to join, is confirmed and finds what was filled for it", async () => {
    const { h, a, sa } = await pair();
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('one-device'))).toMatchObject({ ok: true });
    // A fills B's part, B's code given on A's phone.
    expect(await ask(h, a, call('set-partial-driver-data', { party: 'B', name: 'name', value: 'Rūta' }))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('set-partial-driver-data', { party: 'B', name: 'code', value: '48505053336' }))).toMatchObject({ ok: true });
    expect(a.view?.parties.B.driver.code).toBe('48505053336');

    expect(await ask(h, a, call('two-devices'))).toMatchObject({ ok: true, r: { allow: { A: true, B: false } } });
    expect((await h.store.get(sa.declarationId))!.declaration.twoUserMode).toBe(true);
    expect(a.view?.parties.B.driver.code).toBe('');
    expect(await ask(h, a, call('set-partial-driver-data', { party: 'B', name: 'name', value: 'Kita' }))).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
    // Given back twice changes nothing more.
    const version = (await h.store.get(sa.declarationId))!.declaration.version;
    expect(await ask(h, a, call('two-devices'))).toMatchObject({ ok: true, r: { allow: { A: true, B: false } } });
    expect((await h.store.get(sa.declarationId))!.declaration.version).toBe(version);

    const back = new Device();
    const sb = await meet(h, back, a, 'HBN512', 'KLM123');
    expect(sb).toMatchObject({ party: 'B', allow: { A: false, B: true } });
    expect(sb.declaration.parties.B.driver).toMatchObject({ name: 'Rūta', code: '48505053336' });
    expect(await ask(h, back, call('set-partial-driver-data', { name: 'surname', value: 'Kazlauskienė' }))).toMatchObject({ ok: true });
  });
});

describe('deleting', () => {
  it('[FU9] once the other driver has joined, nuke-it by one driver only withdraws that driver: the other keeps the declaration and is told', async () => {
    const { h, a, b, sa } = await pair();
    expect(await ask(h, b, call('eid-comment', { text: 'mano pusė' }))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('set-partial-driver-data', { name: 'code', value: '38703181233' }))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('nuke-it'))).toMatchObject({ ok: true });
    expect(a.received).toContainEqual({ t: 'end', reason: 'NUKED' });
    expect(await ask(h, a, call('eid-comment', { text: 'x' }))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    const kept = await h.store.get(sa.declarationId);
    expect(kept?.declaration.parties.B.comment).toBe('mano pusė');
    expect(kept?.slots.A.tokenHash).toBeNull();
    // What only A may give left with A: whoever is admitted to A's seat later does not find A's code.
    expect(kept?.declaration.parties.A.driver.code).toBe('');
    expect(b.received).toContainEqual({ t: 'presence', A: false, B: true });
    expect(await ask(h, b, call('eid-comment', { text: 'toliau' }))).toMatchObject({ ok: true });
    expect(await resume(h, new Device(), sa, 'A')).toMatchObject({ ok: false });
  });
});

describe('deltas', () => {
  it("[HB20] a write answers the version and the writer's delta; the other device is pushed its own view's delta", async () => {
    const { h, a, b, sa } = await pair();
    h.clock.advance(1000);
    const r = await ask(h, a, call('eid-comment', { text: 'Slidu' }));
    expect(r.ok).toBe(true);
    const answer = (r as { r: { version: number; patch: { from: number; version: number; ops: unknown[] } } }).r;
    expect(Object.keys(answer).sort()).toEqual(['patch', 'version']);
    const push = b.inbox.find((m): m is Extract<ServerMessage, { t: 'changed' }> => m.t === 'changed');
    expect(push).toMatchObject({ kind: 'DATA', by: 'A', patch: { version: answer.version } });
    expect(push?.patch.ops).toEqual(
      expect.arrayContaining([
        { op: 'replace', path: '/parties/A/comment', value: 'Slidu' },
        { op: 'replace', path: '/version', value: answer.version },
      ]),
    );
    // Only what changed travels: the comment, the version, the times of the change.
    expect(push?.patch.ops.map((o) => o.path).sort()).toEqual(['/parties/A/comment', '/updatedAt', '/version']);
    b.deliver();
    const stored = (await h.store.get(sa.declarationId))?.declaration;
    expect(b.view).toEqual(declarationViewFor(stored!, 'B', false));
    expect(a.view).toEqual(declarationViewFor(stored!, 'A', false));
  });

  it("[HB20] [GL4] the other driver's guilt choice stays hidden in the deltas until it is resolved", async () => {
    const { h, a, b } = await pair();
    await ask(h, a, call('guilty', { op: 'SET', choice: 'B' }));
    const push = b.inbox.find((m): m is Extract<ServerMessage, { t: 'changed' }> => m.t === 'changed');
    expect(JSON.stringify(push?.patch.ops)).not.toContain('"achoice"');
    b.deliver();
    expect(b.view?.guilt).toMatchObject({ achoice: null, achosen: true });
  });
});

describe('SMS codes are not a free SMS pump', () => {
  const withSms = () => {
    const clock = new FixedClock(T0);
    const sent: string[] = [];
    const h = makeHarness({ phoneCodes: { sendCode: async (to) => void sent.push(to) } }, undefined, clock);
    return { h, sent };
  };

  it('[FU11] codes go to Lithuanian numbers only unless more calling codes are configured: another country is PHONE_COUNTRY_NOT_SERVED and nothing is sent', async () => {
    const { h, sent } = withSms();
    const a = new Device();
    await connect(h, a, 'KLM123', 'HBN512');
    for (const tel of ['+447911123456', '+37120012345', '+12025550123']) {
      expect(await ask(h, a, call('send-phone-code', { tel }))).toMatchObject({ ok: false, code: 'PHONE_COUNTRY_NOT_SERVED' });
    }
    expect(sent).toEqual([]);
    const latvia = makeHarness({ phoneCodes: { sendCode: async (to) => void sent.push(to) } }, { maxTimeAdjustHours: 6, mode: 'live', smsCallingCodes: ['370', '371'] });
    const b = new Device();
    await connect(latvia, b, 'LRA908', 'GTE274');
    expect(await ask(latvia, b, call('send-phone-code', { tel: '+37120012345' }))).toMatchObject({ ok: true });
    expect(sent).toEqual(['+37120012345']);
  });

  it('[FU11] one number gets at most PHONE_CODES_PER_NUMBER_PER_DAY codes a day, from any declaration; one declaration at most PHONE_CODES_PER_DECLARATION_PER_DAY', async () => {
    const { h, sent } = withSms();
    const victim = '+37061234567';
    for (let i = 0; i < PHONE_CODES_PER_NUMBER_PER_DAY; i++) {
      const d = new Device();
      await connect(h, d, `AAA${100 + i}`, `BBB${100 + i}`).catch(() => connect(h, d, 'KLM123', `HBN51${i}`));
      expect(await ask(h, d, call('send-phone-code', { tel: victim }))).toMatchObject({ ok: true });
    }
    const next = new Device();
    await connect(h, next, 'LRA908', 'GTE274');
    expect(await ask(h, next, call('send-phone-code', { tel: victim }))).toMatchObject({ ok: false, code: 'RATE_LIMITED', retryAfterMs: expect.any(Number) });
    expect(sent.filter((t) => t === victim)).toHaveLength(PHONE_CODES_PER_NUMBER_PER_DAY);

    // One declaration, many numbers: the resend pause passes between them.
    let refused = 0;
    for (let i = 0; i < PHONE_CODES_PER_DECLARATION_PER_DAY + 2; i++) {
      h.clock.advance(PHONE_CODE_RESEND_MS);
      const r = await ask(h, next, call('send-phone-code', { tel: `+3706123${String(4000 + i)}` }));
      if (!r.ok) {
        expect(r).toMatchObject({ code: 'RATE_LIMITED' });
        refused += 1;
      }
    }
    expect(refused).toBe(2);
    // A day later the caps are fresh.
    h.clock.advance(24 * 60 * 60_000);
    expect(await ask(h, next, call('send-phone-code', { tel: victim }))).toMatchObject({ ok: true });
  });
});

describe('contact verification state', () => {
  it('[HB17] [HB14] a phone code is kept with its expiry: past 10 minutes it is gone from the store and refused', async () => {
    const clock = new FixedClock(T0);
    const expiring = new MemoryExpiringStore(clock);
    const sent: string[] = [];
    const withPorts = makeHarness({ expiring, phoneCodes: { sendCode: async (_to, code) => void sent.push(code) } }, undefined, clock);
    const a = new Device();
    await connect(withPorts, a, 'KLM123', 'HBN512');
    expect(await ask(withPorts, a, call('send-phone-code', { tel: '+37061234567' }))).toMatchObject({ ok: true });
    expect(sent).toHaveLength(1);
    expect(expiring.size).toBeGreaterThan(0);
    withPorts.clock.advance(PHONE_CODE_TTL_MS);
    expect(await ask(withPorts, a, call('confirm-phone-code', { code: sent[0] }))).toMatchObject({ ok: false, code: 'WRONG_CONFIRMATION_CODE' });
  });
});
