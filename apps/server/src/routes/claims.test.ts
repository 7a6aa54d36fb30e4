import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { type ClaimData } from '@eid/domain';
import { ACCOUNT_PATH, CONSOLE_PATH, LISTS_PATH } from '@eid/domain/protocol';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { accountFixture, submittedDeclaration } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { multipart, type Part } from '../testing/multipart.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const [OPERATOR] = DEMO_STAFF;
const totp = new OtplibTotp();
const C = `${ACCOUNT_PATH}/claims`;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);

describe('the victim\'s claim (server)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  async function setup() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture' });
    open.push(ctx);
    const { app } = ctx;
    const hasher = new Argon2PasswordHasher();
    const at = Date.now();
    // A sent declaration: A caused it; B (Ona) is the victim, A (Jonas) the culprit.
    const declaration = { ...submittedDeclaration('decl-claim-1'), status: 'FINISHED' as const };
    await app.declarations.create({ declaration, slots: { A: { tokenHash: 'hash-a', lastSeen: at }, B: { tokenHash: 'hash-b', lastSeen: at } }, lastActivity: at });
    const scheme = await sharp({ create: { width: 320, height: 120, channels: 3, background: '#eee' } }).png().toBuffer();
    await app.blobStore.put({ id: 'scheme-1', declarationId: 'decl-claim-1', contentType: 'image/png', bytes: new Uint8Array(scheme) });
    const user = async (id: string, email: string, party?: 'A' | 'B') => {
      await app.storage.accounts.createAccount(accountFixture(id, email, { passwordHash: await hasher.hash('Saulė-Vėjas-2026'), emailConfirmedAt: at }));
      if (party) await app.storage.accounts.linkDeclaration(id, 'decl-claim-1', party, `hash-${party.toLowerCase()}`, at);
      const res = await app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-in`, payload: { email, password: 'Saulė-Vėjas-2026' }, headers: { origin: ORIGIN } });
      const who = { cookies: { eid_session: /eid_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, csrf: res.json<{ csrfToken: string }>().csrfToken };
      const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
        app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: { 'x-eid-csrf': who.csrf, origin: ORIGIN }, cookies: who.cookies });
      const upload = (claimId: string, parts: Part[]) => {
        const body = multipart(parts);
        return app.inject({ method: 'POST', url: `${C}/${claimId}/documents`, payload: body.payload, headers: { ...body.headers, 'x-eid-csrf': who.csrf, origin: ORIGIN }, cookies: who.cookies });
      };
      return { ...who, call, upload };
    };
    const operator = async () => {
      const res = await app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: OPERATOR.email, password: OPERATOR.password, code: await totp.codeAt(OPERATOR.totpSecret, Date.now()) }, headers: { origin: ORIGIN } });
      const cookies = { eid_staff: /eid_staff=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' };
      const csrf = res.json<{ csrfToken: string }>().csrfToken;
      return (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => app.inject({ method, url, ...(payload ? { payload } : {}), headers: { 'x-eid-csrf': csrf, origin: ORIGIN }, cookies });
    };
    return { app, user, operator };
  }

  it('[UE8] [UE3] [UE6] the victim starts a claim from the declaration (prefilled, the scheme shown); the culprit and a stranger cannot, nor read it; an incomplete claim is not submitted', async () => {
    const { user } = await setup();
    const ona = await user('acc-ona', 'ona@example.lt', 'B');
    const jonas = await user('acc-jonas', 'jonas@example.lt', 'A');
    const listed = (await ona.call('GET', C)).json();
    expect(listed).toEqual({ claims: [], claimable: [{ declarationId: 'decl-claim-1', date: '2026-11-22', culpritPlate: 'KLM123', address: 'Gedimino pr. 9, Vilnius' }] });
    expect((await jonas.call('GET', C)).json().claimable).toEqual([]);
    expect((await jonas.call('POST', C, { declarationId: 'decl-claim-1' })).json().code).toBe('CLAIM_NOT_VICTIM');
    const started = await ona.call('POST', C, { declarationId: 'decl-claim-1' });
    expect(started.statusCode).toBe(200);
    const claim = started.json().claim as { id: string; data: ClaimData };
    expect(claim.data.culprit).toMatchObject({ plate: 'KLM123', insurerId: 1, firstName: 'Jonas' });
    expect(JSON.stringify(claim)).not.toContain('38703181233');
    expect((await ona.call('GET', `${C}/${claim.id}/scheme`)).headers['content-type']).toBe('image/png');
    for (const [method, url] of [['GET', `${C}/${claim.id}`], ['GET', `${C}/${claim.id}/scheme`], ['POST', `${C}/${claim.id}/submit`]] as const) {
      const res = await jonas.call(method, url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 404, 'CLAIM_NOT_FOUND']);
    }
    expect((await jonas.call('PUT', `${C}/${claim.id}`, { data: claim.data })).json().code).toBe('CLAIM_NOT_FOUND');
    const incomplete = await ona.call('POST', `${C}/${claim.id}/submit`);
    expect([incomplete.statusCode, incomplete.json().code]).toEqual([400, 'CLAIM_INCOMPLETE']);
    // A form the schemas refuse is DATA_ERROR, never stored.
    const bad = await ona.call('PUT', `${C}/${claim.id}`, { data: { ...claim.data, damage: { ...claim.data.damage, vehicleRepair: 'x'.repeat(21) } } });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'DATA_ERROR']);
    expect((await ona.call('GET', C)).json().claimable).toEqual([]);
  });

  it('[UE5] a renamed program, a file of 25 MB, a list over 10 files: refused with their codes and nothing stored', async () => {
    const { app, user } = await setup();
    const ona = await user('acc-ona', 'ona@example.lt', 'B');
    const claimId: string = (await ona.call('POST', C, { declarationId: null })).json().claim.id;
    const cases: Array<[string, Part[], string]> = [
      ['renamed program', [{ name: 'kind', value: 'medical' }, { name: 'files', filename: 'pazyma.pdf', type: 'application/pdf', bytes: exe }], 'CLAIM_FILE_INVALID'],
      ['25 MB', [{ name: 'kind', value: 'medical' }, { name: 'files', filename: 'didelis.pdf', type: 'application/pdf', bytes: Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024)]) }], 'TOO_BIG'],
      ['11 files', [{ name: 'kind', value: 'fotos' }, ...Array.from({ length: 11 }, (_, i) => ({ name: 'files', filename: `d${i}.pdf`, type: 'application/pdf', bytes: pdf }))], 'CLAIM_TOO_MANY_FILES'],
      ['unknown list', [{ name: 'kind', value: 'secret' }, { name: 'files', filename: 'd.pdf', type: 'application/pdf', bytes: pdf }], 'DATA_ERROR'],
    ];
    for (const [name, parts, code] of cases) expect([name, (await ona.upload(claimId, parts)).json().code]).toEqual([name, code]);
    expect((await ona.call('GET', `${C}/${claimId}`)).json().claim.documents).toEqual([]);
    expect(await app.storage.blobs.declarationIds()).toEqual(['decl-claim-1']);
  });

  it('[UE4] [UE9] [UE2] [AL1] submitted: numbered, its PDF e-mailed to the insurer, in the console\'s queue; the operator asks for information, the victim reads it in the chat and adds a document; the operator decides', async () => {
    const { app, user, operator } = await setup();
    const ona = await user('acc-ona', 'ona@example.lt', 'B');
    const claim = (await ona.call('POST', C, { declarationId: 'decl-claim-1' })).json().claim as { id: string; data: ClaimData };
    const data: ClaimData = { ...claim.data, victim: { ...claim.data.victim, address: 'Gedimino pr. 1, Vilnius' }, damage: { ...claim.data.damage, vehicleRepair: '1200,50', personInjured: true, personDescription: 'Sumušimas' }, payment: { ...claim.data.payment, bankCode: '73000', accountNo: 'LT73 7300 0100 1234 5678' } };
    expect((await ona.call('PUT', `${C}/${claim.id}`, { data })).statusCode).toBe(200);
    expect((await ona.call('POST', `${C}/${claim.id}/submit`)).json().code).toBe('CLAIM_INCOMPLETE');
    expect((await ona.upload(claim.id, [{ name: 'kind', value: 'medical' }, { name: 'files', filename: 'pažyma.pdf', type: 'application/pdf', bytes: pdf }])).statusCode).toBe(200);
    const submitted = await ona.call('POST', `${C}/${claim.id}/submit`);
    expect(submitted.json().claim).toMatchObject({ state: 'SUBMITTED', number: expect.stringMatching(/^Z-\d{8}-[A-Z0-9]{1,4}$/) });
    const number: string = submitted.json().claim.number;
    const mails = (await app.outbox.list({ channel: 'email' })).filter((m) => m.subject?.includes(number));
    expect(mails).toHaveLength(1);
    const insurer = (await app.registry.listInsurers()).find((i) => i.id === 1);
    expect(mails[0]?.to).toEqual([insurer?.claimsEmail || app.config.claimsEmail]);
    expect(mails[0]?.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${number}.pdf`, 'application/pdf'], ['medical-pažyma.pdf', 'application/pdf']]);
    expect((await ona.call('PUT', `${C}/${claim.id}`, { data })).json().code).toBe('CLAIM_NOT_EDITABLE');
    // The retention sweep keeps a live claim's documents (its folder is no orphan).
    await app.retention.runOnce();
    expect(await app.storage.blobs.declarationIds()).toContain(`claim-${claim.id}`);

    const console = await operator();
    const queue = (await console('GET', `${CONSOLE_PATH}/claims`)).json();
    expect(queue.claims.map((c: { number: string; state: string }) => [c.number, c.state])).toEqual([[number, 'SUBMITTED']]);
    const opened = (await console('GET', `${CONSOLE_PATH}/claims/${claim.id}`)).json();
    expect(opened.user.email).toBe('ona@example.lt');
    const fileId: string = opened.claim.documents[0].fileId;
    expect((await console('GET', `${CONSOLE_PATH}/claims/${claim.id}/documents/${fileId}`)).headers['content-type']).toBe('application/pdf');
    const rendered = await console('GET', `${CONSOLE_PATH}/claims/${claim.id}/pdf`);
    expect(rendered.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await console('POST', `${CONSOLE_PATH}/claims/${claim.id}/state`, { state: 'SUBMITTED', text: 'x' })).json().code).toBe('DATA_ERROR');
    const asked = await console('POST', `${CONSOLE_PATH}/claims/${claim.id}/state`, { state: 'INFORMATION_REQUESTED', text: 'Atsiųskite remonto sąmatą.' });
    expect(asked.json().claim.state).toBe('INFORMATION_REQUESTED');

    const mine = (await ona.call('GET', C)).json().claims[0];
    expect(mine).toMatchObject({ state: 'INFORMATION_REQUESTED', number });
    const thread = (await ona.call('GET', `${ACCOUNT_PATH}/chats/${mine.chatId}`)).json();
    expect(thread.messages.map((m: { content: string; sender: string }) => [m.sender, m.content])).toEqual([['B', 'Atsiųskite remonto sąmatą.']]);
    expect((await ona.upload(claim.id, [{ name: 'kind', value: 'damage' }, { name: 'files', filename: 'samata.pdf', type: 'application/pdf', bytes: pdf }])).json().claim.documents).toHaveLength(2);

    expect((await console('POST', `${CONSOLE_PATH}/claims/${claim.id}/state`, { state: 'DECIDED', text: 'Išmokėsime 1200,50 EUR.' })).json().claim.state).toBe('DECIDED');
    expect((await console('POST', `${CONSOLE_PATH}/claims/${claim.id}/state`, { state: 'RECEIVED', text: 'Vėl' })).json().code).toBe('CLAIM_STATE_INVALID');
    const folders = await app.storage.blobs.declarationIds();
    expect((await ona.upload(claim.id, [{ name: 'kind', value: 'damage' }, { name: 'files', filename: 'dar.pdf', type: 'application/pdf', bytes: pdf }])).json().code).toBe('CLAIM_NOT_EDITABLE');
    expect(await app.storage.blobs.declarationIds()).toEqual(folders);
    const audit = (await app.storage.staff.audit({ limit: 50, offset: 0 })).entries.map((e) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['CLAIMS_LISTED', 'CLAIM_READ', 'CLAIM_FILE_READ', 'CLAIM_STATE_SET']));
    // The victim's claim list never shows a draft to the console, and the driver's session opens no console call.
    expect((await ona.call('GET', `${CONSOLE_PATH}/claims`)).json().code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('the cached lists: makes, vehicle types, insurers and Lithuanian banks, cached a day, for anyone', async () => {
    const { app } = await setup();
    const res = await app.inject({ method: 'GET', url: LISTS_PATH });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const lists = res.json();
    expect(lists.banks).toContainEqual({ code: '73000', name: 'Swedbank, AB' });
    expect(lists.makes).toContain('Škoda');
    expect(lists.insurers.length).toBeGreaterThan(0);
    expect(lists.vehicleTypes).toContain('B');
  });
});
