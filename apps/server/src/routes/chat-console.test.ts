import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ACCOUNT_PATH, CONSOLE_PATH } from '@eid/domain/protocol';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { accountFixture } from '@eid/test-fixtures';
import { buildTestApp } from '../testing/build-test-app.js';
import { multipart, type Part } from '../testing/multipart.js';
import { DEMO_STAFF } from '../bureau/staff-seed.js';
import { seedSubmitted } from '../testing/submitted.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const ORIGIN = 'https://eid.test';
const [OPERATOR, SUPERVISOR] = DEMO_STAFF;
const totp = new OtplibTotp();


const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } }).jpeg().withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } }).toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('chats with the bureau and its console (server)', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  async function setup() {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture' });
    open.push(ctx);
    const hasher = new Argon2PasswordHasher();
    const driver = async (id: string, email: string) => {
      await ctx.app.storage.accounts.createAccount(accountFixture(id, email, { passwordHash: await hasher.hash('Saulė-Vėjas-2026'), emailConfirmedAt: Date.now() }));
      const res = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/sign-in`, payload: { email, password: 'Saulė-Vėjas-2026' }, headers: { origin: ORIGIN } });
      return { cookies: { eid_session: /eid_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, csrf: res.json<{ csrfToken: string }>().csrfToken };
    };
    const staff = async (member: (typeof DEMO_STAFF)[number], code?: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: member.email, password: member.password, code: code ?? (await totp.codeAt(member.totpSecret, Date.now())) }, headers: { origin: ORIGIN } });
      return { res, cookies: { eid_staff: /eid_staff=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1] ?? '' }, csrf: res.statusCode === 200 ? res.json<{ csrfToken: string }>().csrfToken : '' };
    };
    const startChat = async (who: { cookies: Record<string, string>; csrf: string }, parts: Part[]) => {
      const body = multipart(parts);
      return ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/chats`, payload: body.payload, headers: { ...body.headers, 'x-eid-csrf': who.csrf, origin: ORIGIN }, cookies: who.cookies });
    };
    return { ctx, driver, staff, startChat };
  }

  it('[CH1] [CH6] [CH7] a driver opens a chat with a photo and a PDF; the photo loses its metadata; another driver can read, answer or download none of it', async () => {
    const { ctx, driver, startChat } = await setup();
    const ona = await driver('acc-ona', 'ona@example.lt');
    const jonas = await driver('acc-jonas', 'jonas@example.lt');
    const made = await startChat(ona, [{ name: 'topic', value: 'Žala automobiliui' }, { name: 'text', value: 'Sveiki, prisegu nuotrauką.' }, { name: 'files', filename: 'žala.jpg', type: 'image/jpeg', bytes: await photo() }, { name: 'files', filename: 'C:\\fakepath\\sąskaita.pdf', type: 'application/pdf', bytes: pdf }, { name: 'files', filename: 'scan.pdf.exe', type: 'application/octet-stream', bytes: pdf }]);
    expect(made.statusCode).toBe(200);
    const chatId: string = made.json().chat.id;
    const thread = (await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats/${chatId}`, cookies: ona.cookies })).json();
    const files = thread.messages[0].files as Array<{ fileId: string; fileName: string; mimeType: string }>;
    expect(files.map((f) => [f.fileName, f.mimeType])).toEqual([['žala.jpg', 'image/jpeg'], ['sąskaita.pdf', 'application/pdf'], ['scan.pdf.exe.pdf', 'application/pdf']]);
    const download = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats/${chatId}/files/${files[0]!.fileId}`, cookies: ona.cookies });
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect((await sharp(download.rawPayload).metadata()).exif).toBeUndefined();
    for (const url of [`/chats/${chatId}`, `/chats/${chatId}/files/${files[0]!.fileId}`]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}${url}`, cookies: jonas.cookies });
      expect([res.statusCode, res.json().code]).toEqual([404, 'CHAT_NOT_FOUND']);
    }
    const reply = multipart([{ name: 'text', value: 'įsiterpiu' }]);
    const intruder = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/chats/${chatId}/messages`, payload: reply.payload, headers: { ...reply.headers, 'x-eid-csrf': jonas.csrf }, cookies: jonas.cookies });
    expect(intruder.json().code).toBe('CHAT_NOT_FOUND');
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats`, cookies: jonas.cookies })).json()).toEqual({ chats: [], unread: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats`, headers: {} })).json().code).toBe('NOT_SIGNED_IN');
    // Before a byte of an upload is read: only multipart, only signed in (a large JSON body is never parsed).
    const json = await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/chats`, payload: JSON.stringify({ topic: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect([json.statusCode, json.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const anonymous = multipart([{ name: 'topic', value: 'x' }, { name: 'text', value: 'y' }]);
    expect((await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/chats`, payload: anonymous.payload, headers: anonymous.headers })).json().code).toBe('NOT_SIGNED_IN');
    // Without the CSRF token nothing is written.
    const forged = multipart([{ name: 'topic', value: 'x' }, { name: 'text', value: 'y' }]);
    expect((await ctx.app.inject({ method: 'POST', url: `${ACCOUNT_PATH}/chats`, payload: forged.payload, headers: forged.headers, cookies: ona.cookies })).json().code).toBe('CSRF_TOKEN_INVALID');
  });

  it('[CH1] [CH7] a renamed program, a sixth file, a file over 20 MB, a blank text: each refused with its code, and nothing stored', async () => {
    const { ctx, driver, startChat } = await setup();
    const ona = await driver('acc-ona', 'ona@example.lt');
    const base: Part[] = [{ name: 'topic', value: 'Dokumentai' }, { name: 'text', value: 'Prisegu.' }];
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(64)]);
    const cases: Array<[string, Part[], string]> = [
      ['renamed program', [...base, { name: 'files', filename: 'nuotrauka.jpg', type: 'image/jpeg', bytes: exe }], 'CHAT_FILE_INVALID'],
      ['six files', [...base, ...Array.from({ length: 6 }, (_, i) => ({ name: 'files', filename: `d${i}.pdf`, type: 'application/pdf', bytes: pdf }))], 'CHAT_TOO_MANY_FILES'],
      ['25 MB', [...base, { name: 'files', filename: 'didelis.pdf', type: 'application/pdf', bytes: Buffer.concat([pdf, Buffer.alloc(25 * 1024 * 1024)]) }], 'TOO_BIG'],
      ['blank text', [{ name: 'topic', value: 'Dokumentai' }, { name: 'text', value: ' \u202e ' }, { name: 'files', filename: 'd.pdf', type: 'application/pdf', bytes: pdf }], 'DATA_ERROR'],
    ];
    for (const [name, parts, code] of cases) expect([name, (await startChat(ona, parts)).json().code]).toEqual([name, code]);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats`, cookies: ona.cookies })).json().chats).toEqual([]);
    expect(await ctx.app.storage.blobs.declarationIds()).toEqual([]);
  });

  it('[SF1] [SF3] [CH3] [CH5] [CH6] [AL1] [AL2] the operator signs in with password and code, sees the chat waiting, answers; the driver has it unread and an e-mail; the supervisor reads every step in the log', async () => {
    const { ctx, driver, staff, startChat } = await setup();
    const ona = await driver('acc-ona', 'ona@example.lt');
    const chatId: string = (await startChat(ona, [{ name: 'topic', value: 'Kada atsakysite?' }, { name: 'text', value: 'Laukiu.' }])).json().chat.id;
    // A driver's session, no session, a password without its code: the console gives nothing.
    expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/chats`, cookies: ona.cookies })).json().code).toBe('STAFF_NOT_SIGNED_IN');
    const noCode = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: OPERATOR.email, password: OPERATOR.password }, headers: { origin: ORIGIN } });
    expect([noCode.statusCode, noCode.json().code, noCode.headers['set-cookie']]).toEqual([401, 'STAFF_SIGN_IN_FAILED', undefined]);
    expect((await staff(OPERATOR, '000000')).res.json().code).toBe('STAFF_SIGN_IN_FAILED');
    const op = await staff(OPERATOR);
    expect(op.res.statusCode).toBe(200);
    expect(String(op.res.headers['set-cookie'])).toMatch(/eid_staff=.*Path=\/serveris\/console.*HttpOnly.*SameSite=Strict/);
    const waiting = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/chats`, cookies: op.cookies })).json();
    expect(waiting.chats.map((c: { id: string; topic: string }) => [c.id, c.topic])).toEqual([[chatId, 'Kada atsakysite?']]);
    const thread = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/chats/${chatId}`, cookies: op.cookies })).json();
    expect(thread.user).toEqual({ email: 'ona@example.lt', name: '' });
    expect(typeof thread.messages[0].readAt).toBe('number');
    const noCsrf = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/chats/${chatId}/messages`, payload: { text: 'x' }, cookies: op.cookies });
    expect(noCsrf.json().code).toBe('CSRF_TOKEN_INVALID');
    const answered = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/chats/${chatId}/messages`, payload: { text: 'Laba diena, atsakome.' }, cookies: op.cookies, headers: { 'x-eid-csrf': op.csrf } });
    expect(answered.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${ACCOUNT_PATH}/chats/unread`, cookies: ona.cookies })).json()).toEqual({ unread: 1 });
    const mail = (await ctx.app.outbox.list({ channel: 'email' })).find((m) => m.to.includes('ona@example.lt'));
    expect(mail?.subject).toContain('Kada atsakysite?');
    expect(JSON.stringify(mail)).not.toContain('Laba diena, atsakome.');
    // The operator may not read the log; the supervisor does, and sees every read and action.
    expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/audit`, cookies: op.cookies })).json().code).toBe('STAFF_FORBIDDEN');
    // The role's permission comes before the input: an operator's malformed new member is STAFF_FORBIDDEN, not a field's error.
    const bad = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/staff`, payload: { email: 1 }, cookies: op.cookies, headers: { 'x-eid-csrf': op.csrf } });
    expect([bad.statusCode, bad.json().code]).toEqual([403, 'STAFF_FORBIDDEN']);
    const sup = await staff(SUPERVISOR);
    const log = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/audit`, cookies: sup.cookies })).json();
    const rows = (log.entries as Array<{ action: string; staffEmail: string; subject: string; ip: string }>).map((e) => [e.action, e.staffEmail, e.subject]);
    expect(rows).toEqual([
      ['AUDIT_READ', SUPERVISOR.email, '0'],
      ['SIGN_IN', SUPERVISOR.email, ''],
      ['CHAT_ANSWERED', OPERATOR.email, chatId],
      ['CHAT_READ', OPERATOR.email, chatId],
      ['CHATS_LISTED', OPERATOR.email, ''],
      ['SIGN_IN', OPERATOR.email, ''],
      ['SIGN_IN_FAILED', OPERATOR.email, ''],
      ['SIGN_IN_FAILED', OPERATOR.email, ''],
    ]);
    expect(log.entries[0].ip).toBe('127.0.0.1');
  });

  it('[SF2] [AL2] no call changes a declaration or the audit log: every such method and path is unknown to the console', async () => {
    const { ctx, staff } = await setup();
    const sup = await staff(SUPERVISOR);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const path of ['/audit', '/audit/1', '/declarations/abc', '/declarations']) {
        const res = await ctx.app.inject({ method, url: `${CONSOLE_PATH}${path}`, payload: { subject: 'forged' }, cookies: sup.cookies, headers: { 'x-eid-csrf': sup.csrf } });
        expect([method, path, res.statusCode]).toEqual([method, path, 404]);
      }
    }
    const log = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/audit`, cookies: sup.cookies })).json();
    expect(log.entries.every((e: { subject: string }) => e.subject !== 'forged')).toBe(true);
  });

  it('[SF4] the supervisor adds an operator (the secret shown once) who signs in with it; once disabled, their session is over', async () => {
    const { ctx, staff } = await setup();
    const sup = await staff(SUPERVISOR);
    const added = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/staff`, payload: { email: 'rita@eid.lt', name: 'Rita', role: 'operator', password: 'Naujoke-2026' }, cookies: sup.cookies, headers: { 'x-eid-csrf': sup.csrf } });
    const { staff: rita, totpSecret } = added.json();
    const signIn = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: 'rita@eid.lt', password: 'Naujoke-2026', code: await totp.codeAt(totpSecret, Date.now()) } });
    const cookies = { eid_staff: /eid_staff=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '' };
    expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/me`, cookies })).json().staff.email).toBe('rita@eid.lt');
    expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/staff`, cookies })).json().code).toBe('STAFF_FORBIDDEN');
    await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/staff/${rita.id}/disable`, cookies: sup.cookies, headers: { 'x-eid-csrf': sup.csrf } });
    // Whether an address has an account is itself personal: the lookup is logged, found or not.
    const toNobody = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/messages`, payload: { email: 'nobody@example.lt', topic: 'Sveiki', text: 'Ar turite paskyrą?' }, cookies: sup.cookies, headers: { 'x-eid-csrf': sup.csrf } });
    expect(toNobody.json().code).toBe('RECIPIENT_NOT_FOUND');
    const newest = (await ctx.app.storage.staff.audit({ limit: 1, offset: 0 })).entries[0];
    expect([newest?.action, newest?.subject]).toEqual(['MESSAGE_SENT', 'to nobody@example.lt']);
    expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/me`, cookies })).json().code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('[CH6] an open page hears the bureau\'s answer at once over server-sent events', async () => {
    const { ctx, driver, staff, startChat } = await setup();
    const ona = await driver('acc-ona', 'ona@example.lt');
    const chatId: string = (await startChat(ona, [{ name: 'topic', value: 'Gyvai' }, { name: 'text', value: 'Ar girdite?' }])).json().chat.id;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${address}${ACCOUNT_PATH}/chat-events`, { headers: { cookie: `eid_session=${ona.cookies.eid_session}` } });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const op = await staff(OPERATOR);
    await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/chats/${chatId}/messages`, payload: { text: 'Girdime.' }, cookies: op.cookies, headers: { 'x-eid-csrf': op.csrf } });
    let text = '';
    while (!text.includes('event: chat')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain(`"chatId":"${chatId}"`);
    // A closing server ends the open stream (it would otherwise wait for it for ever).
    await ctx.app.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});

describe('the console\'s received declarations (server)', () => {
  it('[SF2] [AL1] an operator lists the sent declarations and reads one\'s statements; each list and read is in the log; nothing changes the declaration', async () => {
    const ctx = await buildTestApp({ EID_PUBLIC_URL: ORIGIN, EID_STAFF_SEED: 'fixture' });
    try {
      await seedSubmitted(ctx.app, 'decl-console-0001', Date.now());
      expect(await ctx.app.submitWorker.runOnce()).toBeTruthy();
      const before = await ctx.app.storage.declarations.get('decl-console-0001');
      const code = await totp.codeAt(OPERATOR.totpSecret, Date.now());
      const signIn = await ctx.app.inject({ method: 'POST', url: `${CONSOLE_PATH}/sign-in`, payload: { email: OPERATOR.email, password: OPERATOR.password, code } });
      const cookies = { eid_staff: /eid_staff=([^;]+)/.exec(String(signIn.headers['set-cookie']))?.[1] ?? '' };
      const list = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/declarations`, cookies })).json();
      expect(list.total).toBe(1);
      expect(list.declarations[0]).toMatchObject({ declarationId: 'decl-console-0001' });
      expect(list.declarations[0].plates).toHaveLength(2);
      const one = (await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/declarations/decl-console-0001`, cookies })).json();
      expect(one.statements.map((s: { party: string }) => s.party)).toEqual(['A', 'B']);
      expect((await ctx.app.inject({ method: 'GET', url: `${CONSOLE_PATH}/declarations/decl-missing-0001`, cookies })).statusCode).toBe(404);
      expect(await ctx.app.storage.declarations.get('decl-console-0001')).toEqual(before);
      const log = (await ctx.app.storage.staff.audit({ limit: 10, offset: 0 })).entries.map((e) => [e.action, e.subject]);
      expect(log.slice(0, 3)).toEqual([
        ['DECLARATION_READ', 'decl-missing-0001'],
        ['DECLARATION_READ', 'decl-console-0001'],
        ['DECLARATIONS_LISTED', ''],
      ]);
    } finally {
      await ctx.close();
    }
  });
});
