/**
 * Issue 35 item 7: two drivers declare on two phones with the photos a phone takes (12 MP JPEGs),
 * on the mobile profile (150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) and unthrottled.
 * Printed: the time to success, the first screens, each photo's upload (bytes sent and time), how
 * long each driver stayed on the photos step, and the bytes each phone sent and received (HTTP with
 * the service worker's, and the socket's frames). The throttling is Chromium's (DevTools protocol):
 * it slows the page's HTTP and the CPU, not the socket's frames.
 */
import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  answerJoin,
  chooseGuilty,
  circumstances,
  confirmInsurer,
  contactByEmail,
  damages,
  driverContext,
  drawSignature,
  driverData,
  expectStep,
  introAndTerms,
  next,
  pickAddress,
  plates,
  platesAskingToJoin,
  scheme,
  sign,
} from '../../apps/web/e2e/helpers/decla.js';
import { HEALTH_PATH } from '../../packages/domain/src/protocol/paths.js';

interface Profile {
  readonly latencyMs: number;
  readonly downBytesPerS: number;
  readonly upBytesPerS: number;
  readonly cpuSlowdown: number;
}

/** Lighthouse's mobile profile, as issue 35 measured it. */
const ROADSIDE: Profile = { latencyMs: 150, downBytesPerS: (1.6 * 1024 * 1024) / 8, upBytesPerS: (750 * 1024) / 8, cpuSlowdown: 4 };
/** Issue 35's goals. */
const GOALS = { photoUploadS: 4, firstWizardScreenS: 2 };

interface Phone {
  readonly name: string;
  readonly page: Page;
  readonly bytes: { sent: number; received: number; serviceWorker: number; socketSent: number; socketReceived: number };
  /** Each URL the phone downloaded (page or service worker) with the bytes and how many times. */
  readonly downloads: Map<string, { bytes: number; times: number }>;
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** A phone: its context, the profile's throttling on its page, and its bytes counted. */
async function phone(context: BrowserContext, name: string, profile: Profile | null): Promise<Phone> {
  const page = await context.newPage();
  const bytes = { sent: 0, received: 0, serviceWorker: 0, socketSent: 0, socketReceived: 0 };
  const downloads = new Map<string, { bytes: number; times: number }>();
  context.on('requestfinished', (request) => {
    void request.sizes().then((s) => {
      bytes.sent += s.requestHeadersSize + s.requestBodySize;
      const received = s.responseHeadersSize + s.responseBodySize;
      bytes.received += received;
      if (request.serviceWorker()) bytes.serviceWorker += received;
      // A file's body that came over the network (not from the HTTP cache, not a 304); the service's calls are not files.
      if (request.method() === 'GET' && s.responseBodySize > 0 && !new URL(request.url()).pathname.startsWith('/serveris/')) {
        const seen = downloads.get(request.url()) ?? { bytes: 0, times: 0 };
        downloads.set(request.url(), { bytes: seen.bytes + s.responseBodySize, times: seen.times + 1 });
      }
    }, () => undefined);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketFrameSent', (e) => void (bytes.socketSent += e.response.payloadData.length));
  cdp.on('Network.webSocketFrameReceived', (e) => void (bytes.socketReceived += e.response.payloadData.length));
  if (profile) {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: profile.latencyMs, downloadThroughput: profile.downBytesPerS, uploadThroughput: profile.upBytesPerS });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }
  // When the page got each tap (the event's own time, from the navigation): the bench's click machinery before it is not the page's.
  await page.addInitScript(() => {
    const w = window as unknown as { eidTaps: number[] };
    w.eidTaps = [];
    window.addEventListener('pointerdown', (e) => w.eidTaps.push(e.timeStamp), { capture: true });
  });
  // Each photo upload as the page sends it: its bytes and how long until its answer.
  await page.addInitScript(() => {
    const w = window as unknown as { eidUploads: Array<{ bytes: number; ms: number; status: number; end: number; type: string; serverMs: number }> };
    w.eidUploads = [];
    const open = XMLHttpRequest.prototype.open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { eidUrl?: string }, ...args: Parameters<XMLHttpRequest['open']>) {
      this.eidUrl = String(args[1]);
      return open.apply(this, args);
    };
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { eidUrl?: string }, body) {
      if (this.eidUrl?.endsWith('/serveris/blob') && body instanceof Blob && /^image\/(jpeg|png|heic)/.test(body.type)) {
        const started = performance.now();
        this.addEventListener('loadend', () => w.eidUploads.push({ bytes: body.size, ms: performance.now() - started, status: this.status, end: performance.now(), type: body.type, serverMs: Number(/dur=([\d.]+)/.exec(this.getResponseHeader('server-timing') ?? '')?.[1] ?? NaN) }));
      }
      return send.call(this, body);
    };
  });
  return { name, page, bytes, downloads };
}

