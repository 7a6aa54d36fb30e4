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
  test.setTimeout(180_000);
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
    const { a, b, frames, close } = await twoDriversMeet(browser, 'klm 123', 'HBN-512');
    await expect(a.getByText('The other driver is connected')).toBeVisible();
    await expect(b.getByText('The other driver is connected')).toBeVisible();

    // Contacts: A by e-mail, B by phone with the SMS code.
    await contactByEmail(a, 'A', 'jonas.petraitis@example.lt');
    // The confirmation link in A's mailbox confirms the address; A's phone shows it live.
    const confirmLink = await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', /\/confirm\?t=[^\s"<]+/);
    const mailbox = await a.context().newPage();
    await mailbox.goto(confirmLink);
    await expect(mailbox.getByText('The address jonas.petraitis@example.lt is confirmed.', { exact: false })).toBeVisible();
    // The token does not stay in the address bar.
    await expect(mailbox).toHaveURL(/\/confirm$/);
    await accessible(mailbox, 'the e-mail confirmation page');
    await mailbox.close();
    await expect(a.getByText('E-mail confirmed.')).toBeVisible({ timeout: 10_000 });
    await next(a);
    await contactByPhone(b, 'B', '+370 698 76543');
    await fitsViewport(b, 'the contacts step with a phone confirmed by SMS (live)');
    await next(b);
    await expectStep(a, 6);
    await expectStep(b, 6);

    // Time and place: A picks the address; B sees it without reloading.
    await pickAddress(a, 'accident-address', 'gedimino 10', 'Gedimino pr. 10, Vilnius');
    await expect(b.locator('#accident-address')).toHaveValue('Gedimino pr. 10, Vilnius', { timeout: 10_000 });
    await a.getByRole('button', { name: 'Add a witness' }).click();
    await a.locator('#witness-A-0-name').fill('Rasa');
    await a.locator('#witness-A-0-surname').fill('Kairienė');
    // PH7 (issue 34): the witness's number as Lithuanians write it is read as the international one when the field is left.
    await a.locator('#witness-A-0-phone').fill('8 611 11111');
    await a.locator('#witness-A-0-phone').blur();
    await expect(a.locator('#witness-A-0-phone')).toHaveValue('+370 611 11111');
    await expect(b.getByRole('heading', { name: 'Time, place and your witnesses' })).toBeVisible();
    await next(a);

    // Photos: the scene photo A takes counts for B too.
    await expectStep(a, 7);
    // B sees where A is, live.
    await expect(b.getByText('The other driver is connected · at step 3 of 9')).toBeVisible({ timeout: 10_000 });
    await next(b);
    await photos(a, 'A', true);
    await expectStep(b, 7);
    await expect(b.locator('.photo-section').first().locator('.thumbs img')).toHaveCount(1, { timeout: 10_000 });
    await photos(b, 'B', false);
    await next(a);
    await next(b);

    // Damages: A with a voice note.
    await damages(a, 'A', 'Įlenktas galinis bamperis', true);
    await damages(b, 'B', 'Sudaužytas priekinis žibintas', false);
    await next(a);
    await next(b);

    await circumstances(a, 'A', ['2']);
    await circumstances(b, 'B', ['10']);
    // Incompatible circumstances are disabled.
    await expect(b.locator('#cond-B-1')).toBeDisabled();
    // Issue 18 item 12: the reason is shown, not only told to screen readers.
    await expect(b.locator('#cond-B-why-note')).toBeVisible();
    await expect(b.locator('#cond-B-why-note')).toHaveText('Greyed out: these cannot be ticked together with what is already ticked.');
    await expect(b.locator('#cond-B-1')).toHaveAccessibleDescription('Cannot be ticked with what is already ticked.');
    await next(a);
    await next(b);

    // The scheme drawn by A is B's too. Issue 18 item 4: A draws and presses Next at once, no Save button: the drawing is kept.
    await expectStep(a, 10);
    await scheme(a);
    await next(a);
    await expectStep(a, 11);
    await expectStep(b, 10);
    await expect(b.getByAltText('The saved accident scheme')).toBeVisible({ timeout: 10_000 });
    // Issue 35: B downloads A's drawing from the hub (a data: address); A's own is never sent back to A (below, its signature).
    await expect(b.getByAltText('The saved accident scheme')).toHaveAttribute('src', /^data:image\//);
    await next(b);

    await driverData(a, 'A', { name: 'Jonas', surname: 'Petraitis', code: '38703181233', address: ['Pilies 12', 'Pilies g. 12, Vilnius'] });
    await expect(a.locator('#driver-A-dob')).toHaveValue('1987-03-18');
    await next(a);
    await driverData(b, 'B', { name: 'Ona', surname: 'Žemaitytė', code: '49207154560', address: ['Laisvės al 54', 'Laisvės al. 54, Kaunas'] });
    await next(b);

    // Preview: everything there; on to the signatures.
    await expectStep(a, 12);
    await expectStep(b, 12);
    await expect(a.getByText('Everything is filled in. Check it and continue to the signatures.')).toBeVisible({ timeout: 15_000 });
    await expect(b.locator('.summary-card').filter({ hasText: 'Driver and vehicle A' })).toContainText('Jonas Petraitis');
    // A's voice note about the damages plays on both phones.
    // (Issue 35: A plays its own recording from the phone, B the one downloaded from the hub.)
    for (const [page, src] of [
      [a, /^blob:/],
      [b, /^data:audio\/[a-z0-9]+;base64,.{100,}/],
    ] as const) {
      const note = page.locator('.summary-card').filter({ hasText: 'Driver and vehicle A' }).locator('.voice-note[data-audio-type=DAMAGES] audio');
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
    await expect(a.getByText('Waiting for the other driver to choose.')).toBeVisible();
    await chooseGuilty(b, 'Driver B');
    await expect(a.getByText('Your choices differed. Talk it over and both choose again.')).toBeVisible();
    await expect(b.getByText('Your choices differed. Talk it over and both choose again.')).toBeVisible();
    await chooseGuilty(a, 'Driver A');
    await chooseGuilty(b, 'Driver A');
    await expect(a.getByText('Agreed: Driver A.')).toBeVisible();
    await expect(b.getByText('Agreed: Driver A.')).toBeVisible();

    await confirmInsurer(a);
    await confirmInsurer(b);
    // Issue 18 item 8 (GL5): whose insurer it is and what it means, in plain words.
    await expect(a.getByText('You are at fault, so your insurer pays the other driver\'s damage.')).toBeVisible();
    await expect(b.getByText('You are not at fault: your damage is paid by the insurer of the driver at fault, not by yours.')).toBeVisible();
    await sign(a, 'A');
    // Issue 35: the signature A drew is shown from A's phone itself (a blob: address), not downloaded back from the hub.
    await expect(a.getByAltText('Your saved signature')).toHaveAttribute('src', /^blob:/);
    // Issue 18 item 1: the live-only screens fit the phone too (the insurers' plain words, the live guilt state).
    await fitsViewport(a, 'the signatures step (live, A)');
    await fitsViewport(b, 'the signatures step (live, B)');

    // Issue 18 item 4: B signs and presses Submit at once: the signature on the pad is saved first, not refused as missing.
    // B submits and waits for A; A submits; both see the result.
    await drawSignature(b, 'B');
    await next(b);
    await expect(b.getByText('You have submitted. Waiting for the other driver to submit.')).toBeVisible({ timeout: 15_000 });
    await next(a);
    await expectStep(a, 14);
    await expectStep(b, 14);
    await expect(a.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    await expect(b.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    await fitsViewport(a, 'the end screen (live, with the view link)');
    // Issue 18 item 12: the guidance reads as plain English (not "An uninsured culprit must tell…").
    await expect(b.getByText('If the driver at fault has no insurance, they must inform the bureau in writing within 3 working days.', { exact: false })).toBeVisible();
    await expect(a.getByTestId('view-link-A')).toHaveAttribute('href', /^\/a\/[A-Za-z0-9_-]{22,}\?lang=en$/);
    await expect(a.getByText('The insurer of driver A, at fault: Lietuvos draudimas')).toBeVisible();

    // What was delivered: B's SMS with the short link, A's e-mail with the long one, the insurer's copy.
    const smsLink = await linkInOutbox(b, 'sms', '+37069876543', /https?:\/\/[^\s]+\/a\/[A-Za-z0-9_-]{22,}\?lang=en/);
    const emailLink = await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', /https?:\/\/[^\s"<]+\/accidents\/[A-Za-z0-9_-]{22,}\/statements\/[A-Za-z0-9_-]{22,}\?lang=en/);
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
    await linkInOutbox(b, 'sms', '+37069876543', /ERGO Insurance SE Lietuvos filialas registered your claim no\. ERGO E2E 2/);
    await linkInOutbox(a, 'email', 'jonas.petraitis@example.lt', /Lietuvos draudimas registered your claim for the road accident/);
    // B's statement (on another browser) shows ERGO's number, not A's insurer's.
    const bLaptop = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const bView = await bLaptop.newPage();
    await bView.goto(smsLink);
    await bView.getByLabel('Password').fill('154560');
    await bView.getByRole('button', { name: 'Confirm' }).click();
    const bClaim = bView.getByRole('region', { name: "Your insurer's claim" });
    await expect(bClaim).toContainText('ERGO Insurance SE Lietuvos filialas registered your claim no. ERGO E2E 2.', { timeout: 15_000 });
    await expect(bClaim).not.toContainText('LD-E2E-0001');
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
    await expect(viewA.getByLabel('Password')).toBeVisible();
    await accessible(viewA, 'the statement password form');
    await viewA.getByLabel('Password').fill('000000');
    await viewA.getByRole('button', { name: 'Confirm' }).click();
    await expect(viewA.getByText('The declaration cannot be loaded from this link with this password.', { exact: false })).toBeVisible({ timeout: 15_000 });
    await viewA.getByLabel('Password').fill('181233');
    await viewA.getByRole('button', { name: 'Confirm' }).click();
    await expect(viewA.getByRole('heading', { name: 'Road accident declaration' })).toBeVisible();
    await expect(viewA.locator('.plate').first()).toHaveText('KLM123', { timeout: 15_000 });
    await expect(viewA.locator('.plate').nth(1)).toHaveText('HBN512');
    await expect(viewA.getByRole('region', { name: "Your insurer's claim" })).toContainText('Lietuvos draudimas registered your claim no. LD-E2E-0001.');
    await accessible(viewA, 'the statement detail view');
    // Issue 18 item 1: the statement fits a 390 px phone (the scheme image no wider than the page).
    await expect(viewA.getByRole('img', { name: 'Scheme of the accident' })).toBeVisible();
    await fitsViewport(viewA, 'the statement detail view');
    await viewA.screenshot({ path: 'test-results/screenshots/en-15-view-page.png', fullPage: true });
    const [download] = await Promise.all([viewA.waitForEvent('download'), viewA.getByTestId('download-0').click()]);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Encrypted: the document opens only with the password.
    expect(pdf.toString('latin1')).toMatch(/\/Encrypt\s/);

    // B's SMS link: five wrong passwords close it for 15 minutes, the right password too.
    const viewB = await b.context().newPage();
    await viewB.goto(smsLink);
    for (let i = 0; i < 5; i++) {
      await viewB.getByLabel('Password').fill(`00000${i}`);
      await viewB.getByRole('button', { name: 'Confirm' }).click();
      await expect(viewB.getByRole('button', { name: 'Confirm' })).toBeEnabled({ timeout: 15_000 });
    }
    await viewB.getByLabel('Password').fill('154560');
    await viewB.getByRole('button', { name: 'Confirm' }).click();
    await expect(viewB.getByText('Try again in 15 min.')).toBeVisible({ timeout: 15_000 });
    await expect(viewB.locator('.plate')).toHaveCount(0);

    // Issue 18 item 7 (ST5): B filled in English; the SMS link opens in English on a Lithuanian browser
    // that never picked a language (say, a family member's laptop), and a picked language still wins.
    const laptop = await browser.newContext({ locale: 'lt-LT', viewport: { width: 390, height: 844 } });
    const onLaptop = await laptop.newPage();
    await onLaptop.goto(smsLink);
    await expect(onLaptop.getByLabel('Password')).toBeVisible();
    await expect(onLaptop.locator('html')).toHaveAttribute('lang', 'en');
    await onLaptop.evaluate(() => window.localStorage.setItem('uilang', 'lt'));
    await onLaptop.reload();
    await expect(onLaptop.getByLabel('Slaptažodis')).toBeVisible();
    // The view page in Lithuanian, for the screenshots (A's e-mail link, not the one closed above).
    await onLaptop.goto(emailLink);
    await onLaptop.getByLabel('Slaptažodis').fill('181233');
    await onLaptop.getByRole('button', { name: 'Patvirtinti' }).click();
    await expect(onLaptop.locator('.plate').first()).toHaveText('KLM123', { timeout: 15_000 });
    await fitsViewport(onLaptop, 'the statement detail view (lt)');
    await onLaptop.screenshot({ path: 'test-results/screenshots/lt-15-view-page.png', fullPage: true });
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
