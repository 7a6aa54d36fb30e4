/**
 * The wizard's steps as a driver goes through them, for the end-to-end tests. Selectors are the
 * labels and roles a user (or a screen reader) meets; the UI language is English unless a test
 * says otherwise (the Lithuanian default is checked by its own tests).
 */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { HttpResult } from '@eid/domain/protocol';
import { LOCALE_NATIVE_NAMES, LOCALE_SHORT_NAMES, LOCALE_TAGS, type Locale } from '@eid/domain/constants';
import { pageLang, pageTexts, textsOf, type Texts } from './texts.js';

export const VILNIUS = { latitude: 54.6872, longitude: 25.2797 };

/** A phone-sized context with location and microphone allowed, in the given UI language. */
export async function driverContext(browser: Browser, lang: Locale = 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    geolocation: VILNIUS,
    permissions: ['geolocation', 'microphone'],
    locale: lang === 'en' ? 'en-GB' : LOCALE_TAGS[lang],
  });
  await context.addInitScript((l) => {
    if (!window.localStorage.getItem('uilang')) window.localStorage.setItem('uilang', l);
    // The cookie question answered (no statistics), so its banner covers nothing the tests press.
    if (!window.localStorage.getItem('cookiesAgreed')) {
      window.localStorage.setItem('cookiesAgreed', 'T');
      window.localStorage.setItem('gaAllowed', 'N');
    }
  }, lang);
  return context;
}

/**
 * The current step's next button: the last button of the step's footer, as a person finds it (its
 * name changes with the step and the language: Next, Start, Submit, Back to review). While the next
 * step's screen loads, React keeps the previous step hidden (display: none) under the loading text,
 * with its own footer: only the visible one counts.
 */
export const nextButton = (page: Page) => page.locator('footer.decla-footer').filter({ visible: true }).getByRole('button').last();

/** A vehicle's plate field at the plates step, found by its group and its name (its label, as a screen reader reads it). */
export const plateField = (page: Page, which: 'own' | 'other', lang: Locale = 'en') => {
  const t = textsOf(lang);
  return page
    .getByRole('group', { name: t(which === 'own' ? 'Your vehicle' : 'The other vehicle'), exact: true })
    .getByRole('textbox', { name: t('Plate number'), exact: true });
};

/** The plate field in the page's language. */
const plateOf = async (page: Page, which: 'own' | 'other') => plateField(page, which, await pageLang(page));

/** The plates step has asked the phone where it is and says what came of it (found, or the address to enter). */
async function located(page: Page, t: Texts): Promise<void> {
  const said = [t('Location found.'), t('Location not available: you will enter the address.')].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  await expect(page.getByRole('status').filter({ hasText: new RegExp(said.join('|')) })).toBeVisible();
}

/** The language picker's button (a wizard step's, or the page's banner's): named "<Language>: <the page's language in itself> <its code>". */
export const languageButton = (where: Locator, lang?: Locale) =>
  where.getByRole('button', {
    name: lang
      ? new RegExp(`: ${LOCALE_NATIVE_NAMES[lang]} ${LOCALE_SHORT_NAMES[lang]}$`)
      : new RegExp(`: (${(Object.keys(LOCALE_NATIVE_NAMES) as Locale[]).map((l) => `${LOCALE_NATIVE_NAMES[l]} ${LOCALE_SHORT_NAMES[l]}`).join('|')})$`),
  });

/**
 * §5: the language picker (a wizard step's, or the page's banner's) switches the texts in place: its dialog lists
 * each language in itself. Waits until the picker names the new language: the same render as the page's new texts,
 * so what is checked next is in that language.
 */
export async function switchLanguage(page: Page, lang: Locale, where: Locator = page.locator('.decla')): Promise<void> {
  await languageButton(where).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: LOCALE_NATIVE_NAMES[lang], exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The focus is back on the picker (as the person left it), once the dialog has left the page.
  await expect(languageButton(where, lang)).toBeFocused();
}

export async function next(page: Page): Promise<void> {
  const button = nextButton(page);
  await expect(button).toHaveAttribute('aria-disabled', 'false', { timeout: 15_000 });
  await button.click();
}

export async function expectStep(page: Page, step: number): Promise<void> {
  await expect(page.locator('.decla')).toHaveAttribute('data-step', String(step), { timeout: 20_000 });
  // The step's own screen is shown (not the loading text over the previous, hidden one).
  await expect(page.locator('.decla-body section.step').filter({ visible: true })).toHaveCount(1, { timeout: 20_000 });
}

