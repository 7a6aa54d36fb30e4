import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.js';

describe('GET /serveris/parametrai/{name}', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  afterEach(async () => ctx.close());

  it.each([
    ['maps', 'EID_MAPS_KEY', 'maps-key-1'],
    ['gtm', 'EID_GTM_ID', 'GTM-ABC123'],
    ['recaptcha', 'EID_CAPTCHA_KEY', 'captcha-key'],
    ['ga4', 'EID_GA4_ID', 'G-XYZ'],
  ])('answers %s from configuration (%s) in plain text', async (name, variable, value) => {
    ctx = await buildTestApp({ [variable]: value });
    const res = await ctx.app.inject({ method: 'GET', url: `/serveris/parametrai/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(value);
  });

  it('answers an unconfigured parameter with an empty body (feature off)', async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/serveris/parametrai/gtm' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it.each(['unknown', 'MAPS', 'maps%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(300)])(
    'refuses the unknown parameter %s with 404 ROUTE_NOT_FOUND',
    async (name) => {
      ctx = await buildTestApp();
      const res = await ctx.app.inject({ method: 'GET', url: `/serveris/parametrai/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND' });
    },
  );
});
