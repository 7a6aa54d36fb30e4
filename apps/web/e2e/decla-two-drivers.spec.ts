import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './helpers/test.js';
import sharp from 'sharp';
import { accessible, fitsViewport } from './helpers/axe.js';
import { consoleSignedIn, DEMO_SUPERVISOR } from './helpers/console.js';
import { registerSystem, startInsurerPeers, tokenOf } from './helpers/insurers.js';
import type { HttpResult } from '@eid/domain/protocol';
import {
  chooseGuilty,
  circumstances,
  confirmInsurer,
  contactByEmail,
  contactByPhone,
  drawSignature,
  damages,
  driverData,
  expectStep,
  next,
  photos,
  pickAddress,
  scheme,
  sign,
  twoDriversMeet,
} from './helpers/decla.js';
import { escaped, serverTextsOf, textsOf } from './helpers/texts.js';
import { downloadedPdfText } from './helpers/pdf.js';

// With the app's service worker, as a phone has it (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The newest message on a channel to an address in the local outbox whose text matches; its match. */
async function linkInOutbox(page: Page, channel: 'sms' | 'email', to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/serveris/dev/outbox');
        const body = (await res.json()) as HttpResult<'devOutbox'>;
        for (const m of body.messages) {
          if (m.channel !== channel || !m.to.includes(to)) continue;
          const hit = pattern.exec(m.text);
          if (hit) return (found = hit[0]);
        }
        return '';
      },
      { timeout: 20_000, message: `a ${channel} to ${to} matching ${pattern}` },
    )
    .not.toBe('');
  return found;
}