/** From the home page to the intro of a declaration in a mode. */
export async function start(page: Page, mode: 'live' | 'practice'): Promise<void> {
  await page.goto('/');
  // The page's language is known once the app has drawn (it activates the language first): the HTML's own says lt until then.
  await expect(page.locator('#app h1').first()).toBeVisible({ timeout: 15_000 });
  const t = await pageTexts(page);
  await page.getByRole('button', { name: t(mode === 'live' ? 'Declare an accident' : 'Practise first (nothing is sent)') }).click();
  await expectStep(page, 1);
  await expect(page.getByRole('link', { name: t('Call 112') })).toHaveAttribute('href', 'tel:112');
}

export async function introAndTerms(page: Page, mode: 'live' | 'practice'): Promise<void> {
  await next(page);
  if (mode === 'practice') {
    await expectStep(page, 2);
    await next(page);
  }
  await expectStep(page, 3);
  const t = await pageTexts(page);
  // Issue 18 item 12: the screens before "Step 1 of 9" say what they are.
  await expect(page.getByText(t('Getting started, then {0} steps', { 0: 9 }))).toBeVisible();
  await page.getByLabel(t('I was driving one of the vehicles in this accident, and the data I give will be true.')).check();
  await page.getByLabel(t('I have read the <0>declaring rules</0>.')).check();
  await page.getByLabel(t('I agree that my data is processed as the <0>privacy policy</0> says.')).check();
  await next(page);
  await expectStep(page, 4);
}

export async function plates(page: Page, own: string, other: string, opts: { oneDevice?: boolean } = {}): Promise<void> {
  const t = await pageTexts(page);
  await (await plateOf(page, 'own')).fill(own);
  await (await plateOf(page, 'other')).fill(other);
  if (opts.oneDevice) await page.getByLabel(t('I fill in the declaration for both drivers on this device')).check();
  await located(page, t);
  await next(page);
  await expectStep(page, 5);
}

/** Every text frame the page's sockets receive, as a person with the browser's tools could read them. */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8'))));
  return frames;
}

/**
 * The plates entered on a phone that asks to join (JN1): its screen shows the code the driver
 * already in must confirm. Resolves that code.
 */
export async function platesAskingToJoin(page: Page, own: string, other: string, { codeTimeout = 15_000 }: { readonly codeTimeout?: number } = {}): Promise<string> {
  const t = await pageTexts(page);
  await (await plateOf(page, 'own')).fill(own);
  await (await plateOf(page, 'other')).fill(other);
  await located(page, t);
  await nextButton(page).click();
  const code = page.getByRole('status').filter({ hasText: t('The other driver is asked to let you join. Show them this code; they confirm it on their phone:') }).locator('.join-code');
  // The join goes through the captcha's proof of work and the socket: seconds on a busy machine (5 s failed once under a trace).
  await expect(code).toHaveText(/^\d{4}$/, { timeout: codeTimeout });
  return (await code.textContent()) ?? '';
}