const photoDir = mkdtempSync(join(tmpdir(), 'eid-roadside-'));
test.afterAll(() => rmSync(photoDir, { recursive: true, force: true }));

/**
 * A 12 MP photo as a phone takes it (4032 × 3024, quality 90, a noisy scene: about 5 MB), as a file:
 * chosen by its path, as a phone's picker hands it over (a buffer would be copied into the page
 * through the test's channel, seconds on the throttled CPU that a real picker does not cost).
 */
async function phonePhoto(name: string, shade: number): Promise<string> {
  const buffer = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: { r: shade, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const path = join(photoDir, name);
  writeFileSync(path, buffer);
  return path;
}

/** Opens the home page and the wizard's first screen; resolves both times (ms from the navigation). */
interface FirstScreens {
  /** From the navigation, as the bench saw them (its polling and its click's machinery included). */
  readonly homeMs: number;
  readonly wizardMs: number;
  /**
   * The page's own time to the first wizard screen: its home rendered (the first `eid:first-screen` mark, from the
   * navigation) plus the intro rendered after the tap reached it (the second mark less the tap's event time) — what a
   * driver tapping at once would wait, without the 0.2-0.3 s Playwright spends on a click on the throttled CPU.
   */
  readonly ownMs: number;
  readonly requests: string[];
}

async function firstScreens(page: Page): Promise<FirstScreens> {
  const started = Date.now();
  // What the two screens waited for: each request's path with when it started and ended (ms from the navigation).
  const timeline = new Map<Request, { path: string; start: number; end: number | null }>();
  const onRequest = (r: Request) => void timeline.set(r, { path: new URL(r.url()).pathname.replace(/^\/assets\//, ''), start: Date.now() - started, end: null });
  const onDone = (r: Request) => {
    const seen = timeline.get(r);
    if (seen) seen.end = Date.now() - started;
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Declare an accident' })).toBeVisible({ timeout: 60_000 });
  const homeMs = Date.now() - started;
  await page.getByRole('button', { name: 'Declare an accident' }).click();
  const tapMs = Date.now() - started;
  await expectStep(page, 1);
  const wizardMs = Date.now() - started;
  page.off('request', onRequest);
  page.off('requestfinished', onDone);
  const requests = [...timeline.values()].map((r) => `${r.path} ${r.start}-${r.end ?? '…'}`);
  const inPage = await page.evaluate(() => ({
    marks: performance.getEntriesByName('eid:first-screen').map((m) => m.startTime),
    taps: (window as unknown as { eidTaps: number[] }).eidTaps,
  }));
  const [home, intro] = inPage.marks;
  const tap = inPage.taps.findLast((t) => intro !== undefined && t <= intro);
  if (home === undefined || intro === undefined || tap === undefined) throw new Error(`the first screens' marks or the tap were not recorded: ${JSON.stringify(inPage)}`);
  const ownMs = Math.round(home + (intro - tap));
  const line = `(bench: home shown ${homeMs}, tap sent ${tapMs}, first wizard screen ${wizardMs}; page: home ${Math.round(home)}, tap received ${Math.round(tap)}, intro ${Math.round(intro)})`;
  return { homeMs, wizardMs, ownMs, requests: [...requests, line] };
}

/** Chooses the phone's photos and goes on at once, as a driver would; resolves how long the step held them. */
async function takePhotos(p: Phone, party: 'A' | 'B', files: Array<{ section: string; file: Awaited<ReturnType<typeof phonePhoto>> }>): Promise<{ held: number; chosenAt: number }> {
  const entered = Date.now();
  const chosenAt = await p.page.evaluate(() => performance.now());
  for (const { section, file } of files) await p.page.getByTestId(`photos-${party}-${section}`).setInputFiles(file);
  const chosen = Date.now() - entered;
  await next(p.page);
  out(`  (phone ${p.name}: the photos chosen in ${(chosen / 1000).toFixed(1)} s, Next pressed after ${((Date.now() - entered) / 1000).toFixed(1)} s)`);
  await expectStep(p.page, 8);
  return { held: Date.now() - entered, chosenAt };
}

for (const [label, profile, plateA, plateB] of [
  ['roadside', ROADSIDE, 'AKT902', 'T12345'],
  ['unthrottled', null, 'KLM123', 'HBN512'],
] as const) {
  test(`two phones declare with phone-size photos (${label})`, async ({ browser }) => {
    const photosOf = {
      A: [
        { section: 'overview', file: await phonePhoto('IMG_0101.JPG', 90) },
        { section: 'plates', file: await phonePhoto('IMG_0102.JPG', 110) },
        { section: 'damages', file: await phonePhoto('IMG_0103.JPG', 130) },
      ],
      B: [
        { section: 'plates', file: await phonePhoto('IMG_0201.JPG', 150) },
        { section: 'damages', file: await phonePhoto('IMG_0202.JPG', 170) },
      ],
    };
    // Chromium's network service starts with the browser's first request: phone A, the first page of a new
    // browser, waited about 300 ms more for its HTML than B (97-678 against 13-283 ms from the navigation, with the
    // server answering in 4 ms) — the bench's browser starting, not the page. A context of its own asks the server
    // once; the phones' contexts still start with empty caches and connections of their own.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(HEALTH_PATH);
    await warm.close();
    const contexts = [await driverContext(browser), await driverContext(browser)];
    const a = await phone(contexts[0]!, 'A', profile);
    const b = await phone(contexts[1]!, 'B', profile);
    try {
      const started = Date.now();
      const screensA = await firstScreens(a.page);
      await introAndTerms(a.page, 'live');
      await plates(a.page, plateA, plateB);
      const screensB = await firstScreens(b.page);
      await introAndTerms(b.page, 'live');
      // The real captcha's proof of work on a 4× slower CPU: its number of tries is random, and 15 s was once too few.
      const code = await platesAskingToJoin(b.page, plateB, plateA, { codeTimeout: 60_000 });
      await answerJoin(a.page, code, true);
      await expectStep(b.page, 5);

      await contactByEmail(a.page, 'A', 'a.roadside@example.lt');
      await contactByEmail(b.page, 'B', 'b.roadside@example.lt');
      await next(a.page);
      await next(b.page);
      await expectStep(a.page, 6);
      await pickAddress(a.page, 'accident-address', 'ozo 12', 'Ozo g. 12, Vilnius');
      await next(a.page);
      await expect(b.page.locator('#accident-address')).toHaveValue('Ozo g. 12, Vilnius', { timeout: 30_000 });
      await next(b.page);

      await expectStep(a.page, 7);
      await expectStep(b.page, 7);
      const heldA = await takePhotos(a, 'A', photosOf.A);
      // B's part counts A's scene photo once it is in the declaration.
      await expect(b.page.locator('[data-section=overview] .thumbs img')).toHaveCount(1, { timeout: 120_000 });
      const heldB = await takePhotos(b, 'B', photosOf.B);

      await damages(a.page, 'A', 'Dented rear door', false);
      await damages(b.page, 'B', 'Broken headlight', false);
      await next(a.page);
      await next(b.page);
      await circumstances(a.page, 'A', ['2']);
      await circumstances(b.page, 'B', ['10']);
      await next(a.page);
      await next(b.page);
      await expectStep(a.page, 10);
      await scheme(a.page);
      await next(a.page);
      await expect(b.page.getByAltText('The saved accident scheme')).toBeVisible({ timeout: 60_000 });
      await next(b.page);
      await driverData(a.page, 'A', { name: 'Jonas', surname: 'Petraitis', code: '38703181233', address: ['Pilies 12', 'Pilies g. 12, Vilnius'] });
      await next(a.page);
      await driverData(b.page, 'B', { name: 'Ona', surname: 'Žemaitytė', code: '49207154560', address: ['Laisvės al 54', 'Laisvės al. 54, Kaunas'] });
      await next(b.page);

      // The preview waits for the photos still going, then finds everything.
      for (const p of [a, b]) {
        await expectStep(p.page, 12);
        await expect(p.page.getByText('Everything is filled in. Check it and continue to the signatures.')).toBeVisible({ timeout: 180_000 });
        await next(p.page);
        await expectStep(p.page, 13);
      }
      await chooseGuilty(a.page, 'Driver A');
      await chooseGuilty(b.page, 'Driver A');
      await expect(a.page.getByText('Agreed: Driver A.')).toBeVisible({ timeout: 30_000 });
      await confirmInsurer(a.page);
      await confirmInsurer(b.page);
      await sign(a.page, 'A');
      await drawSignature(b.page, 'B');
      await next(b.page);
      await expect(b.page.getByText('You have submitted. Waiting for the other driver to submit.')).toBeVisible({ timeout: 60_000 });
      await next(a.page);
      await expectStep(a.page, 14);
      await expectStep(b.page, 14);
      await expect(a.page.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible({ timeout: 120_000 });
      await expect(b.page.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible({ timeout: 120_000 });
      const totalS = (Date.now() - started) / 1000;

      out(`\nroadside_${label}_time_to_success_s: ${totalS.toFixed(1)} (issue 35 measured 61 s on the roadside profile with phone-size photos, 27 s unthrottled without)`);
      for (const [p, screens, held] of [
        [a, screensA, heldA],
        [b, screensB, heldB],
      ] as const) {
        const wizardS = screens.ownMs / 1000;
        out(`  phone ${p.name}: home ${(screens.homeMs / 1000).toFixed(1)} s, first wizard screen ${wizardS.toFixed(2)} s (the page's own time; ${(screens.wizardMs / 1000).toFixed(2)} s with the bench's click) (goal ≤ ${GOALS.firstWizardScreenS} s on the roadside profile${profile ? `: ${wizardS <= GOALS.firstWizardScreenS ? 'met' : 'NOT met'}` : ''}); held on the photos step ${(held.held / 1000).toFixed(1)} s`);
        if (profile) out(`    what the first screens waited for (ms from the navigation): ${screens.requests.join(', ')}`);
        const uploads = await p.page.evaluate(() => (window as unknown as { eidUploads: Array<{ bytes: number; ms: number; status: number; end: number; type: string; serverMs: number }> }).eidUploads);
        const photos = uploads.filter((u) => u.type === 'image/jpeg');
        const photosIn = photos.reduce((last, u) => Math.max(last, u.end), held.chosenAt);
        out(`    the ${photos.length} photos all in ${((photosIn - held.chosenAt) / 1000).toFixed(1)} s after they were chosen (the driver went on meanwhile)`);
        for (const u of uploads) {
          const s = u.ms / 1000;
          out(`    ${u.type === 'image/jpeg' ? 'photo' : 'drawing'} upload: ${kib(u.bytes)} sent in ${s.toFixed(1)} s (the server's part ${(u.serverMs / 1000).toFixed(1)} s), answered ${u.status}${profile ? ` (goal ≤ ${GOALS.photoUploadS} s: ${s <= GOALS.photoUploadS ? 'met' : 'NOT met'})` : ''}`);
        }
        const photoBytes = uploads.reduce((n, u) => n + u.bytes, 0);
        out(`    bytes: HTTP sent ${kib(p.bytes.sent + photoBytes)} (photos ${kib(photoBytes)}), received ${kib(p.bytes.received)} (of which the service worker's ${kib(p.bytes.serviceWorker)}); socket sent ${kib(p.bytes.socketSent)}, received ${kib(p.bytes.socketReceived)}`);
        const twice = [...p.downloads].filter(([, d]) => d.times > 1);
        out(`    files downloaded more than once: ${twice.length} (${kib(twice.reduce((n, [, d]) => n + d.bytes - d.bytes / d.times, 0))} extra; goal none: ${twice.length === 0 ? 'met' : 'NOT met'})${twice.length ? ` — ${twice.map(([url]) => new URL(url).pathname).join(', ')}` : ''}`);
      }
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  });
}
