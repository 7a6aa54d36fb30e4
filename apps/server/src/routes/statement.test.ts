import { afterEach, describe, expect, it } from 'vitest';
import { ACCIDENT_TIME, DRIVER_CODES, FixedClock } from '@eid/test-fixtures';
import { PREVIEW_LIMIT, type StatementRecord, type StatementView } from '@eid/domain';
import { GET_FILE_PATH, STATEMENT_PATH } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';
import { seedSubmitted } from '../testing/submitted.js';
import { captchaToken } from '../testing/captcha.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;
const NOW = ACCIDENT_TIME + 20 * 60_000;
const PASSWORD = { A: DRIVER_CODES.A.slice(-6), B: DRIVER_CODES.B.slice(-6) };

describe('statement preview and files', () => {
  const open: Ctx[] = [];
  let clock: FixedClock;

  async function sent() {
    clock = new FixedClock(NOW);
    const ctx = await buildTestApp({}, { clock });
    open.push(ctx);
    await seedSubmitted(ctx.app, 'decl-statement-01', NOW);
    const answered = await ctx.app.submitWorker.runOnce();
    // On a failure the worker's log line says why (the entry waits for a retry).
    expect(answered, JSON.stringify(ctx.logLines.filter((l) => Number(l.level) >= 40))).toBe(1);
    const statements = await ctx.app.output.statementsFor('decl-statement-01');
    const byParty = Object.fromEntries(statements.map((s) => [s.party, s])) as Record<'A' | 'B', StatementRecord>;
    return { ctx, ...byParty };
  }

  async function openWith(ctx: Ctx, link: object, password: string) {
    return ctx.app.inject({ method: 'POST', url: STATEMENT_PATH, payload: { link, password, captcha: await captchaToken(ctx.app, 'preview') } });
  }

  const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });

  it('[ST1] [ST2] the right password opens the statement by either link; the view holds both drivers', async () => {
    const { ctx, A, B } = await sent();
    const bySms = await openWith(ctx, { suid: A.suid }, PASSWORD.A);
    expect(bySms.statusCode).toBe(200);
    const view = bySms.json<StatementView>();
    expect(view).toMatchObject({ statementId: A.statementId, party: 'A', lang: 'lt', date: '2026-11-22', time: '09:15', guilty: 'A' });
    expect(view.parties.B).toMatchObject({ plate: 'HBN512', driver: 'Ona Žemaitytė', trailerPlate: 'P1234', circumstances: ['12'] });
    expect(view.documents).toEqual([
      { type: 0, fileName: 'deklaracija-KLM123-HBN512-lt.pdf', lang: 'lt' },
      { type: 2, fileName: 'declaration-KLM123-HBN512-en.pdf', lang: 'en' },
    ]);
    const cookie = bySms.cookies.find((c) => c.name === `eidst_${A.statementId}`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const byEmail = await openWith(ctx, { accidentId: B.accidentId, statementId: B.statementId }, ` ${PASSWORD.B} `);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json<StatementView>().party).toBe('B');
    // B's password does not open A's statement.
    expect((await openWith(ctx, { suid: A.suid }, PASSWORD.B)).statusCode).toBe(403);
    // The opened statement reloads with its cookie, not without.
    expect((await ctx.app.inject({ method: 'GET', url: `${STATEMENT_PATH}/${A.statementId}`, headers: { cookie: cookieOf(bySms) } })).json()).toEqual(view);
    expect((await ctx.app.inject({ method: 'GET', url: `${STATEMENT_PATH}/${A.statementId}` })).statusCode).toBe(403);
    // A captcha is asked for.
    const noCaptcha = await ctx.app.inject({ method: 'POST', url: STATEMENT_PATH, payload: { link: { suid: A.suid }, password: PASSWORD.A } });
    expect([noCaptcha.statusCode, noCaptcha.json()]).toEqual([400, { code: 'CAPTCHA_REQUIRED' }]);
  });

  it(`[ST2] [ST3] an unknown link answers like a wrong password; ${PREVIEW_LIMIT.attempts} wrong passwords close the link, the right one too, for 15 minutes`, async () => {
    const { ctx, A } = await sent();
    const unknown = await openWith(ctx, { suid: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp' }, PASSWORD.A);
    const wrong = await openWith(ctx, { suid: A.suid }, '000000');
    expect([unknown.statusCode, unknown.json()]).toEqual([403, { code: 'PREVIEW_LOAD_FAILED' }]);
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { code: 'PREVIEW_LOAD_FAILED' }]);
    for (let i = 1; i < PREVIEW_LIMIT.attempts; i++) expect((await openWith(ctx, { suid: A.suid }, `00000${i}`)).statusCode).toBe(403);
    const locked = await openWith(ctx, { suid: A.suid }, PASSWORD.A);
    expect([locked.statusCode, locked.json()]).toEqual([429, { code: 'RATE_LIMITED' }]);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    // The e-mail link of the same statement is counted on its own.
    expect((await openWith(ctx, { accidentId: A.accidentId, statementId: A.statementId }, PASSWORD.A)).statusCode).toBe(200);
    clock.advance(PREVIEW_LIMIT.lockMs);
    expect((await openWith(ctx, { suid: A.suid }, PASSWORD.A)).statusCode).toBe(200);
    // An unknown link is limited the same way (no hint that it does not exist).
    for (let i = 0; i < PREVIEW_LIMIT.attempts; i++) await openWith(ctx, { suid: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp' }, '111111');
    expect((await openWith(ctx, { suid: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp' }, '111111')).statusCode).toBe(429);
  });

  it('[FU7] a restart lifts no lock-out and accepts no used captcha token again', async () => {
    const { ctx, A } = await sent();
    for (let i = 0; i < PREVIEW_LIMIT.attempts; i++) expect((await openWith(ctx, { suid: A.suid }, `00000${i}`)).statusCode).toBe(403);
    const token = await captchaToken(ctx.app, 'preview');
    expect((await ctx.app.inject({ method: 'POST', url: STATEMENT_PATH, payload: { link: { suid: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp' }, password: '123456', captcha: token } })).statusCode).toBe(403);
    await ctx.stop();

    // The same data folder, a new process.
    const again = await buildTestApp({}, { clock, dir: ctx.dir });
    open.splice(open.indexOf(ctx), 1, again);
    const locked = await openWith(again, { suid: A.suid }, PASSWORD.A);
    expect([locked.statusCode, locked.json()]).toEqual([429, { code: 'RATE_LIMITED' }]);
    const reused = await again.app.inject({ method: 'POST', url: STATEMENT_PATH, payload: { link: { accidentId: A.accidentId, statementId: A.statementId }, password: PASSWORD.A, captcha: token } });
    expect([reused.statusCode, reused.json()]).toEqual([403, { code: 'CAPTCHA_INVALID' }]);
    clock.advance(PREVIEW_LIMIT.lockMs);
    expect((await openWith(again, { suid: A.suid }, PASSWORD.A)).statusCode).toBe(200);
  });

  it('[ST4] getFile serves an opened statement: its PDFs (type 0, 2), images (69) and voice notes by id; nothing else', async () => {
    const { ctx, A, B } = await sent();
    const opened = await openWith(ctx, { suid: A.suid }, PASSWORD.A);
    const cookie = cookieOf(opened);
    const get = (query: string, withCookie = true) => ctx.app.inject({ method: 'GET', url: `${GET_FILE_PATH}?${query}`, headers: withCookie ? { cookie } : {} });
    const pdf = await get(`cuid=${A.statementId}&fileName=deklaracija-KLM123-HBN512-lt.pdf&type=0`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="deklaracija-KLM123-HBN512-lt.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const second = await get(`cuid=${A.statementId}&fileName=declaration-KLM123-HBN512-en.pdf&type=2`);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(pdf.rawPayload)).toBe(false);
    const photo = await get(`cuid=${A.statementId}&fileName=photo-plate-B1&type=69`);
    expect([photo.statusCode, photo.headers['content-type'], photo.headers['content-disposition']]).toEqual([200, 'image/jpeg', 'inline; filename="photo-plate-B1.jpg"']);
    const audio = await get(`cuid=${A.statementId}&fileName=audio-damages-A1&type=1`);
    expect([audio.statusCode, audio.headers['content-type']]).toEqual([200, 'audio/webm']);
    for (const query of [
      `cuid=${A.statementId}&fileName=deklaracija-KLM123-HBN512-lt.pdf&type=2`, // the wrong name for type 2
      `cuid=${A.statementId}&fileName=audio-damages-A1&type=69`, // not an image
      `cuid=${A.statementId}&fileName=photo-plate-B1&type=1`, // not a document
      `cuid=${A.statementId}&fileName=decl-statement-01-docB0&type=69`, // B's document by its blob id
      `cuid=${B.statementId}&fileName=declaration-KLM123-HBN512-en.pdf&type=0`, // B's statement, not opened here
    ]) {
      const res = await get(query);
      expect([res.statusCode, res.json()], query).toEqual([404, { code: 'FILE_NOT_FOUND' }]);
    }
    expect((await get(`cuid=${A.statementId}&fileName=deklaracija-KLM123-HBN512-lt.pdf&type=0`, false)).statusCode).toBe(404);
    for (const fileName of ['../../data/eid.sqlite', '%2e%2e%2fsecret.key']) {
      expect((await get(`cuid=${A.statementId}&fileName=${fileName}&type=69`)).statusCode).toBe(400);
    }
    // The opening lasts an hour.
    clock.advance(60 * 60_000);
    expect((await get(`cuid=${A.statementId}&fileName=deklaracija-KLM123-HBN512-lt.pdf&type=0`)).statusCode).toBe(404);
  });
});
