import { afterEach, describe, expect, it } from 'vitest';
import { ADDRESS_PATH } from '@eid/domain/protocol';
import { buildTestApp } from '../testing/build-test-app.js';

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

describe('GET /serveris/adresai', () => {
  const open: Ctx[] = [];
  afterEach(async () => {
    for (const c of open.splice(0)) await c.close();
  });
  const app = async () => {
    const ctx = await buildTestApp();
    open.push(ctx);
    return ctx.app;
  };

  it('[AD4] answers suggestions for typed text and the nearest addresses for a position', async () => {
    const a = await app();
    const typed = await a.inject({ method: 'GET', url: `${ADDRESS_PATH}?q=${encodeURIComponent('laisves al 53')}` });
    expect(typed.statusCode).toBe(200);
    expect(typed.json()).toEqual([expect.objectContaining({ value: 'Laisvės al. 53, Kaunas', needPat: true })]);
    const near = await a.inject({ method: 'GET', url: `${ADDRESS_PATH}?lat=54.687220&lon=25.280180` });
    expect(near.json<Array<{ value: string }>>()[0]?.value).toBe('Gedimino pr. 1, Vilnius');
  });

  it('[AD4] a bad query is DATA_ERROR, never a 500', async () => {
    const a = await app();
    for (const q of ['', '?q=a', '?lat=91&lon=1', '?lat=x&lon=y', `?q=${'a'.repeat(101)}`]) {
      const res = await a.inject({ method: 'GET', url: `${ADDRESS_PATH}${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toMatchObject({ code: 'DATA_ERROR' });
    }
  });
});
