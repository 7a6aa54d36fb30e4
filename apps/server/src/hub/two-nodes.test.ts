import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Declaration } from '@eid/domain';
import type { Session } from '@eid/domain/protocol';
import { FixedClock } from '@eid/test-fixtures';
import { createDatabase } from '@eid/adapter-storage-postgres/testing';
import { buildTestApp } from '../testing/build-test-app.js';
import { completeDeclaration } from '../testing/complete.js';
import { captchaToken } from '../testing/captcha.js';
import { value, WsDriver } from '../testing/ws-driver.js';

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Two server nodes on one PostgreSQL database (issue 14), each with its own sockets and memory:
 * what one node's device does reaches the other node's device through the database alone.
 */
describe('two server nodes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let dir: string;
  let bucket: string;
  let tests = 0;
  const nodes: Ctx[] = [];
  const drivers: WsDriver[] = [];
  let clock: FixedClock;

  // Each test its own database and folder: nodes that start empty, as a new installation would.
  beforeEach(async () => {
    database = await createDatabase(inject('postgresUrl'));
    dir = mkdtempSync(join(tmpdir(), 'eid-nodes-'));
    tests += 1;
    bucket = `eid-nodes-${process.pid}-${tests}`;
    clock = new FixedClock(T0);
  });

  afterEach(async () => {
    for (const d of drivers.splice(0)) await d.close();
    for (const n of nodes.splice(0)) await n.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });

  /** A node of the cluster: its own folder, the database and the object store's bucket shared. */
  async function node(): Promise<Ctx> {
    const s3 = inject('s3');
    const env = {
      EID_DATABASE_URL: database.url,
      EID_SECRET: 'a-secret-the-nodes-share-0123456789abcdef',
      EID_S3_URL: s3.url,
      EID_S3_BUCKET: bucket,
      EID_S3_ACCESS_KEY_ID: s3.accessKeyId,
      EID_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const ctx = await buildTestApp(env, { clock, dir: mkdtempSync(join(dir, 'node-')) });
    await ctx.listen();
    nodes.push(ctx);
    return ctx;
  }

  async function driver(ctx: Ctx): Promise<WsDriver> {
    const d = await WsDriver.open(ctx.app);
    drivers.push(d);
    return d;
  }

  async function pairAcross() {
    const one = await node();
    const two = await node();
    const a = await driver(one);
    const b = await driver(two);
    const sa = value<Session<Declaration>>(await a.connect('KLM123', 'HBN512'));
    // B asks on node 2; A, on node 1, sees the request and confirms it there.
    const sb = value<Session<Declaration>>(await b.joinConfirmedBy(a, 'HBN512', 'KLM123'));
    return { one, two, a, b, sa, sb };
  }

  it('[CL1] B joins on node 2, confirmed by A on node 1; edits reach the other node live both ways; presence is seen across', async () => {
    const { a, b, sa, sb } = await pairAcross();
    expect(sb).toMatchObject({ party: 'B', declarationId: sa.declarationId });
    await a.waitForView((d) => d.version >= sb.declaration.version && d.joinRequests.length === 0);
    await a.waitFor((m) => m.t === 'presence' && m.A && m.B);
    await b.waitFor((m) => m.t === 'presence' && m.A && m.B);
    value(await a.call('eid-comment', { text: 'from node 1' }));
    await b.waitForView((d) => d.parties.A.comment === 'from node 1');
    value(await b.call('eid-comment', { text: 'from node 2' }));
    await a.waitForView((d) => d.parties.B.comment === 'from node 2');
    // Deltas, not whole views: neither device had to ask for its view again.
    expect(a.gaps + b.gaps).toBe(0);
    await b.close();
    await a.waitFor((m) => m.t === 'presence' && m.A && !m.B);
  });

  it('[CL2] edits of both nodes at once are serialised: every acknowledged edit is stored, in one version order both devices end on', async () => {
    const { one, a, b, sa } = await pairAcross();
    const writes = Array.from({ length: 12 }, (_, i) => [a.call('eid-comment', { text: `a${i}` }), b.call('eid-comment', { text: `b${i}` })]).flat();
    const answers = await Promise.all(writes);
    for (const r of answers) expect(r.ok).toBe(true);
    const stored = (await one.app.declarations.get(sa.declarationId))!.declaration;
    expect(stored.parties.A.comment).toBe('a11');
    expect(stored.parties.B.comment).toBe('b11');
    await a.waitForView((d) => d.version === stored.version);
    await b.waitForView((d) => d.version === stored.version);
    expect(a.view?.parties.B.comment).toBe('b11');
    expect(b.view?.parties.A.comment).toBe('a11');
    // Every push and every answer applied to the version the device had: no device needed its whole view again.
    expect(a.gaps + b.gaps).toBe(0);
  });

  it('[CL3] submitted through both nodes: the success reaches both devices, the document is produced once though both workers run', async () => {
    const { one, two, a, b, sa } = await pairAcross();
    await completeDeclaration(one, a, b);
    value(await a.call('submit-eid', { captcha: await captchaToken(one.app, 'submit') }));
    const second = value<{ stateEID: string; invalidDesc?: unknown }>(await b.call('submit-eid', { captcha: await captchaToken(two.app, 'submit') }));
    expect(second, JSON.stringify(second.invalidDesc)).toMatchObject({ stateEID: 'WAITING' });
    const runs = await Promise.all([one.app.submitWorker.runOnce(), two.app.submitWorker.runOnce()]);
    expect(runs.reduce((n, r) => n + r, 0)).toBe(1);
    expect(await a.waitFor((m) => m.t === 'end')).toEqual({ t: 'end', reason: 'FINISHED' });
    expect(await b.waitFor((m) => m.t === 'end')).toEqual({ t: 'end', reason: 'FINISHED' });
    expect(await one.app.output.statementsFor(sa.declarationId)).toHaveLength(2);
    const sent = await Promise.all([one.app.deliveryWorker.runOnce(), two.app.deliveryWorker.runOnce()]);
    const messages = await two.app.output.deliveriesFor(sa.declarationId);
    expect(sent.reduce((n, r) => n + r, 0)).toBe(messages.length);
    expect(messages.every((m) => m.state === 'SENT')).toBe(true);
  });

  it('[CL4] a device of node 1 whose seat was taken on node 2 is told TAKEN_OVER; a declaration deleted on one node ends the other node’s sessions', async () => {
    const { one, two, a, b } = await pairAcross();
    // B's phone goes quiet; B enters the plates again on a new phone that reaches node 1, and A confirms it.
    clock.advance(46_000);
    value(await a.call('custom-heartbeat'));
    const b2 = await driver(one);
    value(await b2.joinConfirmedBy(a, 'HBN512', 'KLM123'));
    expect(await b.waitFor((m) => m.t === 'end')).toEqual({ t: 'end', reason: 'TAKEN_OVER' });
    // The same driver's second device on node 2 (resumed with the token); the declaration is deleted from node 1.
    const c1 = await driver(one);
    const created = value<Session<Declaration>>(await c1.connect('EAR390', 'HRS226'));
    const c2 = await driver(two);
    value(await c2.resume(created.declarationId, 'A', created.token));
    value(await c1.call('nuke-it'));
    expect(await c2.waitFor((m) => m.t === 'end')).toEqual({ t: 'end', reason: 'NUKED' });
    expect(await two.app.declarations.get(created.declarationId)).toBeNull();
  });
});
