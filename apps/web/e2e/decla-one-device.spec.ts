import { expect, test } from './helpers/test.js';
import { accessible, fitsViewport, wordsWhole } from './helpers/axe.js';
import { confirmAllInsurers, driverContext, expectStep, fillBoth, introAndTerms, next, nextButton, plates, sign, start, switchLanguage, toSignaturesWithBAtFault } from './helpers/decla.js';
import { textsOf } from './helpers/texts.js';
import type { Locale } from '@eid/domain/constants';

// With the app's service worker, as a phone has it (playwright.config.ts blocks it elsewhere): practice's install
// prompt, and a practice that sends nothing even with it.
test.use({ serviceWorkers: 'allow' });

/** Issue 37: the languages beside Lithuanian and English, each step checked in each (no baselines: their pictures are kept to be looked at). */
const MORE: readonly Locale[] = ['pl', 'lv', 'uk', 'ru', 'de'];
/**
 * Their pictures (each step in each of the five, full page, to be looked at) are taken with EID_E2E_PICTURES=1: 70 of
 * them took 15-20 s of every run, and nothing compares them. Their checks (fits 390 px, axe, labels) run always.
 */
const KEEP_PICTURES = process.env.EID_E2E_PICTURES === '1';

/** The steps compared light and dark (apps/web/e2e/visual/); every step is compared light at 390 and 1280 px. */
const THEMED_STEPS = new Set(['01-intro', '02-demo', '03-terms', '04-plates']);
/** Steps with a drawing on a canvas, not resized to 1280 px in the middle of the walk (the canvas would be drawn again). */
const CANVAS_STEPS = new Set(['10-scheme', '13-signatures']);
const LOOK = { fullPage: true, scale: 'css', animations: 'disabled', caret: 'hide' } as const;

