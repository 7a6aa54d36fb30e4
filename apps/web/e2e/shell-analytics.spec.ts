import { expect, test, type BrowserContext, type Page } from './helpers/test.js';
import { driverContext, fillBoth, introAndTerms, next, plates, start } from './helpers/decla.js';

/**
 * A phone whose cookie answer is `consent`, against a server with an analytics id configured: the
 * id, and the tag's host in the page's script sources as the server then sends them (the security
 * plugin's own test checks that header); the tag's script is answered here (no network).
 */
async function phoneWithAnalytics(context: BrowserContext, consent: 'T' | 'N'): Promise<Page> {
  await context.addInitScript((c) => window.localStorage.setItem('gaAllowed', c), consent);
  await context.route('**/serveris/parametrai/ga4', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'G-EIDTEST01' }));
  await context.route(
    (url) => url.hostname === '127.0.0.1',
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      const csp = headers['content-security-policy'];
      if (csp) headers['content-security-policy'] = csp.replace("script-src 'self'", "script-src 'self' https://www.googletagmanager.com");
      return route.fulfill({ response, headers });
    },
  );
  await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '/* the tag */' }));
  return context.newPage();
}

/** What the page gave the tag: gtag's calls as they reached its data layer. */
const dataLayer = (page: Page) => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])) as unknown[][]);

test.describe('analytics events', () => {
  test.setTimeout(90_000);

  test('[SH5] [IMG4] [SH6] [HB22] with consent, a refused photo is its tracking code with the section, party and mode only, and the steps reached are counted; without consent nothing reaches the tag; a refused location is kept and said (HB22)', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const page = await phoneWithAnalytics(ctx, 'T');
    await start(page, 'practice');
    await introAndTerms(page, 'practice');
    await plates(page, 'PRA101', 'PRA202');
    await fillBoth(page, async () => {}, true, 7);
    // "Take a photo" opens the camera (a file chooser with capture here); the request is remembered in its cookie, as the location's is.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.locator('label').filter({ has: page.getByTestId('camera-B-damages') }).click()]);
    await chooser.setFiles({ name: 'damage.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF fake webp of the damage') });
    const cookies = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`);
    expect(cookies).toEqual(expect.arrayContaining(['permLocationRequested=1', 'permCameraRequested=1']));
    await expect(page.getByText('Upload JPG, PNG or HEIC photos', { exact: false }).first()).toBeVisible();
    await expect.poll(async () => (await dataLayer(page)).filter((c) => c[0] === 'event' && c[1] === 'photo_upload_bad_ext')).toEqual([
      ['event', 'photo_upload_bad_ext', { section: 'damages', party: 'B', mode: 'practice' }],
    ]);
    const calls = await dataLayer(page);
    const steps = calls.filter((c) => c[0] === 'event' && c[1] === 'declaration_step').map((c) => (c[2] as { step: number }).step);
    expect(steps).toEqual(expect.arrayContaining([5, 6, 7]));
    // A page view on every navigation (app-shell §2), each once: the home page, then the declaration (drawn before the router came or after).
    expect(calls.filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => (c[2] as { page_path: string }).page_path)).toEqual(['/', '/decla']);
    // Nothing typed on the way (plates, e-mails, the address) is in what the tag got.
    const sent = JSON.stringify(calls);
    for (const typed of ['PRA101', 'PRA202', 'vairuotojas', 'Ukmerg', '370']) expect(sent).not.toContain(typed);
    await ctx.close();

    // A phone that refuses statistics, and the location too (HB22): the declaration keeps why, and the place step says it.
    const ctxNo = await driverContext(browser);
    await ctxNo.clearPermissions();
    const denied = await phoneWithAnalytics(ctxNo, 'N');
    await start(denied, 'practice');
    await introAndTerms(denied, 'practice');
    await plates(denied, 'PRA101', 'PRA202');
    await fillBoth(denied, async () => {}, true, 7);
    await denied.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(denied.getByText("Your phone's location is not known: this page is not allowed to use it (the browser's settings).", { exact: false })).toBeVisible();
    await next(denied);
    await denied.getByTestId('photos-B-damages').setInputFiles({ name: 'damage.webp', mimeType: 'image/webp', buffer: Buffer.from('RIFF fake webp') });
    await expect(denied.getByText('Upload JPG, PNG or HEIC photos', { exact: false }).first()).toBeVisible();
    expect(await dataLayer(denied)).toEqual([]);
    await ctxNo.close();
  });
});
