import { describe, expect, it } from 'vitest';
import { declarationViewFor, HEARTBEAT_TIMEOUT_MS, JOIN_CONFIRM_TIMEOUT_MS } from '@eid/domain';
import { PROTOCOL_VERSION, type Session } from '@eid/domain/protocol';
import { ask, connect, Device, join, makeHarness, meet, plates, resume, until, type Harness } from './testing/hub-harness.js';
import { WorkCaptcha } from './testing/work-captcha.js';

const call = (op: string, p?: unknown) => (p === undefined ? { t: 'call', op } : { t: 'call', op, p });
const CODE_A = '38505051234';

/** A starts and gives their personal data; returns the harness, A's device and session. */
async function started(): Promise<{ h: Harness; a: Device; sa: Session }> {
  const h = makeHarness();
  const a = new Device();
  const sa = await connect(h, a, 'KLM123', 'HBN512');
  const driver = { name: 'Jonas', surname: 'Petraitis', code: CODE_A, dob: '1985-05-05', address: null, country: 'LT', tel: '+37061234567', email: 'jonas@example.lt', informMethod: 'tel' };
  expect(await ask(h, a, call('set-driver-data', { driver }))).toMatchObject({ ok: true });
  return { h, a, sa };
}

/** Starts a connect by plates without waiting for its answer; resolves once the hub answered or asked for confirmation. */
async function asks(h: Harness, device: Device, location: unknown = null) {
  const id = h.nextId++;
  const answered = h.hub.handle(device, { t: 'connect', id, protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates('HBN512'), B: plates('KLM123') }, location, fillLang: 'lt' });
  await until(() => device.inbox.some((m) => m.t === 'admission') || device.results.some((r) => r.id === id));
  return { id, answered, result: () => device.results.find((r) => r.id === id) };
}