test.describe('one device fills for both drivers', () => {
  test.setTimeout(180_000);

  test('live: one phone fills both parts, both sign on it, and the declaration is sent', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const page = await ctx.newPage();
    await start(page, 'live');
    await introAndTerms(page, 'live');
    await plates(page, 'LRA908', 'GTE274', { oneDevice: true });
    await fillBoth(page, async () => {}, false, 12);
    await toSignaturesWithBAtFault(page);
    await confirmAllInsurers(page);
    // Issue 34: a stroke too short to be a signature is not kept, and the pad says so (it used to say nothing).
    const pad = page.getByTestId('signature-A');
    await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 46, box.y + 42);
    await page.mouse.up();
    const region = page.getByRole('region', { name: 'Signature of driver A' });
    await expect(region.getByText('Not saved: too short to keep as a signature.', { exact: false })).toBeVisible({ timeout: 10_000 });
    await region.getByRole('button', { name: 'Clear' }).click();
    // Issue 34: something appearing above the pad mid-stroke (as the insurer's confirmation did on a slow connection) does
    // not move the pad under the finger, and the whole stroke is kept: the signature is saved.
    await pad.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const before = (await pad.boundingBox())!;
    await page.mouse.move(before.x + 20, before.y + before.height * 0.7);
    await page.mouse.down();
    for (let i = 0; i <= 20; i++) await page.mouse.move(before.x + 20 + i * ((before.width - 40) / 40), before.y + before.height * (0.5 + 0.3 * Math.sin(i / 3)));
    await page.locator('.step-signatures').evaluate((step) => {
      const arrived = document.createElement('p');
      arrived.style.height = '120px';
      arrived.textContent = 'Confirmed: the insurer';
      step.prepend(arrived);
    });
    await expect.poll(async () => Math.round((await pad.boundingBox())!.y)).toBe(Math.round(before.y));
    for (let i = 21; i <= 40; i++) await page.mouse.move(before.x + 20 + i * ((before.width - 40) / 40), before.y + before.height * (0.5 + 0.3 * Math.sin(i / 3)));
    await page.mouse.up();
    await expect(region.getByText('Signed and saved.')).toBeVisible({ timeout: 15_000 });
    await region.getByRole('button', { name: 'Sign again' }).click();
    await sign(page, 'A');
    await sign(page, 'B');
    await next(page);
    await expectStep(page, 14);
    await expect(page.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    // The end screen's account offer opens the registration with the declaration's e-mail.
    await page.getByRole('button', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'A new account' });
    await expect(register.getByLabel('E-mail address')).toHaveValue(/^vairuotojas\.[ab]@example\.lt$/);
    await ctx.close();
  });

  test('practice: every step works in the page, sends nothing to the server, and in each of the seven languages (switched in place by the step\'s picker) passes the WCAG 2.1 AA checks of axe and fits 390 px; English and Lithuanian compared with their approved pictures', async ({ browser }) => {
    test.setTimeout(360_000);
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    // From the moment practice is chosen (the shell's own calls on loading the home page are not the declaration's).
    let practising = false;
    const backendCalls: string[] = [];
    // The shell's own loaders (the tag manager's and the captcha's parameters, apps/web/src/shell/loaders.ts) read them a
    // second or more after start-up whatever the mode, retrying with a doubling delay: they are the shell's, not the
    // declaration's. Waiting for them on each of the seven visits of the home page took 20 s of this walk.
    const shellLoaders = new Set(['/serveris/parametrai/gtm', '/serveris/parametrai/recaptcha']);
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (practising && !shellLoaders.has(path) && (path.startsWith('/serveris/') || path.startsWith('/getFile'))) backendCalls.push(path);
    });
    page.on('websocket', (ws) => backendCalls.push(`websocket ${ws.url()}`));
    /** Extra checks of a step in one language, before it is photographed. */
    const alsoIn: Record<string, (lang: Locale) => Promise<void>> = {
      // Issue 18 item 12: the impact points read in the reader's language on the review ("galas", not "rear"); what was typed stays as typed.
      '12-preview': async (lang) => {
        const point = textsOf(lang)('rear');
        await expect(page.getByText(`${point} — Dented rear door`)).toBeVisible();
        await expect(page.getByText(`${point} — Broken headlight`)).toBeVisible();
        if (lang !== 'en') await expect(page.getByText(/^rear —/)).toHaveCount(0);
      },
      // Issue 18 item 12: the guilt choices break between words, never inside one ("Vairuotoja/s A"), at 390 px.
      '13-signatures': (lang) => wordsWhole(page, 'fieldset.guilt .segmented label', `the guilt choices (${lang})`),
      '14-end': (lang) => expect(page.getByRole('heading', { name: textsOf(lang)('Practice finished') })).toBeVisible(),
    };
    /** A step in a language: fits 390 px, axe, labels beside their values; its picture kept in test-results to be looked at. */
    const check = async (lang: Locale, name: string) => {
      await alsoIn[name]?.(lang);
      // Issue 18 item 1, issue 37: every step fits the 390 px phone, in every language (long German words included).
      await fitsViewport(page, `${lang} ${name}`);
      // Accessibility is part of done: each step in this language.
      await accessible(page, `${lang} ${name}`);
      // A label of the review never runs into its value (issue 34: "Circumstances" did at 390 px).
      const overflowing = await page.locator('.summary-card dt').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(overflowing, `${lang} ${name}: labels wider than their column`).toEqual([]);
    };
    const photograph = async (lang: 'en' | 'lt', name: string) => {
      await check(lang, name);
      // Issue 34 item 4: every step compared with its approved look, light at 390 and 1280 px; the steps before
      // anything is typed dark too (the wizard has no theme button: the theme is the attribute start-up applies).
      // The walk runs on the real clock (practice's timers need it): what shows the time of day is masked.
      const look = { ...LOOK, mask: [page.locator('input[type=date], input[type=time]'), page.getByText(/\d{4}-\d{2}-\d{2}/)] };
      await expect(page).toHaveScreenshot(`decla-${name}-390-light-${lang}.png`, look);
      if (THEMED_STEPS.has(name)) {
        await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
        await expect(page).toHaveScreenshot(`decla-${name}-390-dark-${lang}.png`, look);
        await page.evaluate(() => delete document.documentElement.dataset.theme);
      }
      // The desktop width in English only (the Lithuanian's longer words are checked at 390 px, where they are tightest).
      if (!CANVAS_STEPS.has(name) && lang === 'en') {
        const phone = page.viewportSize();
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect(page).toHaveScreenshot(`decla-${name}-1280-light-${lang}.png`, look);
        if (phone) await page.setViewportSize(phone);
      }
    };
    /** §5: the step's picker switches the texts in place (what is typed stays): each step is checked in each language. */
    const switchTo = async (lang: Locale, where = page.locator('.decla')) => {
      await switchLanguage(page, lang, where);
      // The pressed button keeps no focus ring or hover in the picture.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
    };
    const shot = async (name: string) => {
      await photograph('en', name);
      await switchTo('lt');
      await photograph('lt', name);
      for (const lang of MORE) {
        await switchTo(lang);
        await check(lang, name);
        if (KEEP_PICTURES) await page.screenshot({ path: `test-results/screenshots/decla-${name}-390-${lang}.png`, fullPage: true });
      }
      await switchTo('en');
    };

    /** From the home page in a language to practice's first step (it has no picker of its own: the home page's is used). */
    const practiceIn = async (lang: Locale) => {
      practising = false;
      await page.goto('/');
      await expect(page.locator('.start-buttons .button--secondary')).toBeVisible();
      if ((await page.locator('html').getAttribute('lang')) !== lang) await switchTo(lang, page.getByRole('banner'));
      practising = true;
      await page.locator('.start-buttons .button--secondary').click();
      await expectStep(page, 1);
    };
    await practiceIn('lt');
    await photograph('lt', '01-intro');
    for (const lang of MORE) {
      await practiceIn(lang);
      await check(lang, '01-intro');
      if (KEEP_PICTURES) await page.screenshot({ path: `test-results/screenshots/decla-01-intro-390-${lang}.png`, fullPage: true });
    }
    await practiceIn('en');
    await photograph('en', '01-intro');
    await next(page);
    await expectStep(page, 2);
    await shot('02-demo');
    await next(page);
    await expectStep(page, 3);
    // With the errors shown (next pressed on the unticked terms).
    await nextButton(page).click({ force: true });
    await accessible(page, 'en terms with errors');
    await switchTo('lt');
    await accessible(page, 'lt terms with errors');
    await switchTo('en');
    for (const box of await page.locator('.step-terms input[type=checkbox]').all()) await box.check();
    await shot('03-terms');
    await next(page);
    await expectStep(page, 4);
    // Practice is one device for both: the option is on and cannot be turned off.
    await expect(page.locator('#one-device')).toBeChecked();
    await expect(page.locator('#one-device')).toBeDisabled();
    await page.locator('#own-plate').fill('PRA001');
    await page.locator('#other-plate').fill('PRA002');
    await shot('04-plates');
    await next(page);
    await expectStep(page, 5);
    // §5: the step's picker switches the texts in place: an input in error is shown again in the new language, what is typed stays.
    await page.locator('#contact-A-tel').fill('+370');
    await page.locator('#contact-A-tel').blur();
    await expect(page.locator('#contact-A-tel-error')).toHaveText('Enter the whole phone number.');
    await switchTo('lt');
    await expect(page.locator('#contact-A-tel-error')).toHaveText('Įveskite visą telefono numerį.');
    await expect(page.locator('#contact-A-tel')).toHaveValue('+370');
    await switchTo('en');
    await expect(page.locator('#contact-A-tel-error')).toHaveText('Enter the whole phone number.');
    await fillBoth(page, shot, true);
    await expect(page.getByRole('heading', { name: 'Practice finished' })).toBeVisible();
    // Issue 33 item 4: the browser's install prompt is offered inside /decla too, on the end screen (SH8).
    await page.evaluate(() => {
      const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<unknown> };
      e.prompt = async () => void ((window as unknown as { __prompted: number }).__prompted = 1);
      e.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(e);
    });
    await expect(page.getByText('Keep EID on your phone for next time', { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Install the app' }).click();
    expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    expect(backendCalls, 'practice mode must not reach the server').toEqual([]);
    await ctx.close();
  });
});
