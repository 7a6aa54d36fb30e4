import { expect, test, type Page } from './helpers/test.js';
import { driverContext, expectStep, fillBoth, jpeg, next, nextButton } from './helpers/decla.js';

async function openStep(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Steps' }).click();
  await page.getByRole('dialog').getByRole('button', { name: new RegExp(`^${title}`) }).click();
}

/** The finding with this text at the preview, and its fix button. */
function finding(page: Page, text: string) {
  return page.locator('.step-preview .finding').filter({ hasText: text });
}

test('preview: what is missing is listed with the §8 code and fixed through its link, which leads back to the preview', async ({ browser }) => {
  test.setTimeout(150_000);
  const ctx = await driverContext(browser);
  const page = await ctx.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Practise first (nothing is sent)' }).click();
  await expectStep(page, 1);
  await next(page);
  await expectStep(page, 2);
  await next(page);
  for (const box of await page.locator('.step-terms input[type=checkbox]').all()) await box.check();
  await next(page);
  await page.locator('#own-plate').fill('PRV101');
  await page.locator('#other-plate').fill('PRV202');
  await next(page);
  await fillBoth(page, async () => {}, false, 12);
  await expect(page.locator('.step-preview .confirmed')).toBeVisible({ timeout: 15_000 });

  // Things change after their step was passed: a plate photo removed, a circumstance unticked,
  // the damages cleared, both drivers given the same name, surname and birth date (PV4).
  await openStep(page, 'Photos');
  await expectStep(page, 7);
  await page.locator('.party-photos').nth(1).locator('.photo-section').filter({ hasText: 'Photo of the plate' }).getByRole('button', { name: /^Remove/ }).click();
  await openStep(page, 'Circumstances');
  await page.locator('#cond-A-14').uncheck();
  await openStep(page, 'Damages');
  const damagesA = page.locator('.party-damages').first();
  await damagesA.getByRole('button', { name: 'rear', exact: true }).click();
  await page.locator('#damages-A').fill('');
  await page.locator('#damages-A').blur();
  await openStep(page, "Driver's data");
  await page.locator('#driver-B-name').fill('Petras');
  await page.locator('#driver-B-surname').fill('Jonaitis');
  await page.locator('#driver-B-code').fill('38001012221');
  await page.locator('#driver-B-code').blur();
  await page.locator('#driver-B-dob').fill('1980-01-01');
  await page.locator('#driver-B-dob').blur();
  await openStep(page, 'Review');
  await expectStep(page, 12);

  const expected: Array<[string, string]> = [
    ['Photos are missing: an accident photo, a plate photo and a damage photo are needed.', 'PREVIEW_PHOTOS'],
    ['The damages are not described.', 'PREVIEW_IMPACT'],
    ['No accident circumstance is ticked.', 'PREVIEW_CONDITIONS'],
    ['The same person cannot be both drivers.', 'PREVIEW_SAME_PERSON'],
  ];
  for (const [text, code] of expected) {
    await expect(finding(page, text)).toHaveAttribute('data-code', code, { timeout: 10_000 });
  }
  // Next is blocked while anything is missing.
  await nextButton(page).click({ force: true });
  await expectStep(page, 12);

  // Each fixed through its link; next returns to the preview.
  await finding(page, 'Photos are missing').getByRole('button', { name: 'Fix: Photos' }).click();
  await expectStep(page, 7);
  await page.getByTestId('photos-B-plates').setInputFiles(await jpeg(page, 'plate B again'));
  await expect(page.locator('.thumb-uploading')).toHaveCount(0, { timeout: 15_000 });
  await expect(nextButton(page)).toHaveText(/Back to review/);
  await next(page);
  await expectStep(page, 12);
  await expect(finding(page, 'Photos are missing')).toHaveCount(0, { timeout: 10_000 });

  await finding(page, 'No accident circumstance').getByRole('button', { name: 'Fix: Circumstances' }).click();
  await expectStep(page, 9);
  await page.locator('#cond-A-14').check();
  await next(page);
  await expectStep(page, 12);

  await finding(page, 'The damages are not described.').getByRole('button', { name: 'Fix: Damages' }).click();
  await expectStep(page, 8);
  await page.locator('#damages-A').fill('Scratched bumper');
  await page.locator('#damages-A').blur();
  await next(page);
  await expectStep(page, 12);

  await finding(page, 'The same person').getByRole('button', { name: "Fix: Driver's data" }).click();
  await expectStep(page, 11);
  await page.locator('#driver-B-name').fill('Rūta');
  await page.locator('#driver-B-surname').fill('Kazlauskienė');
  await page.locator('#driver-B-code').fill('48505053336');
  await page.locator('#driver-B-code').blur();
  await next(page);
  await expectStep(page, 12);

  await expect(page.locator('.step-preview .finding')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.step-preview .confirmed')).toBeVisible();
  await next(page);
  await expectStep(page, 13);
  await ctx.close();
});
