import { expect, test, type Page } from './helpers/test.js';
import { contactByEmail, driverContext, expectStep, introAndTerms, jpeg, next, pickAddress, plates, start } from './helpers/decla.js';

/** Bytes that begin as a JPEG and are none: the file's name and type are right, only decoding tells. */
const BROKEN = {
  name: 'broken.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(4000, 0x55)]),
};

/** What a driver meets at the photos step: a broken photo's message and buttons, and a good photo taken. */
async function photoStep(page: Page, mode: 'live' | 'practice') {
  await start(page, mode);
  await introAndTerms(page, mode);
  // Live: a registered motorcycle no other test declares, and a Latvian car (no registry check).
  if (mode === 'live') await page.getByRole('group', { name: 'The other vehicle' }).getByLabel('Registration country').selectOption('LV');
  await plates(page, mode === 'live' ? '482BKJ' : 'PRA101', mode === 'live' ? 'LV2024' : 'PRA202', { oneDevice: true });
  await contactByEmail(page, 'A', 'a.uploads@example.lt');
  await contactByEmail(page, 'B', 'b.uploads@example.lt');
  await next(page);
  await expectStep(page, 6);
  await pickAddress(page, 'accident-address', 'ozo 12', 'Ozo g. 12, Vilnius');
  await next(page);
  await expectStep(page, 7);

  const damages = page.locator('section.photo-section[data-section=damages]').filter({ has: page.getByTestId('photos-A-damages') });
  await page.getByTestId('photos-A-damages').setInputFiles(BROKEN);
  await expect(damages.locator('.thumb-failed')).toHaveCount(1, { timeout: 15_000 });
  const message = (await damages.locator('.field-error').allTextContents()).filter((text) => text !== '').join(' ');
  const buttons = await damages.locator('.thumb-failed').getByRole('button').allTextContents();
  await damages.getByRole('button', { name: 'Remove broken.jpg' }).click();
  await expect(damages.locator('.thumb-failed')).toHaveCount(0);

  // A good photo: through the same pipeline, taken alike.
  await page.getByTestId('photos-A-damages').setInputFiles(await jpeg(page, 'damage A', '#b33'));
  const thumb = damages.locator('.thumbs img').first();
  await expect(thumb).toBeVisible({ timeout: 15_000 });
  await expect(damages.locator('.thumb-uploading')).toHaveCount(0, { timeout: 15_000 });
  const taken = { shown: await damages.locator('.thumbs img').count(), failed: await damages.locator('.thumb-failed').count() };
  return { message, buttons, taken };
}

test('[issue 32] a photo refused in live for its bytes is refused the same way in practice, and a good one is taken alike', async ({ browser }) => {
  test.setTimeout(90_000);
  const met: Record<string, Awaited<ReturnType<typeof photoStep>>> = {};
  for (const mode of ['live', 'practice'] as const) {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    met[mode] = await photoStep(page, mode);
    await ctx.close();
  }
  // The live server cannot decode it: FAILED_CONVERSION, a file refused for what it is (Remove only, no Retry).
  expect(met.live).toMatchObject({ message: 'The photo could not be uploaded. Try uploading the photo again.', buttons: ['Remove'] });
  expect(met.live?.taken).toEqual({ shown: 1, failed: 0 });
  expect(met.practice).toEqual(met.live);
});
