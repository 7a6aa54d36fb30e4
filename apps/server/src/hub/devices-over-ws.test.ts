import { captchaToken } from '../testing/captcha.js';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { blankPlates } from '@eid/domain';
import { WS_PATH } from '@eid/domain/protocol';
import { loadSession, type ConnectionActor } from '@eid/domain/device';
import { FixedClock } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { device, online } from '../testing/device.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

const plates = (own: string, other: string) => ({ A: { ...blankPlates(), plate: own }, B: { ...blankPlates(), plate: other } });
/** What the plates step hands the connection: the plates, and the proof of work the page solved (JN5). */
const request = async (app: Ctx['app'], own: string, other: string) => ({
  mode: 'live' as const,
  plates: plates(own, other),
  location: { latitude: 54.6872, longitude: 25.2797, accuracy: 15 },
  fillLang: 'lt' as const,
  oneDevice: false,
  captcha: await captchaToken(app, 'connect'),
});

describe('two devices on the real socket', () => {
  const apps: Ctx[] = [];
  const actors: ConnectionActor[] = [];

  afterEach(async () => {
    for (const a of actors.splice(0)) a.stop();
    for (const c of apps.splice(0)) await c.close().catch(() => undefined);
  });

  it("[CX3] A's edits reach B live; a server restart drops both links, edits made meanwhile are kept and land after the resume", async () => {
    const clock = new FixedClock(T0);
    const first = await buildTestApp({}, { clock });
    await first.listen();
    apps.push(first);
    const address = first.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const port = address.port;
    const url = () => `ws://127.0.0.1:${port}${WS_PATH}`;

    const a = device(url);
    const b = device(url);
    actors.push(a.actor, b.actor);
    a.actor.send({ type: 'user.connect', request: await request(first.app, 'KLM123', 'HBN512') });
    await online(a.actor);
    b.actor.send({ type: 'user.connect', request: await request(first.app, 'HBN512', 'KLM123') });
    // A confirms the code both screens show (JN1).
    const asked = await waitFor(b.actor, (s) => s.hasTag('admitting'));
    await waitFor(a.actor, (s) => s.context.declaration?.joinRequests.some((r) => r.code === asked.context.admission?.code) === true);
    expect(await a.client.call('answer-join', { code: asked.context.admission!.code, accept: true })).toMatchObject({ ok: true });
    await online(b.actor);
    expect(b.actor.getSnapshot().context.party).toBe('B');

    expect(await a.client.call('eid-comment', { text: 'Stovėjau prie šviesoforo' })).toMatchObject({ ok: true });
    await waitFor(b.actor, (s) => s.context.declaration?.parties.A.comment === 'Stovėjau prie šviesoforo');
    expect(b.changes.some((c) => c.kind === 'DATA' && c.by === 'A')).toBe(true);

    // The server goes down; the devices notice and start reconnecting.
    await first.stop();
    await waitFor(a.actor, (s) => s.hasTag('reconnecting'), { timeout: 5000 });
    const pending = a.client.call('set-impact-text', { text: 'Įlenktas galinis bamperis' });
    expect(loadSession(a.storage)?.pending.map((c) => c.op)).toContain('set-impact-text');

    // The same data folder, a new process, the same port.
    const second = await buildTestApp({}, { clock, dir: first.dir });
    apps.splice(0, 1, second);
    await second.app.listen({ port, host: '127.0.0.1' });
    await online(a.actor);
    await online(b.actor);
    expect(await pending).toMatchObject({ ok: true });
    await waitFor(b.actor, (s) => s.context.declaration?.parties.A.damages.text === 'Įlenktas galinis bamperis', { timeout: 5000 });
    // Nothing acknowledged before the restart was lost.
    expect(b.actor.getSnapshot().context.declaration?.parties.A.comment).toBe('Stovėjau prie šviesoforo');
    expect(loadSession(a.storage)?.pending).toEqual([]);
  }, 20_000);
});