test.describe('two drivers, two phones, live', () => {
  // 62-102 s alone; 133 s in a CI run beside another worker's practice walk.
  test.setTimeout(300_000);
  let closePeers: (() => Promise<void>) | null = null;
  test.afterEach(async () => {
    await closePeers?.();
    closePeers = null;
  });

  test('[VW1] A and B each fill their own part and reach the success screen; B sees A\'s changes live; a guilt conflict is resolved; the view links from the outbox open the declaration by password, limited after 5 wrong ones; both insurers\' systems get a verified webhook, pull it with their own tokens and register their claim numbers, which each driver sees', async ({ browser, baseURL }) => {
    // Issue 36: the supervisor registers both insurers' systems (receivers that verify the signatures) before the accident.
    const peers = await startInsurerPeers(baseURL!);
    closePeers = peers.close;
    const staff = await consoleSignedIn(browser, DEMO_SUPERVISOR);
    const ldSystem = await registerSystem(staff, 'Lietuvos draudimas', 'LD claims', peers.ld.url);
    peers.ld.secret = ldSystem.webhookSecret;
    const ergoSystem = await registerSystem(staff, 'ERGO Insurance SE Lietuvos filialas', 'ERGO claims', peers.ergo.url);
    peers.ergo.secret = ergoSystem.webhookSecret;
    await accessible(staff, "the console's insurers' systems");

    // Intro, terms, plates: A first (as typed at the roadside), then B with the plates the other way round.
    // Issue 37: A's phone speaks Lithuanian, B's Ukrainian; each sees the other's entries as typed, under its own labels.
    const ta = textsOf('lt');
    const tb = textsOf('uk');
    const { a, b, frames, close } = await twoDriversMeet(browser, 'klm 123', 'HBN-512', { a: 'lt', b: 'uk' });
    await expect(a.getByText(ta('The other driver is connected'))).toBeVisible();
    await expect(b.getByText(tb('The other driver is connected'))).toBeVisible();

    // Contacts: A by e-mail, B by phone with the SMS code.
    await contactByEmail(a, 'A', 'jonas.petraitis@example.lt');
    // The confirmation link in A's mailbox confirms the address; A's phone shows it live.
    const confirmLink = await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', /\/confirm\?t=[^\s"<]+/);
    const mailbox = await a.context().newPage();
    await mailbox.goto(confirmLink);
    await expect(mailbox.getByText(ta('The address {0} is confirmed. You may close this page and go on with the declaration.', { 0: 'jonas.petraitis@example.lt' }), { exact: false })).toBeVisible();
    // The token does not stay in the address bar.
    await expect(mailbox).toHaveURL(/\/confirm$/);
    await accessible(mailbox, 'the e-mail confirmation page');
    await mailbox.close();
    await expect(a.getByText(ta('E-mail confirmed.'))).toBeVisible({ timeout: 10_000 });
    await next(a);
    await contactByPhone(b, 'B', '+370 698 76543');
    await fitsViewport(b, 'the contacts step with a phone confirmed by SMS (live)');
    await next(b);
    await expectStep(a, 6);
    await expectStep(b, 6);

    // Time and place: A picks the address; B sees it without reloading.
    await pickAddress(a, 'accident-address', 'gedimino 10', 'Gedimino pr. 10, Vilnius');
    await expect(b.locator('#accident-address')).toHaveValue('Gedimino pr. 10, Vilnius', { timeout: 10_000 });
    await a.getByRole('button', { name: ta('Add a witness') }).click();
    await a.locator('#witness-A-0-name').fill('Rasa');
    await a.locator('#witness-A-0-surname').fill('Kairienė');
    // PH7 (issue 34): the witness's number as Lithuanians write it is read as the international one when the field is left.
    await a.locator('#witness-A-0-phone').fill('8 611 11111');
    await a.locator('#witness-A-0-phone').blur();
    await expect(a.locator('#witness-A-0-phone')).toHaveValue('+370 611 11111');
    await expect(b.getByRole('heading', { name: tb('Time, place and your witnesses') })).toBeVisible();
    await next(a);

    // Photos: the scene photo A takes counts for B too.
    await expectStep(a, 7);
    // B sees where A is, live.
    await expect(b.getByText(`${tb('The other driver is connected')} · ${tb('at step {0} of {1}', { 0: 3, 1: 9 })}`)).toBeVisible({ timeout: 10_000 });
    await next(b);
    await photos(a, 'A', true);
    await expectStep(b, 7);
    await expect(b.locator('.photo-section').first().locator('.thumbs img')).toHaveCount(1, { timeout: 10_000 });
    await photos(b, 'B', false);
    await next(a);
    await next(b);

    // Damages: A with a voice note.
    await damages(a, 'A', 'Įlenktas galinis bamperis', true);
    await damages(b, 'B', 'Розбита передня фара', false);
    await next(a);
    await next(b);

    await circumstances(a, 'A', ['2']);
    await circumstances(b, 'B', ['10']);
    // Incompatible circumstances are disabled.
    await expect(b.locator('#cond-B-1')).toBeDisabled();
    // Issue 18 item 12: the reason is shown, not only told to screen readers.
    await expect(b.locator('#cond-B-why-note')).toBeVisible();
    await expect(b.locator('#cond-B-why-note')).toHaveText(tb('Greyed out: these cannot be ticked together with what is already ticked.'));
    await expect(b.locator('#cond-B-1')).toHaveAccessibleDescription(tb('Cannot be ticked with what is already ticked.'));
    await next(a);
    await next(b);

    // The scheme drawn by A is B's too. Issue 18 item 4: A draws and presses Next at once, no Save button: the drawing is kept.
    await expectStep(a, 10);
    await scheme(a);
    await next(a);
    await expectStep(a, 11);
    await expectStep(b, 10);
    await expect(b.getByAltText(tb('The saved accident scheme'))).toBeVisible({ timeout: 10_000 });
    // Issue 35: B downloads A's drawing from the hub (a data: address); A's own is never sent back to A (below, its signature).
    await expect(b.getByAltText(tb('The saved accident scheme'))).toHaveAttribute('src', /^data:image\//);
    await next(b);

    await driverData(a, 'A', { name: 'Jonas', surname: 'Petraitis', code: '38703181233', address: ['Pilies 12', 'Pilies g. 12, Vilnius'] });
    await expect(a.locator('#driver-A-dob')).toHaveValue('1987-03-18');
    await next(a);
    await driverData(b, 'B', { name: 'Ona', surname: 'Žemaitytė', code: '49207154560', address: ['Laisvės al 54', 'Laisvės al. 54, Kaunas'] });
    await next(b);

    // Preview: everything there; on to the signatures.
    await expectStep(a, 12);
    await expectStep(b, 12);
    await expect(a.getByText(ta('Everything is filled in. Check it and continue to the signatures.'))).toBeVisible({ timeout: 15_000 });
    // Each phone's review shows the other's entries as typed, under its own language's labels.
    await expect(b.locator('.summary-card').filter({ hasText: tb('Driver and vehicle {p}', { p: 'A' }) })).toContainText('Jonas Petraitis');
    await expect(b.locator('.summary-card').filter({ hasText: tb('Driver and vehicle {p}', { p: 'A' }) })).toContainText('Įlenktas galinis bamperis');
    await expect(a.locator('.summary-card').filter({ hasText: ta('Driver and vehicle {p}', { p: 'B' }) })).toContainText('Ona Žemaitytė');
    await expect(a.locator('.summary-card').filter({ hasText: ta('Driver and vehicle {p}', { p: 'B' }) })).toContainText('Розбита передня фара');
    // The circumstances keep their numbers: B's "10." reads the same box on A's Lithuanian review.
    await expect(a.locator('.summary-card').filter({ hasText: ta('Driver and vehicle {p}', { p: 'B' }) })).toContainText(`10. ${ta('hit the rear of a vehicle going the same way in the same lane')}`);
    await expect(b.locator('.summary-card').filter({ hasText: tb('Driver and vehicle {p}', { p: 'B' }) })).toContainText(`10. ${tb('hit the rear of a vehicle going the same way in the same lane')}`);
    // A's voice note about the damages plays on both phones.
    // (Issue 35: A plays its own recording from the phone, B the one downloaded from the hub.)
    for (const [page, src, t] of [
      [a, /^blob:/, ta],
      [b, /^data:audio\/[a-z0-9]+;base64,.{100,}/, tb],
    ] as const) {
      const note = page.locator('.summary-card').filter({ hasText: t('Driver and vehicle {p}', { p: 'A' }) }).locator('.voice-note[data-audio-type=DAMAGES] audio');
      await expect(note).toHaveAttribute('src', src, { timeout: 15_000 });
      expect(await note.evaluate((el: HTMLAudioElement) => new Promise<boolean>((resolve) => {
        if (el.readyState >= 1) resolve(true);
        el.addEventListener('loadedmetadata', () => resolve(true), { once: true });
        el.addEventListener('error', () => resolve(false), { once: true });
      }))).toBe(true);
    }
    await next(a);
    await next(b);
    await expectStep(a, 13);
    await expectStep(b, 13);

    // Guilt: the drivers disagree first, then agree.
    await chooseGuilty(a, 'Driver A');
    await expect(a.getByText(ta('Waiting for the other driver to choose.'))).toBeVisible();
    await chooseGuilty(b, 'Driver B');
    await expect(a.getByText(ta('Your choices differed. Talk it over and both choose again.'))).toBeVisible();
    await expect(b.getByText(tb('Your choices differed. Talk it over and both choose again.'))).toBeVisible();
    await chooseGuilty(a, 'Driver A');
    await chooseGuilty(b, 'Driver A');
    await expect(a.getByText(ta('Agreed: {0}.', { 0: ta('Driver A') }))).toBeVisible();
    await expect(b.getByText(tb('Agreed: {0}.', { 0: tb('Driver A') }))).toBeVisible();

    await confirmInsurer(a);
    await confirmInsurer(b);
    // Issue 18 item 8 (GL5): whose insurer it is and what it means, in plain words.
    await expect(a.getByText(ta("You are at fault, so your insurer pays the other driver's damage."))).toBeVisible();
    await expect(b.getByText(tb('You are not at fault: your damage is paid by the insurer of the driver at fault, not by yours.'))).toBeVisible();
    await sign(a, 'A');
    // Issue 35: the signature A drew is shown from A's phone itself (a blob: address), not downloaded back from the hub.
    await expect(a.getByAltText(ta('Your saved signature'))).toHaveAttribute('src', /^blob:/);
    // Issue 18 item 1: the live-only screens fit the phone too (the insurers' plain words, the live guilt state).
    await fitsViewport(a, 'the signatures step (live, A)');
    await fitsViewport(b, 'the signatures step (live, B)');

    // Issue 18 item 4: B signs and presses Submit at once: the signature on the pad is saved first, not refused as missing.
    // B submits and waits for A; A submits; both see the result.
    await drawSignature(b, 'B');
    await next(b);
    await expect(b.getByText(tb('You have submitted. Waiting for the other driver to submit.'))).toBeVisible({ timeout: 15_000 });
    await next(a);
    await expectStep(a, 14);
    await expectStep(b, 14);
    await expect(a.getByRole('heading', { name: ta('The declaration was sent') })).toBeVisible();
    await expect(b.getByRole('heading', { name: tb('The declaration was sent') })).toBeVisible();
    await fitsViewport(a, 'the end screen (live, with the view link)');
    // Issue 18 item 12: the guidance reads as plain words (not "An uninsured culprit must tell…"); issue 37: B's in Ukrainian.
    await expect(b.getByText(tb("If the driver at fault has no insurance, they must inform the bureau in writing within 3 working days. If the insurer has not given you a reasoned reply within 3 months, you can claim from the bureau instead. A repair costing 75% or more of the vehicle's value before the accident is treated as uneconomic."))).toBeVisible();
    await expect(a.getByTestId('view-link-A')).toHaveAttribute('href', /^\/a\/[A-Za-z0-9_-]{22,}\?lang=lt$/);
    await expect(a.getByText(ta('The insurer of driver {p}, at fault: {name}', { p: 'A', name: 'Lietuvos draudimas' }), { exact: false })).toBeVisible();

    // What was delivered: B's SMS with the short link, A's e-mail with the long one, the insurer's copy.
    const smsLink = await linkInOutbox(b, 'sms', '+37069876543', /https?:\/\/[^\s]+\/a\/[A-Za-z0-9_-]{22,}\?lang=uk/);
    // Issue 37: B's SMS is in Ukrainian (UCS-2 on the air: Cyrillic is not in GSM-7).
    const sb = serverTextsOf('uk');
    const smsStart = sb('sms.driver.sent', { plates: 'KLM123 – HBN512', link: '@@', length: 6 }).split('@@')[0]!;
    await linkInOutbox(b, 'sms', '+37069876543', new RegExp(`^${escaped(smsStart)}`));
    const emailLink = await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', /https?:\/\/[^\s"<]+\/accidents\/[A-Za-z0-9_-]{22,}\/statements\/[A-Za-z0-9_-]{22,}\?lang=lt/);
    await linkInOutbox(a, 'email', 'zalos@ld.insurers.example', /Lietuvos draudimas|KLM123/);

    // Issue 36: each insurer's system gets one webhook whose signature verifies, pulls the declaration and a photo
    // with its own token, and registers its claim number.
    await expect.poll(() => [peers.ld.received.length, peers.ergo.received.length], { timeout: 20_000 }).toEqual([1, 1]);
    for (const [peer, system, claimNumber] of [
      [peers.ld, ldSystem, 'LD-E2E-0001'],
      [peers.ergo, ergoSystem, 'ERGO E2E 2'],
    ] as const) {
      expect(peer.refused).toEqual([]);
      const hook = peer.received[0]!;
      const headers = { authorization: `Bearer ${await tokenOf(a.request, system)}` };
      const data = await a.request.get(new URL(hook.payload.data.href).pathname, { headers });
      expect(data.status()).toBe(200);
      const declaration = (await data.json()) as { vehicles: Record<'A' | 'B', { vehicle: { plate: string }; photos: Record<string, Array<{ href: string }>> }> };
      expect([declaration.vehicles.A.vehicle.plate, declaration.vehicles.B.vehicle.plate]).toEqual(['KLM123', 'HBN512']);
      const photo = Object.values(declaration.vehicles.B.photos).flat()[0]!;
      const file = await a.request.get(new URL(photo.href).pathname, { headers });
      expect([file.status(), file.headers()['content-type']]).toEqual([200, 'image/jpeg']);
      const claim = await a.request.put(`/serveris/insurers/v1/declarations/${hook.payload.data.id}/claim`, { headers, data: { claimNumber } });
      expect(claim.status()).toBe(200);
    }
    // Each driver hears of their own insurer's number, in their language, by the way they chose.
    const sa = serverTextsOf('lt');
    await linkInOutbox(b, 'sms', '+37069876543', new RegExp(escaped(sb('sms.claim.registered', { insurer: 'ERGO Insurance SE Lietuvos filialas', number: 'ERGO E2E 2', plates: 'KLM123 – HBN512' }))));
    await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', new RegExp(escaped(sa('mail.claim.body', { insurer: 'Lietuvos draudimas', when: '@@', plates: '@@', number: '@@' }).split('@@')[0]!)));
    // B's statement (on another browser) shows ERGO's number, not A's insurer's; issue 37: in Ukrainian, and so is B's PDF.
    const bLaptop = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 }, acceptDownloads: true });
    const bView = await bLaptop.newPage();
    await bView.goto(smsLink);
    await expect(bView.locator('html')).toHaveAttribute('lang', 'uk');
    await bView.getByLabel(tb('Password')).fill('154560');
    await bView.getByRole('button', { name: tb('Confirm') }).click();
    const bClaim = bView.getByRole('region', { name: tb("Your insurer's claim") });
    await expect(bClaim).toContainText(tb('{0} registered your claim no. <0>{1}</0>.', { 0: 'ERGO Insurance SE Lietuvos filialas', 1: 'ERGO E2E 2' }), { timeout: 15_000 });
    await expect(bClaim).not.toContainText('LD-E2E-0001');
    // (Lines as the layout wraps them read as one, the ticks drawn beside a circumstance left out.)
    const bPdf = (await downloadedPdfText(bView, '154560')).replace(/✓/g, ' ').replace(/\s+/g, ' ');
    expect(bPdf).toContain(sb('doc.title'));
    expect(bPdf).toContain(sb('doc.circumstanceLabels.10'));
    expect(bPdf).toContain('Розбита передня фара');
    expect(bPdf).not.toContain(serverTextsOf('en')('doc.title'));
    await bLaptop.close();

    // A opens the e-mail link: a wrong password is refused, the right one shows the declaration and its PDF.
    const viewA = await a.context().newPage();
    // Issue 18 item 1: a scheme drawn on a larger screen is a wide image (as the newcomer's was, 1,017 px).
    const wideScheme = await sharp({ create: { width: 1017, height: 640, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await viewA.route(/\/getFile\?.*type=69/, async (route) => {
      const name = new URL(route.request().url()).searchParams.get('fileName') ?? '';
      if (name.endsWith('-t')) await route.continue();
      else await route.fulfill({ status: 200, contentType: 'image/png', body: wideScheme });
    });
    await viewA.goto(emailLink);
    await expect(viewA.getByLabel(ta('Password'))).toBeVisible();
    await accessible(viewA, 'the statement password form');
    await viewA.getByLabel(ta('Password')).fill('000000');
    await viewA.getByRole('button', { name: ta('Confirm') }).click();
    await expect(viewA.getByText(ta('The declaration cannot be loaded from this link with this password. Check the password: the last 6 characters of your personal code or driving licence number.'), { exact: false })).toBeVisible({ timeout: 15_000 });
    await viewA.getByLabel(ta('Password')).fill('181233');
    await viewA.getByRole('button', { name: ta('Confirm') }).click();
    await expect(viewA.getByRole('heading', { name: ta('Road accident declaration') })).toBeVisible();
    await expect(viewA.locator('.plate').first()).toHaveText('KLM123', { timeout: 15_000 });
    await expect(viewA.locator('.plate').nth(1)).toHaveText('HBN512');
    await expect(viewA.getByRole('region', { name: ta("Your insurer's claim") })).toContainText(ta('{0} registered your claim no. <0>{1}</0>.', { 0: 'Lietuvos draudimas', 1: 'LD-E2E-0001' }));
    await accessible(viewA, 'the statement detail view');
    // Issue 18 item 1: the statement fits a 390 px phone (the scheme image no wider than the page).
    await expect(viewA.getByRole('img', { name: ta('Scheme of the accident') })).toBeVisible();
    await fitsViewport(viewA, 'the statement detail view');
    await viewA.screenshot({ path: 'test-results/screenshots/lt-15-view-page.png', fullPage: true });
    const [download] = await Promise.all([viewA.waitForEvent('download'), viewA.getByTestId('download-0').click()]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Encrypted: the document opens only with the password.
    expect(pdf.toString('latin1')).toMatch(/\/Encrypt\s/);
    // Issue 37: A's copy is in Lithuanian, A's language (B's, above, in Ukrainian).
    const aPdf = (await downloadedPdfText(viewA, '181233')).replace(/✓/g, ' ').replace(/\s+/g, ' ');
    expect(aPdf).toContain(sa('doc.title'));
    expect(aPdf).toContain(sa('doc.circumstanceLabels.10'));
    expect(aPdf).toContain('Розбита передня фара');

    // B's SMS link: five wrong passwords close it for 15 minutes, the right password too.
    const viewB = await b.context().newPage();
    await viewB.goto(smsLink);
    for (let i = 0; i < 5; i++) {
      await viewB.getByLabel(tb('Password')).fill(`00000${i}`);
      await viewB.getByRole('button', { name: tb('Confirm') }).click();
      await expect(viewB.getByRole('button', { name: tb('Confirm') })).toBeEnabled({ timeout: 15_000 });
    }
    await viewB.getByLabel(tb('Password')).fill('154560');
    await viewB.getByRole('button', { name: tb('Confirm') }).click();
    await expect(viewB.getByText(tb('Try again in {retryMinutes} min.', { retryMinutes: 15 }))).toBeVisible({ timeout: 15_000 });
    await expect(viewB.locator('.plate')).toHaveCount(0);

    // Issue 18 item 7 (ST5): B filled in Ukrainian; the SMS link opens in Ukrainian on a Lithuanian browser
    // that never picked a language (say, a family member's laptop), and a picked language still wins.
    const laptop = await browser.newContext({ locale: 'lt-LT', viewport: { width: 390, height: 844 } });
    const onLaptop = await laptop.newPage();
    await onLaptop.goto(smsLink);
    await expect(onLaptop.getByLabel(tb('Password'))).toBeVisible();
    await expect(onLaptop.locator('html')).toHaveAttribute('lang', 'uk');
    await onLaptop.evaluate(() => window.localStorage.setItem('uilang', 'lt'));
    await onLaptop.reload();
    await expect(onLaptop.getByLabel('Slaptažodis')).toBeVisible();
    // The view page in Lithuanian, for the screenshots (A's e-mail link, not the one closed above).
    await onLaptop.goto(emailLink);
    await onLaptop.getByLabel('Slaptažodis').fill('181233');
    await onLaptop.getByRole('button', { name: 'Patvirtinti' }).click();
    await expect(onLaptop.locator('.plate').first()).toHaveText('KLM123', { timeout: 15_000 });
    await fitsViewport(onLaptop, 'the statement detail view (lt)');
    await laptop.close();

    // [VW1] Neither phone ever received the other driver's personal code (their password's source), in any frame.
    expect(frames.b.length).toBeGreaterThan(10);
    expect(frames.b.join('\n')).not.toContain('38703181233');
    expect(frames.a.join('\n')).not.toContain('49207154560');
    expect(frames.a.join('\n')).toContain('38703181233');
    await close();

    // The supervisor revokes both systems (confirmed: it cannot be undone); nothing more is sent to them.
    for (const name of ['LD claims', 'ERGO claims']) {
      await staff.getByRole('button', { name: `Revoke ${name}` }).click();
      await staff.getByRole('dialog', { name: `Revoke ${name}?` }).getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(staff.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
    }
    // The page read again: both webhooks delivered at their first attempt.
    await staff.reload();
    const deliveries = staff.getByRole('table', { name: 'Webhook deliveries, newest first' });
    await expect(deliveries.getByRole('row')).toHaveCount(3);
    await expect(deliveries.getByRole('row').filter({ hasText: 'Delivered' })).toHaveCount(2);
    await staff.screenshot({ path: 'test-results/screenshots/en-console-insurers.png', fullPage: true });

    // Issue 36 item 2: the supervisor gives ERGO's claims handler a console account; it signs in with its own
    // password and authenticator code and sees only its insurer's declarations: this one, with ERGO's number.
    await staff.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Staff' }).click();
    await staff.getByLabel('Name', { exact: true }).fill('Ona Žalienė');
    await staff.getByLabel('E-mail address').fill('ona@ergo.example');
    await staff.getByLabel('First password').fill('Ergo-Zaliene-2026');
    await staff.getByLabel('Role').selectOption({ label: "Insurer's staff (reads only its insurer's declarations)" });
    await staff.getByLabel('Insurer').selectOption({ label: 'ERGO Insurance SE Lietuvos filialas' });
    await staff.getByRole('button', { name: 'Add', exact: true }).click();
    const secret = (await staff.getByRole('status').filter({ hasText: 'Give this key' }).locator('code').first().textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(staff.getByRole('row', { name: /Ona Žalienė/ })).toContainText("Insurer's staff: ERGO Insurance SE Lietuvos filialas");
    const handler = await consoleSignedIn(browser, { email: 'ona@ergo.example', password: 'Ergo-Zaliene-2026', secret });
    await expect(handler.getByRole('navigation', { name: 'Console sections' }).getByRole('link')).toHaveText(['Declarations']);
    await expect(handler.getByRole('heading', { name: "Your insurer's declarations" })).toBeVisible();
    await expect(handler.getByText('No answer from the insurer after two working days')).toHaveCount(0);
    // Newest first: this declaration heads the list (earlier tests on this server may have given ERGO others).
    const first = handler.getByRole('table', { name: 'Received declarations' }).getByRole('row').nth(1);
    await expect(first).toContainText('KLM123');
    await accessible(handler, "an insurer's staff member's declarations");
    await first.getByRole('link').click();
    await expect(handler.getByRole('heading', { name: /^Accident no\. / })).toBeVisible();
    await expect(handler.getByText('ERGO Insurance SE Lietuvos filialas: no. ERGO E2E 2', { exact: false }).first()).toBeVisible();
    await handler.screenshot({ path: 'test-results/screenshots/en-console-insurer-staff.png', fullPage: true });
    await handler.context().close();
    await staff.context().close();
  });
});