/** The driver already in sees the request with the same code and answers it. */
export async function answerJoin(page: Page, code: string, accept: boolean): Promise<void> {
  const t = await pageTexts(page);
  const dialog = page.getByRole('dialog', { name: t('Is the other driver next to you?') });
  await expect(dialog.locator('.join-code')).toHaveText(code);
  await dialog.getByRole('button', { name: t(accept ? 'Yes, the code is the same: let them join' : 'No, I do not know this phone') }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Drivers A and B on two phones (browser contexts), live: A starts with its plates, B enters the
 * same two the other way round and asks to join as B; A confirms the code both screens show. Both
 * are then on step 5.
 */
export async function twoDriversMeet(
  browser: Browser,
  plateA: string,
  plateB: string,
  langs: { a: Locale; b: Locale } = { a: 'en', b: 'en' },
): Promise<{ a: Page; b: Page; frames: { a: string[]; b: string[] }; close(): Promise<void> }> {
  const ctxA = await driverContext(browser, langs.a);
  const ctxB = await driverContext(browser, langs.b);
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const frames = { a: recordFrames(a), b: recordFrames(b) };
  await start(a, 'live');
  await introAndTerms(a, 'live');
  await plates(a, plateA, plateB);
  await start(b, 'live');
  await introAndTerms(b, 'live');
  const code = await platesAskingToJoin(b, plateB.replace(/[\s-]/g, '').toUpperCase(), plateA.replace(/[\s-]/g, '').toUpperCase());
  await answerJoin(a, code, true);
  await expectStep(b, 5);
  return { a, b, frames, close: async () => void (await Promise.all([ctxA.close(), ctxB.close()])) };
}

export async function contactByEmail(page: Page, party: 'A' | 'B', email: string): Promise<void> {
  const form = page.locator('fieldset.contact-form').filter({ has: page.locator(`#contact-${party}-tel, #contact-${party}-email`) });
  await form.getByText((await pageTexts(page))('E-mail'), { exact: true }).click();
  await page.locator(`#contact-${party}-email`).fill(email);
  await page.locator(`#contact-${party}-email`).blur();
}

/** The phone path: the code is read from the local outbox's developer page. */
export async function contactByPhone(page: Page, party: 'A' | 'B', phone: string): Promise<void> {
  const t = await pageTexts(page);
  await page.locator(`#contact-${party}-tel`).fill(phone);
  await page.locator(`#contact-${party}-tel`).blur();
  await page.locator('fieldset.contact-form').nth(party === 'A' ? 0 : 0).getByRole('button', { name: t('Send the code by SMS') }).first().click();
  let code: string | null = null;
  // Practice mode shows the code in the page (after the simulated send); live mode leaves it in the outbox.
  const practice = page.getByText(new RegExp(t('Practice: no SMS is sent. Your code is {practiceCode}.', { practiceCode: '(\\d{6})' }).replace(/\./g, '\\.')));
  const e164 = phone.replace(/\s/g, '');
  await expect
    .poll(async () => {
      if (await practice.isVisible().catch(() => false)) {
        code = /(\d{6})/.exec((await practice.textContent()) ?? '')?.[1] ?? null;
        return code;
      }
      const res = await page.request.get('/serveris/dev/outbox');
      const body = (await res.json()) as HttpResult<'devOutbox'>;
      const sms = body.messages.find((m) => m.channel === 'sms' && m.to[0] === e164);
      code = sms ? (/(\d{6})/.exec(sms.text)?.[1] ?? null) : null;
      return code;
    })
    .not.toBeNull();
  // Six digits confirm by themselves (issue 18 item 2).
  await page.locator(`#contact-${party}-code`).fill(code ?? '');
  await expect(page.getByText(t('Phone confirmed.'))).toBeVisible();
}

export async function pickAddress(page: Page, inputId: string, typed: string, option: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveValue(option);
}

/** A real JPEG drawn in the page (a coloured scene with a label), as upload bytes. */
export async function jpeg(page: Page, label: string, colour = '#3a7bd5'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base64 = await page.evaluate(
    ({ label, colour }) => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 480;
      const g = c.getContext('2d')!;
      g.fillStyle = colour;
      g.fillRect(0, 0, 640, 480);
      g.fillStyle = '#fff';
      g.font = 'bold 48px sans-serif';
      g.fillText(label, 40, 260);
      return c.toDataURL('image/jpeg', 0.8).split(',')[1]!;
    },
    { label, colour },
  );
  return { name: `${label.replace(/\W+/g, '-').toLowerCase()}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

export async function photos(page: Page, party: 'A' | 'B', withOverview: boolean): Promise<void> {
  if (withOverview) {
    await page.getByTestId(`photos-${party}-overview`).setInputFiles(await jpeg(page, `scene ${party}`, '#5b8c5a'));
    // The photo is prepared in the page (practice: the canvas pipeline too): seconds on a busy machine.
    await expect(page.locator('.photo-section').first().locator('.thumbs img')).not.toHaveCount(0, { timeout: 15_000 });
  }
  await page.getByTestId(`photos-${party}-plates`).setInputFiles(await jpeg(page, `plate ${party}`, '#888'));
  await page.getByTestId(`photos-${party}-damages`).setInputFiles(await jpeg(page, `damage ${party}`, '#b33'));
  await expect(page.locator('.thumb-uploading')).toHaveCount(0, { timeout: 15_000 });
}

export async function damages(page: Page, party: 'A' | 'B', text: string, withAudio: boolean): Promise<void> {
  const t = await pageTexts(page);
  const section = page.locator('.party-damages').filter({ has: page.locator(`#damages-${party}`) });
  await section.getByRole('button', { name: t('rear'), exact: true }).click();
  await page.locator(`#damages-${party}`).fill(text);
  await page.locator(`#damages-${party}`).blur();
  if (withAudio) {
    await section.getByRole('button', { name: t('Record'), exact: true }).click();
    await expect(section.getByText(t('Recording…'))).toBeVisible();
    // A voice note of a little over a second: the recording's own length, not a wait for something to happen.
    await page.waitForTimeout(1200);
    await section.getByRole('button', { name: t('Stop and save') }).click();
    await expect(section.getByText(t('A voice note is saved.'))).toBeVisible({ timeout: 15_000 });
    await expect(section.locator('audio')).toBeVisible({ timeout: 15_000 });
  }
}

export async function circumstances(page: Page, party: 'A' | 'B', keys: string[]): Promise<void> {
  for (const k of keys) await page.locator(`#cond-${party}-${k}`).check();
}

export async function scheme(page: Page): Promise<void> {
  const t = await pageTexts(page);
  await page.getByRole('button', { name: t('Vehicle A'), exact: true }).click();
  await page.getByRole('button', { name: t('Vehicle B'), exact: true }).click();
  await page.getByRole('button', { name: t('Turn right') }).click();
  // Issue 18 item 12 (WCAG 2.5.5): each drawn vehicle is grabbed within 44 × 44 CSS pixels at least, though drawn smaller.
  const targets = await page.evaluate(() => {
    const konva = (window as unknown as { Konva?: { stages: Array<{ find(selector: string): Array<{ getClientRect(): { width: number; height: number } }> }> } }).Konva;
    return konva?.stages.at(-1)?.find('.vehicle-hit').map((n) => n.getClientRect()) ?? null;
  });
  expect(targets).toHaveLength(2);
  for (const r of targets ?? []) {
    expect(r.width).toBeGreaterThanOrEqual(44);
    expect(r.height).toBeGreaterThanOrEqual(44);
  }
  // A line drawn freehand across the canvas.
  await page.getByRole('button', { name: t('Draw freely') }).click();
  const box = await page.locator('.scheme-canvas canvas').last().boundingBox();
  if (!box) throw new Error('no scheme canvas');
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 40 + i * 20, box.y + 40 + i * 8);
  await page.mouse.up();
  // Nothing more: Next saves the drawing on screen (issue 18 item 4).
}

export async function driverData(
  page: Page,
  party: 'A' | 'B',
  d: { name: string; surname: string; code: string; address: [string, string] },
): Promise<void> {
  const id = `driver-${party}`;
  await page.locator(`#${id}-name`).fill(d.name);
  await page.locator(`#${id}-surname`).fill(d.surname);
  await page.locator(`#${id}-code`).fill(d.code);
  await page.locator(`#${id}-code`).blur();
  await pickAddress(page, `${id}-address`, d.address[0], d.address[1]);
  await page.locator(`#${id}-name`).focus();
  await page.locator(`#${id}-name`).blur();
}

/** Draws a name-like trace on a pad (saved by itself once the driver stops drawing). */
export async function drawSignature(page: Page, party: 'A' | 'B'): Promise<void> {
  const pad = page.getByTestId(`signature-${party}`);
  // In the middle of the screen: the sticky footer covers the bottom of the viewport.
  await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 0; i <= 40; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 40), box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)));
  }
  await page.mouse.up();
}

