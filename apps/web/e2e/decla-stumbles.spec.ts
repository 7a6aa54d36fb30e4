import { expect, test, type Page } from '@playwright/test';
import { fitsViewport } from './helpers/axe.js';
import { driverContext, expectStep, introAndTerms, next, start } from './helpers/decla.js';

/** Practice on one phone up to the contacts step (step 5), as a new driver would go. */
async function practiceToContacts(page: Page): Promise<void> {
  await page.goto('/');
  await page.locator('.start-buttons .button--secondary').click();
  await expectStep(page, 1);
  await next(page);
  await expectStep(page, 2);
  await next(page);
  await expectStep(page, 3);
  for (const box of await page.locator('.step-terms input[type=checkbox]').all()) await box.check();
  await next(page);
  await expectStep(page, 4);
  await page.locator('#own-plate').fill('PRA001');
  await page.locator('#other-plate').fill('PRA002');
  await next(page);
  await expectStep(page, 5);
}

test.describe('what a new driver stumbles on (issue 18)', () => {
  test('[PH6] "+370" then the habitual "8…": the code goes to the number without the 8, the field shows it, and the code confirms it: "Phone confirmed."', async ({ browser }) => {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await practiceToContacts(page);
    const tel = page.locator('#contact-A-tel');
    await tel.fill('+370 8612 00005');
    await page.getByRole('button', { name: 'Send the code by SMS' }).first().click();
    const practice = page.getByText(/Practice: no SMS is sent. Your code is (\d{6})/);
    await expect(practice).toBeVisible();
    await expect(tel).toHaveValue('+37061200005');
    const code = /(\d{6})/.exec((await practice.textContent()) ?? '')?.[1] ?? '';
    await page.locator('#contact-A-code').fill(code);
    await expect(page.getByText('Phone confirmed.')).toBeVisible();
    await ctx.close();
  });
});

test.describe('every page fits a 390 px phone (issue 18 item 1)', () => {
  for (const lang of ['lt', 'en'] as const) {
    test(`the pages open without sign-in fit the phone's width (${lang})`, async ({ browser }) => {
      const ctx = await driverContext(browser, lang);
      await ctx.addInitScript((l) => localStorage.setItem('uilang', l), lang);
      const page = await ctx.newPage();
      for (const path of ['/', '/info', '/information', '/terms', '/duk', '/history', '/about', '/notifSettings', '/unsupported', '/console']) {
        await page.goto(path);
        await expect(page.locator('main').first()).toBeVisible();
        await fitsViewport(page, `${path} (${lang})`);
      }
      await ctx.close();
    });
  }
});

test('[PH5] six digits of the SMS code typed confirm the phone by themselves: no Confirm to find, Next goes on', async ({ browser }) => {
  const ctx = await driverContext(browser, 'en');
  const page = await ctx.newPage();
  await practiceToContacts(page);
  await page.locator('#contact-A-tel').fill('+37061200006');
  await page.getByRole('button', { name: 'Send the code by SMS' }).first().click();
  const practice = page.getByText(/Practice: no SMS is sent. Your code is (\d{6})/);
  await expect(practice).toBeVisible();
  await page.locator('#contact-A-code').fill(/(\d{6})/.exec((await practice.textContent()) ?? '')?.[1] ?? '');
  await expect(page.getByText('Phone confirmed.')).toBeVisible();
  await ctx.close();
});

test('[PR3] issue 18 item 9: practice keeps nothing in the browser, and the live declaration after it starts with empty plates', async ({ browser }) => {
  const ctx = await driverContext(browser, 'en');
  const page = await ctx.newPage();
  await practiceToContacts(page);
  const stored = () => page.evaluate(() => JSON.stringify({ ...window.localStorage }));
  expect(await stored()).not.toContain('PRA001');
  // The driver goes home and declares for real.
  await start(page, 'live');
  await introAndTerms(page, 'live');
  await expect(page.locator('#own-plate')).toHaveValue('');
  await expect(page.locator('#other-plate')).toHaveValue('');
  expect(await stored()).not.toContain('PRA00');
  await ctx.close();
});
