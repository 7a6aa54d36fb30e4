import { afterEach, describe, expect, it } from 'vitest';
import { FixedClock } from '@eid/test-fixtures';
import {
  HEARTBEAT_TIMEOUT_MS,
  END_REACTION_MS,
  PLATE_CHECK_LIMIT_COUNT,
  PLATE_CHECKS_PER_REQUESTER,
  UNFINISHED_TTL_MS,
  type Declaration,
} from '@eid/domain';
import { MAX_CLIENT_FRAME_BYTES, CAPTCHA_PATH, type ServerMessage, type Session } from '@eid/domain/protocol';
import { completeDeclaration } from '../testing/complete.js';
import { buildTestApp } from '../testing/build-test-app.js';
import { plates, value, WsDriver } from '../testing/ws-driver.js';
import { captchaToken } from '../testing/captcha.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('declaration hub over WebSocket', () => {
  const open: Ctx[] = [];
  const drivers: WsDriver[] = [];
  let clock: FixedClock;

  async function start(dir?: string, env: Record<string, string> = {}): Promise<Ctx> {
    clock ??= new FixedClock(T0);
    const ctx = await buildTestApp(env, dir ? { clock, dir } : { clock });
    await ctx.listen();
    open.push(ctx);
    return ctx;
  }

  async function driver(ctx: Ctx, origin?: string): Promise<WsDriver> {
    const d = await WsDriver.open(ctx.app, origin);
    drivers.push(d);
    return d;
  }

  /** A creates with KLM123 vs HBN512, B joins with the plates inversed. */
  async function pair(ctx: Ctx) {
    const a = await driver(ctx);
    const b = await driver(ctx);
    const sa = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    const sb = value<Session<Declaration>>(await b.joinConfirmedBy(a, 'HBN512', 'KLM123'));
    return { a, b, sa, sb };
  }

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const c of open.splice(0)) await c.close().catch(() => undefined);
    clock = new FixedClock(T0);
  });

  it('[HB1] A creates the declaration, B joins with the plates inversed; tokens are unguessable', async () => {
    const ctx = await start();
    const { sa, sb } = await pair(ctx);
    expect(sa).toMatchObject({ party: 'A', inversed: false, allow: { A: true, B: false } });
    expect(sb).toMatchObject({ party: 'B', inversed: true, allow: { A: false, B: true }, declarationId: sa.declarationId });
    expect(sa.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(sa.token).not.toBe(sb.token);
    // The registry filled both vehicles at creation.
    expect(sb.declaration.parties.A.vehicle).toMatchObject({ plate: 'KLM123', make: 'Toyota', result: 'OK', insurerId: 1 });
    expect(sb.declaration.parties.B.vehicle).toMatchObject({ plate: 'HBN512', make: 'Volkswagen', result: 'OK' });
  });

  it("[HB2] A's edit reaches B without asking, with its changed-data kind and version", async () => {
    const ctx = await start();
    const { a, b } = await pair(ctx);
    const written = value<{ version: number }>(await a.call('set-impact-text', { text: 'Įlenktas galinis buferis' }));
    const push = (await b.waitFor((m) => m.t === 'changed' && m.kind === 'DAMAGE')) as Extract<ServerMessage, { t: 'changed' }>;
    expect(push.by).toBe('A');
    expect(push.patch.version).toBe(written.version);
    expect(b.view?.parties.A.damages.text).toBe('Įlenktas galinis buferis');
    expect(b.view?.version).toBe(written.version);
    value(await a.call('add-foto', { id: 'photo-00000001', set: 0, filename: 'scene.jpg' }));
    expect(await b.waitFor((m) => m.t === 'changed' && m.kind === 'PHOTO')).toBeTruthy();
    expect(value<unknown[]>(await b.call('current-fotos'))).toEqual([{ id: 'photo-00000001', set: 0, userA: true }]);
  });

  it("[HB3] B cannot write A's data (typed error), and the connection goes on working", async () => {
    const ctx = await start();
    const { b } = await pair(ctx);
    const refused = await b.call('eid-comment', { party: 'A', text: 'not mine' });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
    expect(value<{ version: number }>(await b.call('eid-comment', { text: 'mine' })).version).toBeGreaterThan(0);
  });

  it('[HB4] guilt: differing choices are a conflict both see; the same choice resolves it', async () => {
    const ctx = await start();
    const { a, b } = await pair(ctx);
    value(await a.call('guilty', { op: 'SET', choice: 'A' }));
    const seenByB = value<{ status: string; achoice: unknown; achosen: boolean }>(await b.call('guilty-status'));
    expect(seenByB).toMatchObject({ status: 'WAITING', achoice: null, achosen: true });
    // The write answers its delta: B's own view shows the conflict at once.
    value(await b.call('guilty', { op: 'SET', choice: 'B' }));
    expect(b.view?.guilt.status).toBe('CONFLICT');
    await a.waitForView((d) => d.guilt.status === 'CONFLICT');
    value(await a.call('guilty', { op: 'SET', choice: 'BOTH' }));
    value(await b.call('guilty', { op: 'SET', choice: 'BOTH' }));
    expect(b.view?.guilt).toMatchObject({ status: 'RESOLVED', resolved: 'BOTH' });
  });

  it('[HB5] both submit: the declaration goes through the queue to SUCCESS and both devices are told', async () => {
    const ctx = await start();
    const { a, b, sa } = await pair(ctx);
    // An incomplete declaration is refused with the invalid description, and is not queued.
    // Without a solved captcha a submit is refused before anything else.
    expect(await a.call('submit-eid')).toMatchObject({ ok: false, code: 'CAPTCHA_REQUIRED' });
    expect(await a.call('submit-eid', { captcha: 'bm90IGEgdG9rZW4=' })).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    const early = value<{ stateEID: string; invalidDesc: { key: string }[] }>(await a.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }));
    expect(early.stateEID).toBe('ERROR');
    expect(early.invalidDesc.map((d) => d.key)).toContain('PREVIEW_SIGNATURES_NOT_SAVED');
    await completeDeclaration(ctx, a, b);
    expect(value<unknown[]>(await a.call('validate-t2'))).toEqual([]);
    const token = await captchaToken(ctx.app, 'submit');
    expect(value(await a.call('submit-eid', { captcha: token }))).toMatchObject({ stateA: 'SUBMITTED', stateB: 'NONE', stateEID: 'READY' });
    // A token is good for one submit only.
    expect(await b.call('submit-eid', { captcha: token })).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    expect(value(await b.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }))).toMatchObject({ stateA: 'SUBMITTED', stateB: 'SUBMITTED', stateEID: 'WAITING' });
    expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    const endA = await a.waitFor((m) => m.t === 'end');
    const endB = await b.waitFor((m) => m.t === 'end');
    expect(endA).toEqual({ t: 'end', reason: 'FINISHED' });
    expect(endB).toEqual({ t: 'end', reason: 'FINISHED' });
    const seenByB = await b.waitForView((d) => d.status === 'FINISHED');
    // Each device is shown its own driver's link only.
    expect(seenByB).toMatchObject({ submitState: 'SUCCESS', viewUrls: { A: null, B: expect.stringMatching(/^\/a\/[A-Za-z0-9_-]{32,}\?lang=(lt|en)$/) } });
    // A second run finds nothing left: exactly one answer per declaration.
    expect(await ctx.app.submitWorker.runOnce()).toBe(0);
    // Finished: a reconnect may look, not edit.
    const again = await driver(ctx);
    const seen = value<Session<Declaration>>(await again.resume(sa.declarationId, 'A', sa.token));
    expect(seen.declaration.status).toBe('FINISHED');
    expect(await again.call('eid-comment', { text: 'too late' })).toMatchObject({ ok: false });
  });

  it('[HB6] a server stopped and started again mid-declaration loses no acknowledged edit; both drivers reconnect', async () => {
    const first = await start();
    const { a, b, sa, sb } = await pair(first);
    value(await a.call('eid-comment', { text: 'prieš perkrovimą' }));
    value(await b.call('witnesses', { witnesses: [{ name: 'Rasa', surname: 'Kairė', phone: '+37060000001' }] }));
    value(await a.call('guilty', { op: 'SET', choice: 'A' }));
    await a.close();
    await b.close();
    await first.stop();
    const second = await start(first.dir);
    const a2 = await driver(second);
    const b2 = await driver(second);
    const ra = value<Session<Declaration>>(await a2.resume(sa.declarationId, 'A', sa.token));
    const rb = value<Session<Declaration>>(await b2.resume(sb.declarationId, 'B', sb.token));
    expect(ra.declaration.parties.A.comment).toBe('prieš perkrovimą');
    expect(rb.declaration.parties.B.witnesses).toEqual([{ name: 'Rasa', surname: 'Kairė', phone: '+37060000001' }]);
    expect(ra.declaration.guilt.achoice).toBe('A');
    value(await b2.call('eid-comment', { text: 'po perkrovimo' }));
    await a2.waitForView((d) => d.parties.B.comment === 'po perkrovimo');
  });

  describe('[HB7] every connect outcome', () => {
    it.each([
      ['KLM123', 'DVU058', 'PLATE_A_IN_USE'],
      ['DVU058', 'HBN512', 'PLATE_B_IN_USE'],
    ])('%s with %s while KLM123/HBN512 is open: %s', async (own, otherPlate, code) => {
      const ctx = await start();
      await pair(ctx);
      const c = await driver(ctx);
      expect(await c.connect(own, otherPlate)).toMatchObject({ ok: false, code });
    });

    it('trailer in use: TRAILER_A_IN_USE', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect(plates('FMK204', { hasTrailer: true, trailerPlate: 'VB273' }), 'LRA908'));
      const c = await driver(ctx);
      expect(await c.connect(plates('LRT661', { hasTrailer: true, trailerPlate: 'VB273' }), 'GTE274')).toMatchObject({ ok: false, code: 'TRAILER_A_IN_USE' });
    });

    it('other mode: OTHER_MODE with the time until the other ends by itself', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('KLM123', 'HBN512', { mode: 'practice' }));
      const b = await driver(ctx);
      const refused = await b.connect('HBN512', 'KLM123');
      expect(refused).toMatchObject({ ok: false, code: 'OTHER_MODE', retryAfterMs: UNFINISHED_TTL_MS });
    });

    it('location too far: LOCATION_TOO_FAR', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('KLM123', 'HBN512'));
      const b = await driver(ctx);
      const kaunas = { latitude: 54.8985, longitude: 23.9036, accuracy: 10 };
      expect(await b.connect('HBN512', 'KLM123', { location: kaunas })).toMatchObject({ ok: false, code: 'LOCATION_TOO_FAR' });
    });

    it('[JN6] a seat still counted on another device is refused with the seconds left (not "full"), in both orders', async () => {
      const ctx = await start();
      await pair(ctx);
      const c = await driver(ctx);
      const held = await c.connect('HBN512', 'KLM123');
      expect(held).toMatchObject({ ok: false, code: 'SEAT_STILL_COUNTED' });
      expect((held as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(40_000);
      expect((held as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(46_000);
      const d = await driver(ctx);
      const e = await driver(ctx);
      value(await d.connect('GTE274', 'LRA908'));
      expect(await e.connect('GTE274', 'LRA908')).toMatchObject({ ok: false, code: 'SEAT_STILL_COUNTED' });
    });

    it('unregistered and must-be-terminated plates are refused by the plate check', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      expect(await a.connect('ABC000', 'KLM123')).toMatchObject({ ok: false, code: 'PLATE_UNREGISTERED' });
      expect(await a.connect('KLM123', 'MBT220')).toMatchObject({ ok: false, code: 'PLATE_MUST_BE_TERMINATED' });
      expect(await a.connect('KLM123', 'CHE881')).toMatchObject({ ok: false, code: 'PLATE_UNREGISTERED' });
    });

    it('too many checks of one plate: PLATE_CHECK_LIMIT until 5 minutes pass', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('LRA908', 'GTE274'));
      const check = () => a.call('check-plate', { plates: plates('KLM123') });
      for (let i = 0; i < PLATE_CHECK_LIMIT_COUNT; i++) expect(value(await check())).toMatchObject({ result: 'OK' });
      expect(await check()).toMatchObject({ ok: false, code: 'PLATE_CHECK_LIMIT', retryAfterMs: 5 * 60_000 });
      clock.advance(5 * 60_000);
      expect(value(await check())).toMatchObject({ result: 'OK' });
    });

    it('[JN5] a connect costs a proof of work: none is CAPTCHA_REQUIRED, a used or other-action one CAPTCHA_INVALID; nothing is looked up', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      expect(await a.connect('KLM123', 'HBN512', { captcha: undefined })).toMatchObject({ ok: false, code: 'CAPTCHA_REQUIRED' });
      expect(await a.connect('KLM123', 'HBN512', { captcha: await captchaToken(ctx.app, 'submit') })).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
      const token = await captchaToken(ctx.app, 'connect');
      expect(value<Session>(await a.connect('KLM123', 'HBN512', { captcha: token })).party).toBe('A');
      const b = await driver(ctx);
      expect(await b.connect('LRA908', 'GTE274', { captcha: token })).toMatchObject({ ok: false, code: 'CAPTCHA_INVALID' });
    });

    it('[JN8] a second ask to join from one address must carry twice the work: a normal proof is CAPTCHA_TOO_EASY naming it, nothing revealed; one of that work waits beside the first', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('KLM123', 'HBN512'));
      const b = await driver(ctx);
      const asked = b.connect('HBN512', 'KLM123');
      const bCode = ((await b.waitFor((m) => m.t === 'admission')) as Extract<ServerMessage, { t: 'admission' }>).code;
      const c = await driver(ctx);
      expect(await c.connect('HBN512', 'KLM123', { captcha: await captchaToken(ctx.app, 'connect') })).toMatchObject({ ok: false, code: 'CAPTCHA_TOO_EASY', work: 2 });
      expect(c.pushes.some((m) => m.t === 'admission')).toBe(false);
      const again = c.connect('HBN512', 'KLM123', { captcha: await captchaToken(ctx.app, 'connect', 2) });
      const cCode = ((await c.waitFor((m) => m.t === 'admission')) as Extract<ServerMessage, { t: 'admission' }>).code;
      // Both wait on A's screen, each with its own code; A lets in the one on the phone next to them.
      await a.waitForView((d) => d.joinRequests.length === 2);
      expect(a.view?.joinRequests.map((r) => r.code)).toEqual([bCode, cCode]);
      value(await a.call('answer-join', { code: bCode, accept: true }));
      expect(value<Session>(await asked).party).toBe('B');
      expect(await again).toMatchObject({ ok: false, code: 'JOIN_REFUSED' });
      // The challenge names no more work than a phone does in time.
      expect((await ctx.app.inject({ url: `${CAPTCHA_PATH}?action=connect&work=9` })).json()).toMatchObject({ code: 'DATA_ERROR' });
    });

    it('[FU4] registry data only for a seat; a stranger spending the checks of a plate does not block the real driver', async () => {
      // 28 connects: their proof of work (JN5, tested above) is off here, the plate checks are what is counted.
      const ctx = await start(undefined, { EID_CAPTCHA: 'off' });
      const stranger = await driver(ctx);
      expect(await stranger.call('check-plate', { plates: plates('KLM123') })).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
      for (let i = 0; i < PLATE_CHECK_LIMIT_COUNT; i++) expect(await stranger.connect('KLM123', 'CHE881')).toMatchObject({ ok: false, code: 'PLATE_UNREGISTERED' });
      expect(await stranger.connect('KLM123', 'CHE881')).toMatchObject({ ok: false, code: 'PLATE_CHECK_LIMIT' });
      const real = await driver(ctx);
      expect(value<Session>(await real.connect('KLM123', 'HBN512')).party).toBe('A');
      expect(value(await real.call('check-plate', { plates: plates('KLM123') }))).toMatchObject({ result: 'OK' });
      // One requester cannot read the registry plate by plate either: each connect checks two plates.
      const reader = await driver(ctx);
      for (let i = 0; i < PLATE_CHECKS_PER_REQUESTER / 2; i++) {
        expect(await reader.connect(`AAA${100 + i}`, `BBB${100 + i}`)).toMatchObject({ ok: false, code: 'PLATE_UNREGISTERED' });
      }
      expect(await reader.connect('AAA999', 'BBB999')).toMatchObject({ ok: false, code: 'PLATE_CHECK_LIMIT' });
    });

    it('[RT3] finished: DECLARATION_FINISHED by plates; the stored token looks at it during the end reaction only', async () => {
      const ctx = await start();
      const { a, b, sa } = await pair(ctx);
      await completeDeclaration(ctx, a, b);
      value(await a.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }));
      value(await b.call('submit-eid', { captcha: await captchaToken(ctx.app, 'submit') }));
      await ctx.app.submitWorker.runOnce();
      const c = await driver(ctx);
      expect(await c.connect('HBN512', 'KLM123')).toMatchObject({ ok: false, code: 'DECLARATION_FINISHED' });
      const reopened = await driver(ctx);
      expect(value<Session>(await reopened.resume(sa.declarationId, 'A', sa.token)).declaration).toMatchObject({ status: 'FINISHED' });
      clock.advance(END_REACTION_MS + 1);
      const later = await driver(ctx);
      expect(await later.resume(sa.declarationId, 'A', sa.token)).toMatchObject({ ok: false, code: 'DECLARATION_FINISHED' });
    });

    it('[JN4] lost heartbeat: the party can be taken by another device the other driver confirms; the old token is refused with HEARTBEAT', async () => {
      const ctx = await start();
      const { a, b, sa } = await pair(ctx);
      await a.close();
      clock.advance(HEARTBEAT_TIMEOUT_MS + 1000);
      value(await b.call('custom-heartbeat'));
      const a2 = await driver(ctx);
      expect(value<Session>(await a2.joinConfirmedBy(b, 'KLM123', 'HBN512')).party).toBe('A');
      const old = await driver(ctx);
      expect(await old.resume(sa.declarationId, 'A', sa.token)).toMatchObject({ ok: false, code: 'HEARTBEAT' });
    });

    it('removed for inactivity: REMOVED_INACTIVE after the sweep, TTL_TOO_LONG before it', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      const sa = value<Session>(await a.connect('KLM123', 'HBN512'));
      clock.advance(UNFINISHED_TTL_MS + 1000);
      const late = await driver(ctx);
      expect(await late.resume(sa.declarationId, 'A', sa.token)).toMatchObject({ ok: false, code: 'TTL_TOO_LONG' });
      expect(await ctx.app.hub.sweep()).toEqual([sa.declarationId]);
      await a.waitFor((m) => m.t === 'end' && m.reason === 'REMOVED');
      expect(await late.resume(sa.declarationId, 'A', sa.token)).toMatchObject({ ok: false, code: 'REMOVED_INACTIVE' });
      // A reconnect must create a new declaration: the plates are free again.
      expect(value<Session>(await late.connect('KLM123', 'HBN512')).declarationId).not.toBe(sa.declarationId);
    });

    it('system update in progress: SYSTEM_UPDATE with the wait', async () => {
      const ctx = await start();
      ctx.app.hub.announceSystemUpdate(T0 + 10 * 60_000);
      const a = await driver(ctx);
      expect(await a.connect('KLM123', 'HBN512')).toMatchObject({ ok: false, code: 'SYSTEM_UPDATE', retryAfterMs: 10 * 60_000 });
    });

    it('server error: a failing store answers SERVER_ERROR and the process goes on', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('KLM123', 'HBN512'));
      expect(ctx.sqlite, 'this test breaks the SQLite store').not.toBeNull();
      ctx.sqlite?.exec('DROP TABLE declaration_keys');
      expect(await a.call('eid-comment', { text: 'x' })).toMatchObject({ ok: false, code: 'SERVER_ERROR' });
      expect(await a.call('test-connection')).toMatchObject({ ok: true });
    });
  });

  describe('[HB8] malformed, oversized and wrong-party payloads', () => {
    it.each([
      ['not JSON', '{"t": "call", '],
      ['not an object', '42'],
      ['unknown message type', JSON.stringify({ t: 'hack', id: 1 })],
      ['call without op', JSON.stringify({ t: 'call', id: 1 })],
      ['connect with bad plates', JSON.stringify({ t: 'connect', id: 1, mode: 'live', plates: { A: 1, B: 2 }, location: null, fillLang: 'lt' })],
    ])('%s: DATA_ERROR, the connection survives', async (_label, frame) => {
      const ctx = await start();
      const a = await driver(ctx);
      const answer = await a.sendRaw(frame, frame.includes('"id": 1') || frame.includes('"id":1') ? 1 : -1);
      expect(answer).toMatchObject({ ok: false, code: 'DATA_ERROR' });
      expect(await a.call('test-connection')).toMatchObject({ ok: true });
    });

    it('an oversized frame: PAYLOAD_TOO_LARGE, the connection survives', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      value(await a.connect('KLM123', 'HBN512'));
      const big = JSON.stringify({ t: 'call', id: 99, op: 'eid-comment', p: { text: 'x'.repeat(MAX_CLIENT_FRAME_BYTES) } });
      expect(await a.sendRaw(big, -1)).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(await a.call('eid-comment', { text: 'ok' })).toMatchObject({ ok: true });
    });

    it('every write instruction with a wrong payload or for the other party gets a typed code', async () => {
      const ctx = await start();
      const { a } = await pair(ctx);
      const ops = ['set-driver-data', 'set-partial-driver-data', 'corrected-time', 'corrected-location', 'witnesses', 'add-foto', 'remove-foto', 'set-impact-meta', 'conditions', 'scheme', 'signature', 'guilty', 'responsible-insurer', 'set-vehicle-data'];
      for (const op of ops) {
        const bad = await a.call(op, { junk: true, text: 5 });
        expect(bad.ok, op).toBe(false);
        expect(bad, op).toMatchObject({ code: expect.stringMatching(/^[A-Z_]+$/) });
      }
      expect(await a.call('set-impact-text', { party: 'B', text: 'x' })).toMatchObject({ ok: false, code: 'NOT_ALLOWED' });
      expect(await a.call('no-such-instruction')).toMatchObject({ ok: false, code: 'UNKNOWN_INSTRUCTION' });
      expect(await a.call('test-connection')).toMatchObject({ ok: true });
    });

    it('[FU10] invalid UTF-8 or a frame over the socket’s hard limit closes that socket, logged as a warning without a stack; other sockets go on', async () => {
      const ctx = await start();
      const other = await driver(ctx);
      for (const bad of [Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), Buffer.alloc(4 * MAX_CLIENT_FRAME_BYTES + 10, 0x20)]) {
        const a = await driver(ctx);
        const closed = new Promise<number>((resolve) => a.socket.once('close', (code) => resolve(code)));
        a.socket.send(bad, { binary: false });
        expect([1007, 1009]).toContain(await closed);
      }
      expect(await other.call('test-connection')).toMatchObject({ ok: true });
      const protocolLines = ctx.logLines.filter((l) => String(l.msg).includes('protocol error'));
      expect(protocolLines).toHaveLength(2);
      for (const line of protocolLines) {
        expect(line.level).toBe(40);
        expect(JSON.stringify(line)).not.toMatch(/stack| {4}at /);
      }
      expect(ctx.logLines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    });

    it('calls before connecting are NOT_CONNECTED', async () => {
      const ctx = await start();
      const a = await driver(ctx);
      expect(await a.call('eid-comment', { text: 'x' })).toMatchObject({ ok: false, code: 'NOT_CONNECTED' });
    });
  });

  it('[FU3] over real sockets: a third socket from one address is refused; a socket without a declaration is closed after the idle time, one with a seat stays', async () => {
    const ctx = await start(undefined, { EID_MAX_CONNECTIONS_PER_IP: '2', EID_WS_PING_MS: '50' });
    const a = await driver(ctx);
    const idle = await driver(ctx);
    await expect(WsDriver.open(ctx.app)).rejects.toThrow(/429/);
    value(await a.connect('KLM123', 'HBN512'));
    const closed = new Promise<number>((resolve) => idle.socket.once('close', (code) => resolve(code)));
    clock.advance(60_000);
    expect(await closed).toBe(1008);
    expect(await a.call('test-connection')).toMatchObject({ ok: true });
    // The place of the closed one is free again.
    const again = await driver(ctx);
    expect(await again.call('test-connection')).toMatchObject({ ok: true });
  });

  it('[HB9] the handshake is refused for another site (Origin)', async () => {
    const ctx = await start();
    await expect(WsDriver.open(ctx.app, 'https://evil.example')).rejects.toThrow(/403/);
    const ok = await driver(ctx);
    expect(await ok.call('test-connection')).toMatchObject({ ok: true });
  });

  it('[HB10] one device fills for both: it may write both parties and submits both', async () => {
    const ctx = await start();
    const a = await driver(ctx);
    const s = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512', { oneDevice: true }));
    expect(s.allow).toEqual({ A: true, B: true });
    expect(s.declaration.twoUserMode).toBe(false);
    value(await a.call('eid-comment', { party: 'B', text: 'už B' }));
    const other = await driver(ctx);
    expect(await other.connect('HBN512', 'KLM123')).toMatchObject({ ok: false, code: 'SEAT_STILL_COUNTED' });
  });

  it('[HB11] the other party sees who is connected (presence)', async () => {
    const ctx = await start();
    const { a, b } = await pair(ctx);
    await a.waitFor((m) => m.t === 'presence' && m.A && m.B);
    await b.close();
    await a.waitFor((m) => m.t === 'presence' && m.A && !m.B);
  });
});

