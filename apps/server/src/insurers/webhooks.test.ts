/**
 * Issue 36 items 4 and 6: a finished declaration is announced to both responsible insurers'
 * systems — real receivers on loopback that verify the Standard Webhooks signature with its
 * reference library — which then pull it with their own tokens. A receiver that is down is tried
 * again after the back-off with the same id; a revoked client's delivery fails at once; a
 * supervisor's replay comes with the same id (taken once); an altered or replayed webhook does not
 * verify at the receiver.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { CONSOLE_PATH, INSURER_API_PATH, INSURER_TOKEN_PATH, STATEMENT_PATH } from '@eid/domain/protocol';
import { INSURER_DATA_VERSION, WEBHOOK_RETRY_DELAYS_MS, type InsurerClientAnswer, type WebhookAttemptsAnswer, type WebhookDeliveriesAnswer } from '@eid/domain/insurer';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { DRIVER_CODES, InsurerPeer } from '@eid/test-fixtures';
import type { StatementView } from '@eid/domain';
import { captchaToken } from '../testing/captcha.js';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { seedSubmitted } from '../testing/submitted.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const SUPERVISOR = DEMO_STAFF[1];

describe('webhooks to insurers\' systems (Standard Webhooks), with real receivers', () => {
  const open: Array<{ close(): Promise<unknown> }> = [];
  afterEach(async () => {
    for (const c of open.splice(0).reverse()) await c.close();
  });

  async function setup() {
    const ld = await InsurerPeer.start();
    const ergo = await InsurerPeer.start();
    open.push(ld, ergo);
    const ctx: Ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture', EID_DEV_CLOCK: 'on', EID_WEBHOOK_LOCAL_HOSTS: `${ld.hostPort},${ergo.hostPort}` });
    open.push(ctx);
    const code = await new OtplibTotp().codeAt(SUPERVISOR.totpSecret, Date.now());
    const signedIn = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: SUPERVISOR.email, password: SUPERVISOR.password, code }, headers: { origin: ORIGIN } });
    const staff = { cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(signedIn.headers['set-cookie']))?.[1] ?? '' }, headers: { 'x-eid-csrf': signedIn.json<{ csrfToken: string }>().csrfToken, origin: ORIGIN } };
    const consoleCall = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) => ctx.app.inject({ method, url: `${CONSOLE_PATH}${path}`, cookies: staff.cookies, headers: staff.headers, ...(payload ? { payload } : {}) });
    /** A client for the insurer, with the peer's webhook address (none: it only pulls). */
    const connect = async (peer: InsurerPeer | null, insurerId: number) => {
      const made = (await consoleCall('POST', '/insurer-clients', { insurerId, name: `Sistema ${insurerId}`, webhookUrl: peer?.url ?? null })).json<InsurerClientAnswer>();
      if (peer) peer.secret = made.credentials!.webhookSecret;
      const token = await ctx.app.inject({ method: 'POST', url: INSURER_TOKEN_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: made.client.id, client_secret: made.credentials!.clientSecret }).toString() });
      return { clientId: made.client.id, token: token.json<{ access_token: string }>().access_token };
    };
    const finish = async (id: string) => {
      await seedSubmitted(ctx.app, id, ctx.app.clock.now());
      expect(await ctx.app.submitWorker.runOnce()).toBe(1);
    };
    return { ctx, ld, ergo, consoleCall, connect, finish };
  }

  it('both insurers\' receivers get one verified webhook carrying no personal data, and pull the declaration and its photos with their own tokens', async () => {
    const { ctx, ld, ergo, consoleCall, connect, finish } = await setup();
    const ldClient = await connect(ld, 1);
    const ergoClient = await connect(ergo, 2);
    await finish('decl-webhook-0001');
    expect(await ctx.app.webhookWorker.runOnce()).toBe(2);
    for (const [peer, client] of [[ld, ldClient], [ergo, ergoClient]] as const) {
      expect(peer.refused).toEqual([]);
      expect(peer.received).toHaveLength(1);
      const hook = peer.received[0]!;
      expect(hook.payload).toMatchObject({ type: 'declaration.finished', data: { id: 'decl-webhook-0001', version: INSURER_DATA_VERSION, href: `${ORIGIN}${INSURER_API_PATH}/declarations/decl-webhook-0001` } });
      // No personal data travels in it: no name, personal code, plate or address of the drivers.
      expect(JSON.stringify(hook.payload)).not.toMatch(/Petraitis|38703181745|KLM|Gedimino/);
      // The peer pulls with its own token what the link names, and a photo of it.
      const data = await ctx.app.inject({ method: 'GET', url: new URL(hook.payload.data.href).pathname, headers: { authorization: `Bearer ${client.token}` } });
      expect(data.statusCode).toBe(200);
      const photo = data.json().vehicles.B.photos.damage[0] ?? data.json().vehicles.B.photos.scene[0];
      const file = await ctx.app.inject({ method: 'GET', url: new URL(photo.href).pathname, headers: { authorization: `Bearer ${client.token}` } });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
    // Nothing more to send; the console shows each delivery delivered at its first attempt.
    expect(await ctx.app.webhookWorker.runOnce()).toBe(0);
    const list = (await consoleCall('GET', '/webhooks')).json<WebhookDeliveriesAnswer>();
    expect(list.deliveries.map((d) => [d.clientName, d.state, d.attempts, d.lastStatus]).sort()).toEqual([
      ['Sistema 1', 'DELIVERED', 1, 204],
      ['Sistema 2', 'DELIVERED', 1, 204],
    ]);
    expect(list.deliveries.map((d) => d.id).sort()).toEqual([ld.received[0]!.id, ergo.received[0]!.id].sort());
    const attempts = (await consoleCall('GET', `/webhooks/${ld.received[0]!.id}`)).json<WebhookAttemptsAnswer>();
    expect(attempts.attempts.map((a) => [a.status, a.error])).toEqual([[204, null]]);
  });

  it('a receiver that is down is tried again after the back-off with the same id, and takes it once; a revoked client\'s delivery stops', async () => {
    const { ctx, ld, ergo, consoleCall, connect, finish } = await setup();
    await connect(ld, 1);
    const ergoClient = await connect(ergo, 2);
    ld.down = true;
    await consoleCall('POST', `/insurer-clients/${ergoClient.clientId}/revoke`);
    await finish('decl-webhook-0002');
    // ERGO revoked before the declaration finished: no delivery is even made for it.
    expect(await ctx.app.webhookWorker.runOnce()).toBe(1);
    expect([ld.missed, ld.received.length]).toEqual([1, 0]);
    // Not due again before its back-off.
    expect(await ctx.app.webhookWorker.runOnce()).toBe(0);
    ld.down = false;
    ctx.app.devClock!.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    expect(await ctx.app.webhookWorker.runOnce()).toBe(1);
    expect(ld.received).toHaveLength(1);
    const [delivery] = (await consoleCall('GET', '/webhooks')).json<WebhookDeliveriesAnswer>().deliveries;
    expect(delivery).toMatchObject({ id: ld.received[0]!.id, state: 'DELIVERED', attempts: 2, lastStatus: 204 });
    const attempts = (await consoleCall('GET', `/webhooks/${delivery!.id}`)).json<WebhookAttemptsAnswer>().attempts;
    expect(attempts.map((a) => a.status)).toEqual([503, 204]);

    // A supervisor sends it again: the same id, which the receiver knows (acknowledged, not new).
    const replayed = await consoleCall('POST', `/webhooks/${delivery!.id}/replay`);
    expect(replayed.json()).toMatchObject({ id: delivery!.id, state: 'PENDING' });
    await ctx.app.webhookWorker.idle();
    await ctx.app.webhookWorker.runOnce();
    expect([ld.received.length, ld.repeats]).toEqual([1, 1]);
    const audit = (await ctx.app.storage.staff.audit({ limit: 30, offset: 0 })).entries.map((e) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['WEBHOOK_REPLAYED', 'WEBHOOKS_LISTED']));
    expect((await consoleCall('POST', '/webhooks/msg_nobody00000000000000/replay')).json().code).toBe('WEBHOOK_NOT_FOUND');
    expect(ergo.received).toHaveLength(0);
  });

  it('a client revoked while its delivery waits: the delivery fails at once and its receiver hears nothing more', async () => {
    const { ctx, ld, consoleCall, connect, finish } = await setup();
    const client = await connect(ld, 1);
    ld.down = true;
    await finish('decl-webhook-0003');
    await ctx.app.webhookWorker.runOnce();
    await consoleCall('POST', `/insurer-clients/${client.clientId}/revoke`);
    ld.down = false;
    ctx.app.devClock!.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    expect(await ctx.app.webhookWorker.runOnce()).toBe(1);
    expect(ld.received).toEqual([]);
    const [delivery] = (await consoleCall('GET', '/webhooks')).json<WebhookDeliveriesAnswer>().deliveries;
    expect(delivery).toMatchObject({ state: 'FAILED', lastError: 'the client was revoked' });
  });

  it('the loop closed: each insurer registers its claim number; its own driver is told once in their language, sees it on their statement, and the console shows it', async () => {
    const { ctx, ld, ergo, consoleCall, connect, finish } = await setup();
    const ldClient = await connect(ld, 1);
    const ergoClient = await connect(ergo, 2);
    await finish('decl-claim-0001');
    await ctx.app.webhookWorker.runOnce();
    const register = (token: string, body: Record<string, unknown>, id = 'decl-claim-0001') => ctx.app.inject({ method: 'PUT', url: `${INSURER_API_PATH}/declarations/${id}/claim`, headers: { authorization: `Bearer ${token}` }, payload: body });
    const ldAnswer = await register(ldClient.token, { claimNumber: 'LD-2026/0451', contactName: 'Rūta Jonaitienė', contactPhone: '+370 5 2000000' });
    expect(ldAnswer.statusCode, ldAnswer.body).toBe(200);
    expect(ldAnswer.json()).toMatchObject({ declarationId: 'decl-claim-0001', claimNumber: 'LD-2026/0451', vehicles: ['A'], changed: true });
    expect((await register(ergoClient.token, { claimNumber: 'ERGO 77812' })).json()).toMatchObject({ vehicles: ['B'], changed: true });
    // The same again tells nobody twice; a correction does.
    expect((await register(ldClient.token, { claimNumber: 'LD-2026/0451', contactName: 'Rūta Jonaitienė', contactPhone: '+370 5 2000000' })).json()).toMatchObject({ changed: false });
    // Not its declaration, or none: the same not-found; a bad number: DATA_ERROR.
    const third = await connect(null, 3);
    expect((await register(third.token, { claimNumber: 'X-1' })).json()).toEqual({ code: 'INSURER_RECORD_NOT_FOUND' });
    expect((await register(ldClient.token, { claimNumber: 'X-1' }, 'decl-nobody-0001')).json()).toEqual({ code: 'INSURER_RECORD_NOT_FOUND' });
    expect((await register(ldClient.token, { claimNumber: '<script>' })).json().code).toBe('DATA_ERROR');

    // Driver A (SMS, Lithuanian) hears of LD's number; driver B (e-mail, English) of ERGO's; each once.
    const told = (await ctx.app.output.deliveriesFor('decl-claim-0001')).filter((m) => m.key.startsWith('claim-'));
    expect(told.map((m) => [m.key.split('-')[1], m.channel, m.to])).toEqual([
      ['A', 'sms', '+37061234567'],
      ['B', 'email', 'ona.zemaityte@example.lt'],
    ]);
    expect(told[0]!.text).toBe('EID: Lietuvos draudimas užregistravo jūsų žalą Nr. LD-2026/0451 dėl eismo įvykio KLM123 – HBN512. Kontaktai: Rūta Jonaitienė, +370 5 2000000');
    expect(told[1]!.subject).toBe('ERGO Insurance SE Lietuvos filialas registered your claim no. ERGO 77812');
    expect(told[1]!.text).toContain('Quote this number when you contact the insurer.');

    // Each driver's statement shows their own insurer's number, not the other's.
    const statements = await ctx.app.output.statementsFor('decl-claim-0001');
    for (const [party, insurer, number] of [['A', 'Lietuvos draudimas', 'LD-2026/0451'], ['B', 'ERGO Insurance SE Lietuvos filialas', 'ERGO 77812']] as const) {
      const s = statements.find((x) => x.party === party)!;
      const opened = await ctx.app.inject({ method: 'POST', url: STATEMENT_PATH, payload: { link: { suid: s.suid }, password: DRIVER_CODES[party].slice(-6), captcha: await captchaToken(ctx.app, 'preview') } });
      expect(opened.statusCode, opened.body).toBe(200);
      const view = opened.json<StatementView>();
      expect(view.claims.map((c) => [c.insurerName, c.claimNumber])).toEqual([[insurer, number]]);
    }
    const inConsole = (await consoleCall('GET', '/declarations/decl-claim-0001')).json<{ statements: StatementView[] }>();
    expect(inConsole.statements.map((s) => s.claims.map((c) => c.claimNumber))).toEqual([['LD-2026/0451'], ['ERGO 77812']]);

    const corrected = await register(ldClient.token, { claimNumber: 'LD-2026/0452' });
    expect(corrected.json()).toMatchObject({ changed: true });
    expect((await ctx.app.output.deliveriesFor('decl-claim-0001')).filter((m) => m.key.startsWith('claim-A-'))).toHaveLength(2);
    const audit = (await ctx.app.storage.staff.audit({ limit: 60, offset: 0 })).entries;
    // Every call that reached a declaration's check is logged (the refused one included); the one refused by its schema was not read.
    expect(audit.filter((e) => e.action === 'INSURER_CLAIM_REGISTERED' && e.staffId === ldClient.clientId).map((e) => e.subject)).toEqual(['decl-claim-0001', 'decl-nobody-0001', 'decl-claim-0001', 'decl-claim-0001']);
  });

  it('after new credentials, webhooks carry a signature by the old secret and one by the new for a day: a receiver not yet changed still verifies', async () => {
    const { ctx, ld, consoleCall, connect, finish } = await setup();
    const client = await connect(ld, 1);
    const old = ld.secret;
    const rotated = (await consoleCall('POST', `/insurer-clients/${client.clientId}/rotate`)).json<InsurerClientAnswer>().credentials!;
    expect(rotated.webhookSecret).not.toBe(old);
    await finish('decl-webhook-0004');
    await ctx.app.webhookWorker.runOnce();
    expect([ld.received.length, ld.refused]).toEqual([1, []]);
    // The same webhook verifies with the new secret alone too.
    ld.secret = rotated.webhookSecret;
    await consoleCall('POST', `/webhooks/${ld.received[0]!.id}/replay`);
    await ctx.app.webhookWorker.idle();
    await ctx.app.webhookWorker.runOnce();
    expect([ld.repeats, ld.refused]).toEqual([1, []]);
    // A day on (the rotation moved a day back: the receiver's clock checks the timestamp), only the new secret signs.
    await ctx.app.storage.insurers.updateClient(client.clientId, { rotatedAt: ctx.app.clock.now() - 24 * 3_600_000 - 1 });
    ld.secret = old;
    await consoleCall('POST', `/webhooks/${ld.received[0]!.id}/replay`);
    await ctx.app.webhookWorker.idle();
    await ctx.app.webhookWorker.runOnce();
    expect(ld.refused).toEqual([ld.received[0]!.id]);
  });

  it('at the receiver, an altered body, another secret or an old webhook replayed does not verify', async () => {
    const peer = await InsurerPeer.start();
    open.push(peer);
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    peer.secret = secret;
    const body = JSON.stringify({ type: 'declaration.finished', timestamp: new Date().toISOString(), data: { id: 'decl-1', version: '1.0.0', href: 'https://eid.test/x' } });
    const post = (headers: Record<string, string>, payload: string) => fetch(peer.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
    const signed = (id: string, at: Date, payload: string, key = secret) => ({ 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(key).sign(id, at, payload) });
    expect((await post(signed('msg_ok', new Date(), body), body)).status).toBe(204);
    expect((await post(signed('msg_altered', new Date(), body), body.replace('decl-1', 'decl-2'))).status).toBe(401);
    expect((await post(signed('msg_other', new Date(), body, `whsec_${Buffer.alloc(32, 9).toString('base64')}`), body)).status).toBe(401);
    const old = new Date(Date.now() - 10 * 60_000);
    expect((await post(signed('msg_old', old, body), body)).status).toBe(401);
    expect(peer.refused).toEqual(['msg_altered', 'msg_other', 'msg_old']);
    expect(peer.received.map((r) => r.id)).toEqual(['msg_ok']);
  });
});
