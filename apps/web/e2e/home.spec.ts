import { LOCALES, LOCALE_NATIVE_NAMES } from '@eid/domain/constants';
import { expect, test } from './helpers/test.js';
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
