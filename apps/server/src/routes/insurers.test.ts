/**
 * Issue 36 items 2 and 3 over HTTP: a supervisor registers an insurer's client in the console (the
 * credentials shown once), its system takes a token by OAuth 2.0 client credentials and reads its
 * feed, a declaration as data and its files; another insurer's token, an ended one, a revoked
 * client, a rotated secret, a webhook address pointing inside, and no secret in a log line.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CONSOLE_PATH, INSURER_API_PATH, INSURER_OPENAPI_PATH, INSURER_SCHEMA_PATH, INSURER_TOKEN_PATH } from '@eid/domain/protocol';
import { INSURER_DATA_MAJOR, INSURER_DATA_VERSION, INSURER_TOKEN_LIFETIME_S, type InsurerClientAnswer, type InsurerClientsAnswer } from '@eid/domain/insurer';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { buildTestApp } from '../testing/build-test-app.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { seedSubmitted } from '../testing/submitted.js';
import { DRIVER_CODES } from '@eid/test-fixtures';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

/** The text of a PDF, by poppler's pdftotext. */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'eid-insurer-pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const ORIGIN = 'https://eid.test';
const [OPERATOR, SUPERVISOR] = DEMO_STAFF;
const totp = new OtplibTotp();
const LOCAL_PEER = '127.0.0.1:4999';

