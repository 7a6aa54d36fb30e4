import { expect, test } from '@playwright/test';
import {
  contactByEmail,
  driverContext,
  expectStep,
  introAndTerms,
  next,
  photos,
  pickAddress,
  plates,
  start,
} from './helpers/decla.js';

test.describe('nothing typed is lost', () => {
  test.setTimeout(120_000);

  test('a reload in the middle resumes the declaration at the same step with what was typed; a dropped connection keeps new entries and sends them when it is back', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const page = await ctx.newPage();
    await start(page, 'live');
    await introAndTerms(page, 'live');
    await plates(page, 'DVU058', 'MZP631', { oneDevice: true });
    await contactByEmail(page, 'A', 'a.resume@example.lt');
    await contactByEmail(page, 'B', 'b.resume@example.lt');
    await next(page);
    await expectStep(page, 6);
    await pickAddress(page, 'accident-address', 'vilniaus 8', 'Vilniaus g. 8, Vilnius');
    await next(page);
    await expectStep(page, 7);
    await photos(page, 'A', true);
    await photos(page, 'B', false);
    await next(page);
    await expectStep(page, 8);
    await page.locator('#damages-A').fill('Subraižytos galinės durys');
    await page.locator('#damages-A').blur();
    await expect(page.locator('.decla-footer .spinner')).toHaveCount(0);

    // The browser is reloaded (closed and opened again): the declaration resumes where it was.
    await page.reload();
    await expectStep(page, 8);
    await expect(page.locator('#damages-A')).toHaveValue('Subraižytos galinės durys');

    // The network drops: the device says so, keeps what is typed meanwhile, and sends it later.
    await ctx.setOffline(true);
    await expect(page.getByText('Connection lost. Reconnecting… Your entries are kept.')).toBeVisible({ timeout: 30_000 });
    await page.locator('#damages-B').fill('Įskilęs priekinis žibintas');
    await page.locator('#damages-B').blur();
    await page.waitForTimeout(1000);
    const pending = await page.evaluate(() => localStorage.getItem('connection-state'));
    expect(pending).toContain('Įskilęs priekinis žibintas');
    await ctx.setOffline(false);
    await expect(page.getByText('Connection lost. Reconnecting… Your entries are kept.')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => page.evaluate(() => localStorage.getItem('connection-state')), { timeout: 15_000 }).not.toContain('Įskilęs');

    // Proof it reached the hub: a fresh page of the same browser shows it.
    await page.reload();
    await expectStep(page, 8);
    await expect(page.locator('#damages-B')).toHaveValue('Įskilęs priekinis žibintas');
    await ctx.close();
  });
});
