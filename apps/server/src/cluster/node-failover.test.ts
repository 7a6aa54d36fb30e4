import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { blankPlates } from '@eid/domain';
import { WS_PATH } from '@eid/domain/protocol';
import { loadSession } from '@eid/domain/device';
import { startCluster, type Cluster } from '../../../../scripts/lib/cluster.mjs';
import { device, online, type Device } from '../testing/device.js';

/** The built server (`tsc -b`, which `npm test` runs before the unit tests). */
const SERVER = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

const plates = (own: string, other: string) => ({ A: { ...blankPlates(), plate: own }, B: { ...blankPlates(), plate: other } });
const request = (own: string, other: string) => ({
  mode: 'live' as const,
  plates: plates(own, other),
  location: { latitude: 54.6872, longitude: 25.2797, accuracy: 15 },
  fillLang: 'lt' as const,
  oneDevice: false,
});

/** Sockets bound on a node (its loopback-only metrics). */
async function socketsOn(url: string): Promise<number> {
  const res = await fetch(`${url}/serveris/dev/metrics`);
  return ((await res.json()) as { sockets: number }).sockets;
}

/**
 * The local cluster of `npm run cluster` (PostgreSQL, the object store, two nodes of the built
 * server, HAProxy) with two drivers' devices connected through the balancer, one on each node.
 */
describe('a node lost while both drivers are connected through the balancer', () => {
  let cluster: Cluster;
  const devices: Device[] = [];

  beforeAll(async () => {
    expect(existsSync(SERVER), `${SERVER} is built by tsc -b`).toBe(true);
    // The proof of work is not what is tested here; the balancer's health checks are every 500 ms.
    cluster = await startCluster({ nodes: 2, env: { EID_CAPTCHA: 'off', LOG_LEVEL: 'warn' } });
  }, 60_000);

  afterAll(async () => {
    for (const d of devices) d.actor.stop();
    await cluster?.stop();
  }, 30_000);

  it('[CL7] the node of A’s device is SIGKILLed: the device reconnects through the balancer to node 2 and resumes; every acknowledged edit is kept, the edits made meanwhile land', async () => {
    const ws = () => `${cluster.url.replace(/^http/, 'ws')}${WS_PATH}`;
    const a = device(ws);
    const b = device(ws);
    devices.push(a, b);
    a.actor.send({ type: 'user.connect', request: request('KLM123', 'HBN512') });
    await online(a.actor);
    const [one, two] = cluster.nodes;
    // Which node the balancer gave A: the other one must get B.
    const aNode = (await socketsOn(one!.url)) === 1 ? one! : two!;
    const bNode = aNode === one ? two! : one!;
    b.actor.send({ type: 'user.connect', request: request('HBN512', 'KLM123') });
    const asked = await waitFor(b.actor, (s) => s.hasTag('admitting'), { timeout: 8000 });
    await waitFor(a.actor, (s) => s.context.declaration?.joinRequests.some((r) => r.code === asked.context.admission?.code) === true, { timeout: 8000 });
    expect(await a.client.call('answer-join', { code: asked.context.admission!.code, accept: true })).toMatchObject({ ok: true });
    await online(b.actor);

    // The balancer (least connections): one device on each node.
    expect([await socketsOn(aNode.url), await socketsOn(bNode.url)]).toEqual([1, 1]);

    expect(await a.client.call('eid-comment', { text: 'prieš' })).toMatchObject({ ok: true });
    expect(await b.client.call('eid-comment', { text: 'B prieš' })).toMatchObject({ ok: true });
    await waitFor(b.actor, (s) => s.context.declaration?.parties.A.comment === 'prieš', { timeout: 5000 }).catch((e: unknown) => { throw new Error(`B never saw A's edit: ${String(e)}`); });

    // A's node is lost at once.
    const [onLost, survivor] = [a, b];
    await aNode.kill();
    await waitFor(onLost.actor, (s) => s.hasTag('reconnecting'), { timeout: 5000 }).catch((e: unknown) => { throw new Error(`the device never noticed: ${String(e)}`); });
    // The driver goes on typing while the link is down: kept on the device, sent after the resume.
    const meanwhile = onLost.client.call('set-impact-text', { text: 'Įlenktas bamperis' });
    expect(loadSession(onLost.storage)?.pending.map((c) => c.op)).toContain('set-impact-text');

    await online(onLost.actor, 15_000);
    expect(await meanwhile).toMatchObject({ ok: true });
    await waitFor(survivor.actor, (s) => s.context.declaration?.parties.A.damages.text === 'Įlenktas bamperis', { timeout: 8000 });
    const seen = survivor.actor.getSnapshot().context.declaration!;
    expect(seen.parties.A.comment).toBe('prieš');
    expect(seen.parties.B.comment).toBe('B prieš');
    expect(loadSession(onLost.storage)?.pending).toEqual([]);
    // Both devices on the node that lived.
    expect(await socketsOn(bNode.url)).toBe(2);
  }, 60_000);
});