describe('joining only by the driver at the scene', () => {
  it('[JN1] a stranger who knows both plates, with no position, is asked to wait for the first driver: no seat, nothing of the declaration', async () => {
    const { h, a } = await started();
    const stranger = new Device();
    const pending = await asks(h, stranger);
    expect(pending.result()).toBeUndefined();
    expect(stranger.inbox).toEqual([{ t: 'admission', code: expect.stringMatching(/^\d{4}$/), timeoutMs: JOIN_CONFIRM_TIMEOUT_MS }]);
    expect(JSON.stringify([...stranger.inbox, ...stranger.results])).not.toMatch(/Jonas|Petraitis|38505051234|1985-05-05|61234567|jonas@/);
    expect(h.hub.connections).toBe(1);
    const code = (stranger.inbox[0] as { code: string }).code;
    expect(await ask(h, stranger, call('get-view'))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    // A's screen shows the request: which seat, which plate, the same code.
    while (a.inbox.length) a.deliver();
    expect(a.view?.joinRequests).toEqual([{ party: 'B', plate: 'HBN512', code, requestedAt: expect.any(Number) }]);
  });

  it('[JN2] the first driver says "no": the asking device is refused (JOIN_REFUSED) and the request leaves their screen; the real driver is then admitted', async () => {
    const { h, a, sa } = await started();
    const stranger = new Device();
    expect(await join(h, stranger, a, 'HBN512', 'KLM123', false)).toMatchObject({ ok: false, code: 'JOIN_REFUSED' });
    expect(a.view?.joinRequests).toEqual([]);
    expect((await h.store.get(sa.declarationId))?.slots.B.tokenHash).toBeNull();
    const b = new Device();
    const sb = await meet(h, b, a, 'HBN512', 'KLM123');
    expect(sb).toMatchObject({ party: 'B', inversed: true, declarationId: sa.declarationId });
    // Admitted, B sees A's data as the paper form shows it: never A's personal code (VW1).
    expect(sb.declaration.parties.A.driver).toMatchObject({ name: 'Jonas', code: '' });
    expect(JSON.stringify([...b.inbox, ...b.results])).not.toContain(CODE_A);
    expect(b.view).toEqual(declarationViewFor((await h.store.get(sa.declarationId))!.declaration, 'B', false));
  });

  it('[JN2] an answer naming another code than the one shown is JOIN_REQUEST_CHANGED; the asking device (no seat) cannot answer', async () => {
    const { h, a } = await started();
    const stranger = new Device();
    const pending = await asks(h, stranger);
    const code = (stranger.inbox[0] as { code: string }).code;
    const other = code === '0000' ? '0001' : '0000';
    expect(await ask(h, a, call('answer-join', { code: other, accept: true }))).toMatchObject({ ok: false, code: 'JOIN_REQUEST_CHANGED' });
    expect(await ask(h, stranger, call('answer-join', { code, accept: true }))).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    expect(await ask(h, a, call('answer-join', { code: '12a4', accept: true }))).toMatchObject({ ok: false, code: 'DATA_ERROR' });
    expect(pending.result()).toBeUndefined();
    expect(await ask(h, a, call('answer-join', { code, accept: true }))).toMatchObject({ ok: true });
    await pending.answered;
    expect(pending.result()).toMatchObject({ ok: true, r: { party: 'B' } });
  });

  it('[JN3] a newer request never replaces a waiting one: the first driver sees both codes and lets in the one next to them; the other is told JOIN_REFUSED', async () => {
    const { h, a } = await started();
    const real = new Device('192.0.2.10');
    const stranger = new Device('198.51.100.7');
    const one = await asks(h, real);
    const two = await asks(h, stranger);
    expect(one.result()).toBeUndefined();
    const codeOf = (d: Device) => (d.inbox.find((m) => m.t === 'admission') as { code: string }).code;
    expect(codeOf(real)).not.toBe(codeOf(stranger));
    while (a.inbox.length) a.deliver();
    expect(a.view?.joinRequests.map((r) => r.code)).toEqual([codeOf(real), codeOf(stranger)]);
    // What the confirming screen is shown carries nothing of where a request came from.
    expect(JSON.stringify(a.view?.joinRequests)).not.toMatch(/source|answer|192\.0|198\.51/);

    expect(await ask(h, a, call('answer-join', { code: codeOf(real), accept: true }))).toMatchObject({ ok: true });
    await Promise.all([one.answered, two.answered]);
    expect(one.result()).toMatchObject({ ok: true, r: { party: 'B' } });
    expect(two.result()).toMatchObject({ ok: false, code: 'JOIN_REFUSED' });
    expect(a.view?.joinRequests).toEqual([]);
    expect(JSON.stringify(stranger.received)).not.toMatch(/Jonas|Petraitis|"declaration"/);
  });

  it('[JN3] a request nobody answers expires at the sweep; a closed socket withdraws its own; both leave the confirming screen', async () => {
    const { h, a } = await started();
    const first = new Device();
    const one = await asks(h, first);
    h.clock.advance(JOIN_CONFIRM_TIMEOUT_MS + 1);
    await h.hub.sweep();
    await one.answered;
    expect(one.result()).toMatchObject({ ok: false, code: 'JOIN_NOT_CONFIRMED' });
    while (a.inbox.length) a.deliver();
    expect(a.view?.joinRequests).toEqual([]);

    const third = new Device();
    const three = await asks(h, third);
    h.hub.closing(third);
    await three.answered;
    expect(three.result()).toMatchObject({ ok: false, code: 'JOIN_NOT_CONFIRMED' });
    await until(() => {
      while (a.inbox.length) a.deliver();
      return a.view?.joinRequests.length === 0;
    });
    expect(a.gaps).toBe(0);
  });

  it('[JN4] a seat whose device went silent is taken over only with the other driver’s confirmation; the silent device is told TAKEN_OVER', async () => {
    const { h, a } = await started();
    const b = new Device();
    const sb = await meet(h, b, a, 'HBN512', 'KLM123');
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    // The silent phone, still connected, cannot answer a request for its own seat.
    const asking = new Device();
    const pending = await asks(h, asking);
    const code = (asking.inbox.find((m) => m.t === 'admission') as { code: string }).code;
    expect(await ask(h, b, call('answer-join', { code, accept: true }))).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
    h.hub.closing(asking);
    await pending.answered;
    const newPhone = new Device();
    const session = await meet(h, newPhone, a, 'HBN512', 'KLM123');
    expect(session.party).toBe('B');
    expect(session.token).not.toBe(sb.token);
    // The seat changed hands without its token: B's code and signature are not handed to the new phone (VW1).
    expect(session.declaration.parties.B).toMatchObject({ driver: { code: '' }, signature: null });
    expect(b.inbox).toContainEqual({ t: 'end', reason: 'TAKEN_OVER' });
    // Without the confirmation nobody gets it: a refused request leaves the seat as it was.
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    expect(await join(h, new Device(), a, 'HBN512', 'KLM123', false)).toMatchObject({ ok: false, code: 'JOIN_REFUSED' });
    expect(await ask(h, newPhone, call('eid-comment', { text: 'still mine' }))).toMatchObject({ ok: true });
  });

  it('[JN6] a new phone asking for a seat whose old phone is still counted is told the seconds left, not "full"; then the other driver confirms at once and the seat keeps its step', async () => {
    const { h, a } = await started();
    const b = new Device();
    const sb = await meet(h, b, a, 'HBN512', 'KLM123');
    expect(await ask(h, b, call('progress', { party: 'B', progress: 'FILLING', step: 9 }))).toMatchObject({ ok: true });
    // B's phone dies 10 s later; A keeps beating.
    h.clock.advance(10_000);
    const newPhone = new Device();
    const early = await join(h, newPhone, a, 'HBN512', 'KLM123');
    expect(early).toMatchObject({ ok: false, code: 'SEAT_STILL_COUNTED', retryAfterMs: HEARTBEAT_TIMEOUT_MS - 10_000 + 1000 });
    expect(newPhone.inbox.some((m) => m.t === 'admission')).toBe(false);
    h.clock.advance((early as { retryAfterMs: number }).retryAfterMs);
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: true });
    const session = await meet(h, newPhone, a, 'HBN512', 'KLM123');
    expect(session).toMatchObject({ declarationId: sb.declarationId, party: 'B' });
    expect(session.declaration.parties.B.activeStep).toBe(9);
    expect(b.inbox).toContainEqual({ t: 'end', reason: 'TAKEN_OVER' });
  });

  it('[JN7] the only driver on a new phone, once the old one went silent, starts anew a blank draft (nobody could confirm it): the old one is gone, its phone told TAKEN_OVER', async () => {
    const h = makeHarness();
    const a = new Device();
    const sa = await connect(h, a, 'KLM123', 'HBN512');
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    const newPhone = new Device();
    const session = await connect(h, newPhone, 'KLM123', 'HBN512');
    expect(session.declarationId).not.toBe(sa.declarationId);
    expect(session.party).toBe('A');
    expect(await h.store.get(sa.declarationId)).toBeNull();
    expect(a.inbox).toContainEqual({ t: 'end', reason: 'TAKEN_OVER' });
    expect(await ask(h, a, call('custom-heartbeat'))).toMatchObject({ ok: false });
  });

  it('[JN7] a draft holding what its driver gave is neither handed to nor deleted by whoever knows the plates: NOBODY_TO_CONFIRM, and the draft stays', async () => {
    const { h, a, sa } = await started();
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    const stranger = new Device();
    const r = await join(h, stranger, a, 'KLM123', 'HBN512');
    expect(r).toMatchObject({ ok: false, code: 'NOBODY_TO_CONFIRM' });
    expect(stranger.inbox.some((m) => m.t === 'admission')).toBe(false);
    expect((await h.store.get(sa.declarationId))?.declaration.parties.A.driver.code).toBe(CODE_A);
    // The driver's own phone, back, resumes it as it was.
    expect(await resume(h, a, sa, 'A')).toMatchObject({ ok: true });
  });

  it('[JN7] [FU9] once A withdrew, B\'s work is not deleted by a device asking for B\'s seat while B\'s phone is silent', async () => {
    const { h, a } = await started();
    const b = new Device();
    const sb = await meet(h, b, a, 'HBN512', 'KLM123');
    expect(await ask(h, b, call('eid-comment', { text: 'B was here' }))).toMatchObject({ ok: true });
    expect(await ask(h, a, call('nuke-it'))).toMatchObject({ ok: true });
    h.clock.advance(HEARTBEAT_TIMEOUT_MS + 1);
    const r = await join(h, new Device(), b, 'HBN512', 'KLM123');
    expect(r).toMatchObject({ ok: false, code: 'NOBODY_TO_CONFIRM' });
    expect((await h.store.get(sb.declarationId))?.declaration.parties.B.comment).toBe('B was here');
  });
});

