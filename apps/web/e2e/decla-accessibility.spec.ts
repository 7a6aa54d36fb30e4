import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { driverContext, expectStep, fillBoth, next, nextButton } from './helpers/decla.js';

/** WCAG 2.1 A and AA checks of axe-core on the page as it is now. */
async function accessible(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(found, `accessibility violations on ${where}`).toEqual([]);
}

for (const lang of ['en', 'lt'] as const) {
  test(`every step of the wizard passes the WCAG 2.1 AA checks of axe (${lang.toUpperCase()})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await page.goto('/');
    await accessible(page, 'home');
    await page.getByRole('button', { name: 'Practise first (nothing is sent)' }).click();
    if (lang === 'lt') await page.evaluate(() => localStorage.setItem('uilang', 'lt'));
    await expectStep(page, 1);
    await accessible(page, 'intro');
    await next(page);
    await expectStep(page, 2);
    if (lang === 'lt') {
      await page.getByRole('button', { name: 'LT', exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'lt');
    }
    await accessible(page, 'demo');
    await next(page);
    await expectStep(page, 3);
    // With the errors shown (next pressed on an invalid step).
    await nextButton(page).click({ force: true });
    await accessible(page, 'terms with errors');
    for (const box of await page.locator('.step-terms input[type=checkbox]').all()) await box.check();
    await next(page);
    await expectStep(page, 4);
    await page.locator('#own-plate').fill('AXE001');
    await page.locator('#other-plate').fill('AXE002');
    await accessible(page, 'plates');
    await next(page);
    if (lang === 'lt') {
      // The rest of the flow is driven by its English labels; the checks ran in Lithuanian so far.
      await page.getByRole('button', { name: 'EN', exact: true }).click();
    }
    await fillBoth(page, (name) => accessible(page, name), true);
    await ctx.close();
  });
}
