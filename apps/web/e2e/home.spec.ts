import { LOCALES, LOCALE_NATIVE_NAMES } from '@eid/domain/constants';
import { expect, test, type Page } from './helpers/test.js';
import { accessible } from './helpers/axe.js';
import { languageButton, switchLanguage } from './helpers/decla.js';

test.describe('home page', () => {
  test('opens in Lithuanian by default and switches to English, remembering the choice', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await expect(page.getByRole('link', { name: 'Skambinti 112' })).toHaveAttribute('href', 'tel:112');

    // The language dialog (app-shell; issue 37): every language in itself, the page's pressed.
    await page.getByRole('button', { name: 'Kalba: Lietuvių LT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pasirinkite kalbą' });
    for (const locale of LOCALES) {
      const choice = dialog.getByRole('button', { name: LOCALE_NATIVE_NAMES[locale], exact: true });
      await expect(choice).toHaveAttribute('lang', locale);
      await expect(choice).toHaveAttribute('aria-pressed', String(locale === 'lt'));
    }
    await expect(dialog.getByRole('button')).toHaveCount(LOCALES.length + 1); // and "Close"
    await expect(dialog.getByRole('button', { name: 'Lietuvių' })).toBeFocused();
    await accessible(page, 'the language dialog');
    await dialog.getByRole('button', { name: 'English', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Language: English EN' })).toBeVisible();
    await accessible(page, 'the home page with the language picker');
    expect(await page.evaluate(() => localStorage.getItem('uilang'))).toBe('en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
  });

  test('an unknown path lands on the home page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the language picker works by keyboard with a visible focus; Escape leaves the language as it was', async ({ page }) => {
    await page.goto('/');
    const picker = languageButton(page.getByRole('banner'), 'lt');
    for (let i = 0; i < 6 && !(await picker.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(picker).toBeFocused();
    expect(await picker.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Lietuvių' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    // Focus goes back to the picker (on the next frame, once the dialog has left): Enter there opens it again.
    await expect(picker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'Lietuvių' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'English', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(dialog).toBeHidden();
  });
});

test.describe('the first screen\'s language (issue 18 item 7)', () => {
  test('a browser asking for English opens in English; the language picked is kept over the browser\'s', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
    await switchLanguage(page, 'lt', page.getByRole('banner'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await context.close();
  });

  // (Every language's choice from the browser's list: apps/web/src/i18n/i18n.test.ts; here two in a real browser, one by a regional tag.)
  test('a browser asking for Ukrainian, or for Austrian German, opens in it (issue 37)', async ({ browser }) => {
    const headings = new Set(['Elektroninė eismo įvykio deklaracija', 'Electronic road accident declaration']);
    for (const [locale, tag] of [['uk', 'uk-UA'], ['de', 'de-AT']] as const) {
      const context = await browser.newContext({ locale: tag });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(languageButton(page.getByRole('banner'), locale)).toBeVisible();
      // The dialog opens on the page's language (not the list's first).
      await languageButton(page.getByRole('banner'), locale).click();
      await expect(page.getByRole('dialog').getByRole('button', { name: LOCALE_NATIVE_NAMES[locale], exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      expect(heading.length, locale).toBeGreaterThan(10);
      expect(headings.has(heading), `${locale}: ${heading}`).toBe(false);
      headings.add(heading);
      await context.close();
    }
  });

  test('the console speaks Lithuanian and English: a browser set to Polish opens it in Lithuanian, with the two-language picker, and the drivers\' choice is kept', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'pl-PL' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await page.goto('/console');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    const picker = page.getByRole('group', { name: 'Kalba' });
    await expect(picker.getByRole('button')).toHaveText(['LT', 'EN']);
    await expect(picker.getByRole('button', { name: 'LT' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('uilang'))).toBeNull();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await context.close();
  });
});

test.describe('the first screen before the router (issue 35 item 2)', () => {
  /** The router's chunk (src/router.tsx), which the home page and the declaration's intro fetch after their first paint. */
  const ROUTER_CHUNK = /\/assets\/router-[\w-]+\.js$/;

  /** Whether the router has loaded the page's address and is the shell's (router.tsx marks it). */
  const handedOver = (page: Page) => () => page.evaluate(() => performance.getEntriesByName('eid:router').length > 0);

  test('works while the router is on its way: a dialog opened stays open when it arrives, and "declare" opens the intro at once', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(ROUTER_CHUNK, async (route) => {
      asked++;
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await expect.poll(() => asked).toBe(1);
    // The toolbar works without the router: the language dialog opens, and is the same one after the router came.
    await languageButton(page.getByRole('banner'), 'lt').click();
    const dialog = page.getByRole('dialog', { name: 'Pasirinkite kalbą' });
    await expect(dialog.getByRole('button', { name: 'Lietuvių' })).toBeFocused();
    release();
    await expect.poll(handedOver(page)).toBe(true);
    await expect(dialog.getByRole('button', { name: 'Lietuvių' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Uždaryti' }).click();
    await expect(dialog).toBeHidden();

    // A second visit: the tap comes before the router. The declaration's intro is the shell's own: it opens at once, the
    // browser's back and forward move between the two, and the router, when it comes, finds the page where it is.
    let releaseAgain: () => void = () => undefined;
    const heldAgain = new Promise<void>((resolve) => (releaseAgain = resolve));
    await page.unroute(ROUTER_CHUNK);
    await page.route(ROUTER_CHUNK, async (route) => {
      await heldAgain;
      await route.continue();
    });
    await page.goto('/');
    // A tap on a page the router draws waits for it; a move after it wins (the visitor is not taken out of the
    // declaration when the router comes).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Dažnai užduodami klausimai' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Deklaruoti eismo įvykį' }).click();
    await expect(page).toHaveURL(/\/decla$/);
    const start = page.getByRole('button', { name: 'Pradėti' });
    await expect(start).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await page.goForward();
    await expect(start).toBeVisible();
    // The same button after the router came: the page was not drawn anew.
    await start.evaluate((button) => button.setAttribute('data-before-router', ''));
    releaseAgain();
    await expect.poll(handedOver(page)).toBe(true);
    await expect(page).toHaveURL(/\/decla$/);
    await expect(page.locator('button[data-before-router]')).toHaveCount(1);
    // And the router has the address: back is the home page, through the router now.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Dažnai užduodami klausimai' }).click();
    await expect(page.locator('main h1')).toHaveText('Dažniausiai užduodami klausimai');
  });

  test('without the router a link still leads to its page (the browser loads it), which says it cannot be drawn and offers to try again', async ({ page }) => {
    await page.route(ROUTER_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Dažnai užduodami klausimai' }).click();
    await expect(page).toHaveURL(/\/duk$/);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Puslapio įkelti nepavyko. Patikrinkite interneto ryšį ir bandykite dar kartą.');
    // The frame is there (toolbar, footer): the visitor can go home or change the language.
    await expect(page.getByRole('link', { name: 'EID pradžios puslapis' })).toBeVisible();
    await page.unroute(ROUTER_CHUNK);
    await page.getByRole('button', { name: 'Bandyti dar kartą' }).click();
    await expect(page.locator('main h1')).toHaveText('Dažniausiai užduodami klausimai');
  });
});
