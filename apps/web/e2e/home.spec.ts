import { expect, test } from './helpers/test.js';

test.describe('home page', () => {
  test('opens in Lithuanian by default and switches to English, remembering the choice', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await expect(page.getByRole('link', { name: 'Skambinti 112' })).toHaveAttribute('href', 'tel:112');

    const english = page.getByRole('button', { name: 'EN', exact: true });
    await expect(english).toHaveAttribute('aria-pressed', 'false');
    await english.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('uilang'))).toBe('en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
  });

  test('an unknown path lands on the home page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the language buttons are reachable by keyboard with a visible focus', async ({ page }) => {
    await page.goto('/');
    const english = page.getByRole('button', { name: 'EN', exact: true });
    for (let i = 0; i < 6 && !(await english.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(english).toBeFocused();
    const outline = await english.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('the first screen\'s language (issue 18 item 7)', () => {
  test('a browser asking for English opens in English; the language picked is kept over the browser\'s', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Electronic road accident declaration');
    await page.getByRole('button', { name: 'LT', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elektroninė eismo įvykio deklaracija');
    await context.close();
  });
});