describe('insurers as clients: registration, tokens, pull (server)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  async function setup() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture', EID_DEV_CLOCK: 'on', EID_WEBHOOK_LOCAL_HOSTS: LOCAL_PEER });
    open.push(ctx);
    const staff = async (member: (typeof DEMO_STAFF)[number]) => {
      const res = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: member.email, password: member.password, code: await totp.codeAt(member.totpSecret, Date.now()) }, headers: { origin: ORIGIN } });
      return { cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, headers: { 'x-eid-csrf': res.json<{ csrfToken: string }>().csrfToken, origin: ORIGIN } };
    };
    const supervisor = await staff(SUPERVISOR);
    const consoleCall = (method: 'GET' | 'POST', path: string, payload?: unknown, who = supervisor) =>
      ctx.app.inject({ method, url: `${CONSOLE_PATH}/insurer-clients${path}`, cookies: who.cookies, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    const register = async (insurerId: number, webhookUrl: string | null = null) => {
      const res = await consoleCall('POST', '', { insurerId, name: `Sistema ${insurerId}`, webhookUrl });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InsurerClientAnswer>();
    };
    const tokenOf = async (clientId: string, clientSecret: string) =>
      ctx.app.inject({
        method: 'POST',
        url: INSURER_TOKEN_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}` },
        payload: 'grant_type=client_credentials',
      });
    const api = (token: string, path: string) => ctx.app.inject({ method: 'GET', url: `${INSURER_API_PATH}${path}`, headers: { authorization: `Bearer ${token}` } });
    return { ctx, staff, supervisor, consoleCall, register, tokenOf, api };
  }

  it('a supervisor registers a client (its secrets shown once, kept only hashed or sealed); an operator may not; the list shows no secret', async () => {
    const { ctx, staff, consoleCall, register } = await setup();
    const made = await register(1, `http://${LOCAL_PEER}/hooks`);
    expect(made.client).toMatchObject({ insurerId: 1, insurerName: 'Lietuvos draudimas', webhookUrl: `http://${LOCAL_PEER}/hooks`, revokedAt: null });
    expect(made.credentials?.clientId).toBe(made.client.id);
    expect(made.credentials?.clientSecret).toMatch(/^ics_[A-Za-z0-9_-]{43}$/);
    expect(made.credentials?.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const kept = (await ctx.app.storage.insurers.clientById(made.client.id))!;
    expect(JSON.stringify(kept)).not.toContain(made.credentials!.clientSecret);
    expect(JSON.stringify(kept)).not.toContain(made.credentials!.webhookSecret.slice(6));
    const list = (await consoleCall('GET', '')).json<InsurerClientsAnswer>();
    expect(list.clients.map((c) => c.id)).toEqual([made.client.id]);
    expect(JSON.stringify(list)).not.toMatch(/ics_|whsec_|secretHash|webhookKey/);
    expect(list.insurers.map((i) => i.id)).toContain(2);

    const operator = await staff(OPERATOR);
    for (const res of [await consoleCall('GET', '', undefined, operator), await consoleCall('POST', '', { insurerId: 2, name: 'x', webhookUrl: null }, operator), await consoleCall('POST', `/${made.client.id}/revoke`, undefined, operator)]) {
      expect([res.statusCode, res.json().code]).toEqual([403, 'STAFF_FORBIDDEN']);
    }
    const unknown = await consoleCall('POST', '', { insurerId: 999, name: 'x', webhookUrl: null });
    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'INSURER_NOT_IN_REGISTRY']);
    const audit = (await ctx.app.storage.staff.audit({ limit: 20, offset: 0 })).entries.map((e) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['INSURER_CLIENT_ADDED', 'INSURER_CLIENTS_LISTED']));
    // No secret reaches a log line, the registration's answer included.
    expect(JSON.stringify(ctx.logLines)).not.toContain(made.credentials!.clientSecret);
    expect(JSON.stringify(ctx.logLines)).not.toContain(made.credentials!.webhookSecret);
  });

  it('a webhook address into a private network, this service, plain http or with credentials is refused when registered', async () => {
    const { consoleCall } = await setup();
    const refused = [
      'https://10.0.0.7/hook',
      'https://192.168.1.1/hook',
      'https://127.0.0.1:8443/hook',
      'https://[::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://localhost/hook',
      `${ORIGIN}/serveris/health`,
      'http://93.184.215.14/hook',
      `http://127.0.0.1:5000/hook`,
    ];
    for (const webhookUrl of refused) {
      const res = await consoleCall('POST', '', { insurerId: 1, name: 'x', webhookUrl });
      expect([webhookUrl, res.statusCode, res.json().code]).toEqual([webhookUrl, 400, 'WEBHOOK_ADDRESS_REFUSED']);
    }
    for (const webhookUrl of ['https://user:pw@93.184.215.14/hook', 'ftp://93.184.215.14/hook', 'https://93.184.215.14/hook#x', 'not a url']) {
      const res = await consoleCall('POST', '', { insurerId: 1, name: 'x', webhookUrl });
      expect([webhookUrl, res.statusCode, res.json().code]).toEqual([webhookUrl, 400, 'DATA_ERROR']);
    }
    const publicAddress = await consoleCall('POST', '', { insurerId: 1, name: 'x', webhookUrl: 'https://93.184.215.14/eid/hooks?insurer=ld' });
    expect(publicAddress.statusCode).toBe(200);
  });

  it('each insurer pulls only its own declarations, their data and files, with a 5-minute token; every read is audited', async () => {
    const { ctx, register, tokenOf, api } = await setup();
    const ld = (await register(1)).credentials!;
    const ergo = (await register(2)).credentials!;
    const other = (await register(3)).credentials!;
    const t0 = ctx.app.clock.now();
    await seedSubmitted(ctx.app, 'decl-insurers-0001', t0);
    expect(await ctx.app.submitWorker.runOnce(), JSON.stringify(ctx.logLines.filter((l) => Number(l.level) >= 40))).toBe(1);

    const issued = await tokenOf(ld.clientId, ld.clientSecret);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    expect(issued.json()).toMatchObject({ token_type: 'Bearer' });
    // The seconds left when the answer was made (rounded down: a few milliseconds have passed).
    expect(INSURER_TOKEN_LIFETIME_S - issued.json().expires_in).toBeLessThanOrEqual(1);
    const ldToken: string = issued.json().access_token;
    const ergoToken: string = (await tokenOf(ergo.clientId, ergo.clientSecret)).json().access_token;
    const otherToken: string = (await tokenOf(other.clientId, other.clientSecret)).json().access_token;

    const feed = await api(ldToken, '/declarations');
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['cache-control']).toBe('no-store');
    const page = feed.json<{ declarations: Array<{ id: string; href: string }>; next: string }>();
    expect(page.declarations.map((d) => d.id)).toEqual(['decl-insurers-0001']);
    expect(page.declarations[0]!.href).toBe(`${ORIGIN}${INSURER_API_PATH}/declarations/decl-insurers-0001`);
    expect((await api(ldToken, `/declarations?after=${page.next}`)).json()).toEqual({ declarations: [], next: page.next });
    expect((await api(ergoToken, '/declarations')).json().declarations.map((d: { id: string }) => d.id)).toEqual(['decl-insurers-0001']);
    expect((await api(otherToken, '/declarations')).json()).toEqual({ declarations: [], next: '0' });

    const data = await api(ergoToken, '/declarations/decl-insurers-0001');
    expect(data.statusCode, data.body).toBe(200);
    const declaration = data.json();
    const published = await ctx.app.inject({ method: 'GET', url: INSURER_SCHEMA_PATH(INSURER_DATA_MAJOR) });
    expect(published.statusCode).toBe(200);
    const schema = published.json();
    expect(schema).toMatchObject({ title: 'EID declaration for insurers', 'x-eid-version': INSURER_DATA_VERSION });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    expect(validate(declaration), JSON.stringify(validate.errors)).toBe(true);
    const photo = declaration.vehicles.A.photos.scene[0] ?? declaration.vehicles.A.photos.damage[0];
    expect(photo.href).toBe(`${ORIGIN}${INSURER_API_PATH}/declarations/decl-insurers-0001/files/${photo.id}`);
    const file = await api(ergoToken, `/declarations/decl-insurers-0001/files/${photo.id}`);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(file.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // The insurers' copy of the document, made again: Lithuanian, both drivers' personal codes, the accident number.
    const doc = await api(ergoToken, '/declarations/decl-insurers-0001/pdf');
    expect([doc.statusCode, doc.headers['content-type'], doc.headers['cache-control']]).toEqual([200, 'application/pdf', 'private, no-store']);
    const text = pdfText(doc.rawPayload);
    expect(text).toContain(declaration.accidentId);
    for (const code of Object.values(DRIVER_CODES)) expect(text).toContain(code);
    // One at a time per system: a second asked while the first is made is told to come back; then it is made.
    const [one, two] = await Promise.all([api(ergoToken, '/declarations/decl-insurers-0001/pdf'), api(ergoToken, '/declarations/decl-insurers-0001/pdf')]);
    expect([one.statusCode, two.statusCode, two.json().code, two.headers['retry-after']]).toEqual([200, 429, 'RATE_LIMITED', '5']);
    expect((await api(ergoToken, '/declarations/decl-insurers-0001/pdf')).statusCode).toBe(200);

    // Another insurer's token, an unknown declaration, a file of no declaration it reads: one answer, not found.
    for (const path of ['/declarations/decl-insurers-0001', `/declarations/decl-insurers-0001/files/${photo.id}`, '/declarations/decl-insurers-0001/pdf', '/declarations/decl-nobody-0001', '/declarations/decl-nobody-0001/pdf']) {
      const res = await api(otherToken, path);
      expect([path, res.statusCode, res.json()]).toEqual([path, 404, { code: 'INSURER_RECORD_NOT_FOUND' }]);
    }
    // A file the declaration does not link to (its insurers' PDF) is not served, though it is stored there.
    const pdf = await api(ergoToken, '/declarations/decl-insurers-0001/files/decl-insurers-0001-insA');
    expect([pdf.statusCode, pdf.json().code]).toEqual([404, 'INSURER_RECORD_NOT_FOUND']);

    const audit = (await ctx.app.storage.staff.audit({ limit: 50, offset: 0 })).entries;
    expect(audit.filter((e) => e.staffId === other.clientId).map((e) => e.action)).toEqual(expect.arrayContaining(['INSURER_FEED_READ', 'INSURER_DECLARATION_READ', 'INSURER_FILE_READ']));
    expect(audit.filter((e) => e.staffId === ergo.clientId && e.action === 'INSURER_FILE_READ').map((e) => e.subject)).toEqual(['decl-insurers-0001/decl-insurers-0001-insA', ...Array(3).fill('decl-insurers-0001/pdf'), `decl-insurers-0001/${photo.id}`]);

    // Five minutes on, the token has ended.
    ctx.app.devClock!.advance(INSURER_TOKEN_LIFETIME_S * 1000 + 1);
    const ended = await api(ldToken, '/declarations');
    expect([ended.statusCode, ended.json().code]).toEqual([401, 'INSURER_TOKEN_INVALID']);
    expect(ended.headers['www-authenticate']).toMatch(/^Bearer /);
  });

  it('no token, a wrong secret, a revoked client, an old secret after rotation: refused, one answer each', async () => {
    const { ctx, consoleCall, register, tokenOf, api } = await setup();
    const made = (await register(1)).credentials!;
    const none = await ctx.app.inject({ method: 'GET', url: `${INSURER_API_PATH}/declarations` });
    expect([none.statusCode, none.json().code]).toEqual([401, 'INSURER_TOKEN_INVALID']);
    // A valid token in the address is not taken (it would be logged by every proxy on the way).
    const valid: string = (await tokenOf(made.clientId, made.clientSecret)).json().access_token;
    const inQuery = await ctx.app.inject({ method: 'GET', url: `${INSURER_API_PATH}/declarations?access_token=${valid}` });
    expect([inQuery.statusCode, inQuery.json().code]).toEqual([401, 'INSURER_TOKEN_INVALID']);
    expect((await api(valid, '/declarations')).statusCode).toBe(200);
    // The last character changed (never to itself).
    const wrong = await tokenOf(made.clientId, `${made.clientSecret.slice(0, -1)}${made.clientSecret.endsWith('A') ? 'B' : 'A'}`);
    const unknown = await tokenOf('ic_nobody000000000000000', made.clientSecret);
    for (const res of [wrong, unknown]) expect([res.statusCode, res.json().error, res.json().code]).toEqual([401, 'invalid_client', 'INSURER_TOKEN_INVALID']);
    const json = await ctx.app.inject({ method: 'POST', url: INSURER_TOKEN_PATH, payload: { grant_type: 'client_credentials', client_id: made.clientId, client_secret: made.clientSecret } });
    expect([json.statusCode, json.json().error]).toEqual([400, 'invalid_request']);
    const password = await ctx.app.inject({ method: 'POST', url: INSURER_TOKEN_PATH, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `grant_type=password&client_id=${made.clientId}&client_secret=${made.clientSecret}&username=a&password=b` });
    expect(password.statusCode).toBe(400);

    const token: string = (await tokenOf(made.clientId, made.clientSecret)).json().access_token;
    expect((await api(token, '/declarations')).statusCode).toBe(200);
    const rotated = (await consoleCall('POST', `/${made.clientId}/rotate`)).json<InsurerClientAnswer>().credentials!;
    expect(rotated.clientSecret).not.toBe(made.clientSecret);
    expect((await tokenOf(made.clientId, made.clientSecret)).statusCode).toBe(401);
    expect((await tokenOf(made.clientId, rotated.clientSecret)).statusCode).toBe(200);

    const revoked = await consoleCall('POST', `/${made.clientId}/revoke`);
    expect(revoked.json<InsurerClientAnswer>().client.revokedAt).not.toBeNull();
    expect(revoked.json<InsurerClientAnswer>().credentials).toBeUndefined();
    // Its tokens are refused from the next call; it gets no new one; it is not rotated back to life.
    expect((await api(token, '/declarations')).statusCode).toBe(401);
    expect((await tokenOf(made.clientId, rotated.clientSecret)).statusCode).toBe(401);
    expect((await consoleCall('POST', `/${made.clientId}/rotate`)).json().code).toBe('INSURER_CLIENT_NOT_FOUND');
    expect(JSON.stringify(ctx.logLines)).not.toContain(token);
    expect(JSON.stringify(ctx.logLines)).not.toContain(rotated.clientSecret);
  });

  it('the OpenAPI 3.1 document is generated from the contracts: every insurer call, its parameters and answers, the client-credentials scheme', async () => {
    const { ctx } = await setup();
    const res = await ctx.app.inject({ method: 'GET', url: INSURER_OPENAPI_PATH });
    expect(res.statusCode, JSON.stringify(ctx.logLines.filter((l) => Number(l.level) >= 50))).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [`${INSURER_API_PATH}/declarations`, `${INSURER_API_PATH}/declarations/{declarationId}`, `${INSURER_API_PATH}/declarations/{declarationId}/files/{fileId}`, `${INSURER_API_PATH}/declarations/{declarationId}/pdf`, `${INSURER_API_PATH}/declarations/{declarationId}/claim`, INSURER_TOKEN_PATH, INSURER_OPENAPI_PATH, '/serveris/insurers/schemas/declaration/{major}'].sort(),
    );
    const feed = doc.paths[`${INSURER_API_PATH}/declarations`].get;
    expect(feed.security).toEqual([{ clientCredentials: [] }]);
    expect(feed.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['query:after', 'query:limit']);
    expect(Object.keys(feed.responses).sort()).toEqual(['200', '400', '401', '404', '429']);
    expect(doc.paths[`${INSURER_API_PATH}/declarations/{declarationId}`].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Declaration' });
    expect(doc.components.securitySchemes.clientCredentials.flows.clientCredentials.tokenUrl).toBe(INSURER_TOKEN_PATH);
    expect(doc.paths[`${INSURER_API_PATH}/declarations/{declarationId}/claim`].put.requestBody.content['application/json'].schema.required).toEqual(['claimNumber']);
    expect(Object.keys(doc.paths[`${INSURER_API_PATH}/declarations/{declarationId}/pdf`].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(Object.keys(doc.webhooks)).toEqual(['declaration.finished']);
    // Every schema in it compiles as JSON Schema 2020-12 (the dialect it names).
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ ...doc.components.schemas.Declaration, $id: 'decl' });
    const schemas: unknown[] = [];
    JSON.stringify(doc, (key, value) => {
      if (key === 'schema' && value && typeof value === 'object' && !('$ref' in value)) schemas.push(value);
      return value;
    });
    expect(schemas.length).toBeGreaterThan(8);
    for (const s of schemas) expect(() => ajv.compile(s as object)).not.toThrow();
  });
});