describe('what a stranger cannot make of the join requests (JN3, JN8)', () => {
  it('[JN3] a request nobody waits for any more (the server restarted) is taken off the confirming screen by an answer, which is refused as changed', async () => {
    const { h, sa } = await started();
    const first = new Device();
    await asks(h, first);
    const code = (first.inbox[0] as { code: string }).code;
    // The process that held the waiting device is gone; the request is still in the declaration.
    h.restart();
    const a = new Device();
    expect(await resume(h, a, sa, 'A')).toMatchObject({ ok: true });
    expect(a.view?.joinRequests).toHaveLength(1);
    expect(await ask(h, a, call('answer-join', { code, accept: false }))).toMatchObject({ ok: false, code: 'JOIN_REQUEST_CHANGED' });
    await until(() => {
      while (a.inbox.length) a.deliver();
      return a.view?.joinRequests.length === 0;
    });
    // The real driver then asks and is let in.
    const b = new Device();
    expect((await meet(h, b, a, 'HBN512', 'KLM123')).party).toBe('B');
  });

  it('[JN8] a refused ask is not counted: the real driver told JOIN_BUSY pays no more for the next ask, and is let in once a place frees', async () => {
    const captcha = new WorkCaptcha();
    const h = makeHarness({ captcha });
    const token = async () => captcha.tokenOf(await captcha.challenge('connect'));
    const connectFrame = async (own: string, other: string) => ({ t: 'connect', protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates(own), B: plates(other) }, location: null, fillLang: 'lt', captcha: await token() });
    const a = new Device('203.0.113.1');
    const sa = await ask(h, a, await connectFrame('KLM123', 'HBN512'));
    a.setView((sa as { r: Session }).r.declaration);
    const asking = async (device: Device) => {
      const id = h.nextId++;
      const answered = h.hub.handle(device, { ...(await connectFrame('HBN512', 'KLM123')), id });
      await until(() => device.inbox.some((m) => m.t === 'admission' && !device.results.some((r) => r.id === id)) || device.results.some((r) => r.id === id));
      return { answered, result: () => device.results.find((r) => r.id === id) };
    };
    // Six strangers from six addresses fill the places.
    const strangers = Array.from({ length: 6 }, (_, i) => new Device(`198.51.100.${i + 1}`));
    for (const s of strangers) await asking(s);
    const real = new Device('192.0.2.44');
    const busy = await asking(real);
    await busy.answered;
    expect(busy.result()).toMatchObject({ ok: false, code: 'JOIN_BUSY', retryAfterMs: expect.any(Number) });
    // The driver already in refuses a code that is not on the phone next to them.
    const oneCode = (strangers[0]!.inbox.find((m) => m.t === 'admission') as { code: string }).code;
    expect(await ask(h, a, call('answer-join', { code: oneCode, accept: false }))).toMatchObject({ ok: true });
    // Asked again at once with the normal work: not CAPTCHA_TOO_EASY (the refused ask cost nothing), and it waits.
    const again = await asking(real);
    expect(again.result()).toBeUndefined();
    const code = (real.inbox.filter((m) => m.t === 'admission').at(-1) as { code: string }).code;
    expect(await ask(h, a, call('answer-join', { code, accept: true }))).toMatchObject({ ok: true });
    await again.answered;
    expect(again.result()).toMatchObject({ ok: true, r: { party: 'B' } });
  });

  it('[JN8] asks of one address sent at once are counted one after the other: no more than its places wait', async () => {
    const { h } = await started();
    const sockets = Array.from({ length: 5 }, () => new Device('198.51.100.9'));
    const asked = sockets.map((d) => {
      const id = h.nextId++;
      const answered = h.hub.handle(d, { t: 'connect', id, protocol: PROTOCOL_VERSION, mode: 'live', plates: { A: plates('HBN512'), B: plates('KLM123') }, location: null, fillLang: 'lt' });
      return { d, id, answered };
    });
    await until(() => asked.every(({ d, id }) => d.inbox.some((m) => m.t === 'admission') || d.results.some((r) => r.id === id)));
    const waiting = asked.filter(({ d }) => d.inbox.some((m) => m.t === 'admission'));
    expect(waiting).toHaveLength(2);
    for (const { d, id } of asked.filter((x) => !waiting.includes(x))) expect(d.results.find((r) => r.id === id)).toMatchObject({ ok: false, code: 'JOIN_ASKED_TOO_OFTEN' });
  });
});