/** Signs on a pad; the signature saves itself and takes the pad's place (issue 18 item 4: no empty pad left below it). */
export async function sign(page: Page, party: 'A' | 'B'): Promise<void> {
  const t = await pageTexts(page);
  const section = page.getByRole('region', { name: t('Signature of driver {party}', { party }) });
  await drawSignature(page, party);
  await expect(section.getByText(t('Signed and saved.'))).toBeVisible({ timeout: 15_000 });
  await expect(section.getByTestId(`signature-${party}`)).toHaveCount(0);
  await expect(section.getByRole('button', { name: t('Sign again') })).toBeVisible();
}

export async function confirmInsurer(page: Page): Promise<void> {
  const t = await pageTexts(page);
  // "Confirm {0}" and "…insurer: {0}." in the page's language, the insurer's name as a wildcard.
  const pattern = (text: string, anchored: boolean) => new RegExp(`${anchored ? '^' : ''}${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('@@', '.*')}`);
  const confirm = page.getByRole('button', { name: pattern(t('Confirm {0}', { 0: '@@' }), true) }).first();
  await confirm.click();
  await expect(page.getByText(new RegExp([t("Your vehicle's insurer: {0}.", { 0: '@@' }), t('The insurer of vehicle {party}: {0}.', { party: '@@', 0: '@@' })].map((s) => pattern(s, false).source).join('|'))).first()).toBeVisible();
}

export async function chooseGuilty(page: Page, choice: 'Driver A' | 'Driver B' | 'Both drivers', group = 0): Promise<void> {
  const t = await pageTexts(page);
  await page.locator('fieldset.guilt [role=radiogroup]').nth(group).getByText(t(choice), { exact: true }).click();
}

