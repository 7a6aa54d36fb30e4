import { expect, test } from './helpers/test.js';
import { driverContext, expectStep, introAndTerms, next, nextButton, plateField, start } from './helpers/decla.js';

/** The contacts step's script (Vite names the chunk after its module). */
const CONTACTS_CHUNK = /\/assets\/contacts-step-[\w-]+\.js$/;
const NAV_MENU_CHUNK = /\/assets\/nav-menu-[\w-]+\.js$/;

test('[ERR10] a step whose part of the page cannot be loaded says so with a reload, not the error page; reloaded, the declaration goes on where it was', async ({ browser }) => {
  const ctx = await driverContext(browser);
  const page = await ctx.newPage();
  // The script is missing (a dropped connection, a release that removed it).
  await ctx.route(CONTACTS_CHUNK, (route) => route.abort('connectionfailed'));
  await start(page, 'live');
  await introAndTerms(page, 'live');
  await plateField(page, 'own').fill('GRN303');
  await page.locator('#other-country').selectOption('LV');
  await plateField(page, 'other').fill('HK4471');
  await expect(page.getByRole('status').filter({ hasText: /Location/ })).toBeVisible();
  await next(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Part of the page could not be loaded. Check the connection and reload.' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Error', exact: true })).toHaveCount(0);
  await ctx.unroute(CONTACTS_CHUNK);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expectStep(page, 5);
  await expect(page.getByRole('heading', { name: 'Your contact' })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(nextButton(page)).toBeVisible();

  // The steps menu is loaded when opened: if it cannot be, its alert can be closed and the step goes on.
  await ctx.route(NAV_MENU_CHUNK, (route) => route.abort('connectionfailed'));
  await page.getByRole('button', { name: 'Steps' }).click();
  const menuAlert = page.getByRole('alert').filter({ hasText: 'Part of the page could not be loaded.' });
  await expect(menuAlert).toBeVisible({ timeout: 15_000 });
  await menuAlert.getByRole('button', { name: 'Close' }).click();
  await expect(menuAlert).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your contact' })).toBeVisible();
  await ctx.close();
});