/** Confirms the register's insurer for each vehicle still without one. */
export async function confirmAllInsurers(page: Page): Promise<void> {
  const open = page.locator('fieldset.insurer');
  for (let left = await open.count(); left > 0; left = await open.count()) {
    await open.first().locator('button.button--small').click();
    await expect(open).toHaveCount(left - 1, { timeout: 10_000 });
  }
}


/** One device fills both parts, from the contacts to the submit; screenshots each step if asked. */
export async function fillBoth(page: Page, shot: (name: string) => Promise<void>, practice: boolean, stopAt = 14): Promise<void> {
  await expectStep(page, 5);
  if (practice) {
    // PH7: written as people write it at home, read as the international number.
    await contactByPhone(page, 'A', '861234567');
    await expect(page.locator('#contact-A-tel')).toHaveValue('+37061234567');
  } else {
    await contactByEmail(page, 'A', 'vairuotojas.a@example.lt');
  }
  await contactByEmail(page, 'B', 'vairuotojas.b@example.lt');
  await shot('05-contacts');
  await next(page);

  await expectStep(page, 6);
  await pickAddress(page, 'accident-address', 'ukmerges 21', 'Ukmergės g. 21, Vilnius');
  // Issue 18 item 3 (AD6): an accident place is a street and a house number at most: no apartment is asked, though the building has apartments.
  await expect(page.getByText('Enter the apartment number.')).toHaveCount(0);
  await expect(page.locator('#accident-address-apartment')).toHaveCount(0);
  // Issue 18 item 12: no ✓ drawn over the browser's own date and time picker icons.
  await expect(page.locator('.field--done:has(input[type=date]), .field--done:has(input[type=time]), .field--done:has(input[type=datetime-local])')).toHaveCount(0);
  await shot('06-witnesses');
  await next(page);

  await expectStep(page, 7);
  if (stopAt === 7) return;
  await photos(page, 'A', true);
  await photos(page, 'B', false);
  await shot('07-photos');
  await next(page);

  await expectStep(page, 8);
  // Issue 18 item 12: the damage drawing says which way is the front.
  await expect(page.getByText('Front of the vehicle').first()).toBeVisible();
  await damages(page, 'A', 'Dented rear door', false);
  await damages(page, 'B', 'Broken headlight', false);
  await shot('08-damages');
  await next(page);

  await expectStep(page, 9);
  await circumstances(page, 'A', ['14']);
  await circumstances(page, 'B', ['11']);
  await shot('09-conditions');
  await next(page);

  await expectStep(page, 10);
  if (stopAt === 10) return;
  await scheme(page);
  await shot('10-scheme');
  await next(page);

  await expectStep(page, 11);
  if (stopAt === 11) return;
  await driverData(page, 'A', { name: 'Petras', surname: 'Jonaitis', code: '38001012221', address: ['Pilies 14', 'Pilies g. 14, Vilnius'] });
  await driverData(page, 'B', { name: 'Rūta', surname: 'Kazlauskienė', code: '48505053336', address: ['Konstitucijos 10', 'Konstitucijos pr. 10, Vilnius'] });
  await shot('11-driver');
  await next(page);

  await expectStep(page, 12);
  if (stopAt === 12) return;
  await finishFromPreview(page, shot);
}

/** One device at the preview (step 12) goes on to the signatures, where both say B caused the accident. */
export async function toSignaturesWithBAtFault(page: Page): Promise<void> {
  await expectStep(page, 12);
  await expect(page.locator('.step-preview .confirmed')).toBeVisible({ timeout: 15_000 });
  await next(page);
  await expectStep(page, 13);
  await chooseGuilty(page, 'Driver B', 0);
  await chooseGuilty(page, 'Driver B', 1);
}

/** From the preview (step 12): both confirm, B is at fault, the insurers confirmed, both sign, and the end screen. */
export async function finishFromPreview(page: Page, shot: (name: string) => Promise<void> = async () => {}): Promise<void> {
  await expectStep(page, 12);
  await expect(page.locator('.step-preview .confirmed')).toBeVisible({ timeout: 15_000 });
  await shot('12-preview');
  await next(page);

  await expectStep(page, 13);
  await chooseGuilty(page, 'Driver B', 0);
  await chooseGuilty(page, 'Driver B', 1);
  await expect(page.locator('.guilt-status')).toHaveClass(/guilt-status--resolved/);
  await confirmAllInsurers(page);
  await sign(page, 'A');
  await sign(page, 'B');
  await shot('13-signatures');
  await next(page);
  await expectStep(page, 14);
  await shot('14-end');
}

