import { expect, test, type Page } from './helpers/test.js';
import { driverContext, expectStep, jpeg, next, nextButton, pickAddress, switchLanguage } from './helpers/decla.js';

/** The spec's messages, by language (declaration-flow §5, §8; app-shell §5 for the photo texts). */
const TEXTS = {
  en: {
    required: 'Required input',
    platesDiffer: 'The plates of the two vehicles must differ.',
    twoForeign: 'A declaration cannot be filled in for two foreign vehicles.',
    email: 'Invalid email format',
    emailsDiffer: "The drivers' e-mail addresses must differ.",
    badExt: 'Wrong photo file type. Upload JPG, PNG or HEIC photos.',
    notPhoto: 'Only photos can be uploaded.',
    tooBig: 'Photos may be no larger than 20MB.',
    personalCode: 'The personal code is invalid.',
    birthDate: 'The birth date does not match the personal code.',
    name: 'Use letters, spaces and hyphens only.',
    start: 'Practise first (nothing is sent)',
    emailTab: 'E-mail',
  },
  lt: {
    required: 'Privalomas laukas',
    platesDiffer: 'Abiejų transporto priemonių numeriai turi skirtis.',
    twoForeign: 'Deklaracijos negalima pildyti dviem užsienyje registruotoms transporto priemonėms.',
    email: 'Neteisingas el. pašto formatas',
    emailsDiffer: 'Vairuotojų el. pašto adresai turi skirtis.',
    badExt: 'Netinkamas pateiktos nuotraukos plėtinys. Kelkite JPG, PNG arba HEIC nuotraukas.',
    notPhoto: 'Galima įkelti tik nuotraukas.',
    tooBig: 'Leidžiama kelti nedidesnes nei 20MB nuotraukas.',
    personalCode: 'Asmens kodas neteisingas.',
    birthDate: 'Gimimo data nesutampa su asmens kodu.',
    name: 'Naudokite tik raides, tarpus ir brūkšnelius.',
  },
} as const;

/** Next is pressed on an invalid step: the step stays and the topmost error is shown. */
async function blocked(page: Page, step: number): Promise<void> {
  // The step has taken in the last change: its next button shows itself inactive (aria-disabled, not
  // disabled) — what the person sees before pressing it, and what makes the press a hint.
  await expect(nextButton(page)).toHaveAttribute('aria-disabled', 'true');
  await nextButton(page).click({ force: true });
  // The refusal shows itself: the topmost error takes the focus (declaration-flow §2).
  await expect(page.locator('.decla-body').locator('[aria-invalid="true"], .step-error').filter({ visible: true }).first()).toBeFocused();
  await expectStep(page, step);
}

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/**
 * `check` in English, then in Lithuanian by the step's language picker — the errors on the screen
 * are shown again in it (declaration-flow §5: inputs in error revalidate when the language
 * changes) — and back to English.
 */
async function inBoth(page: Page, check: (T: Texts) => Promise<void>): Promise<void> {
  await check(TEXTS.en);
  await switchLanguage(page, 'lt');
  await check(TEXTS.lt);
  await switchLanguage(page, 'en');
}

{
  const T = TEXTS.en;
  test("[PHO2] invalid input shows the spec's message in EN and, switched in place, in LT, and blocks next, step by step", async ({ browser }) => {
    test.setTimeout(120_000);
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: T.start }).click();
    await expectStep(page, 1);
    await next(page);
    await expectStep(page, 2);
    await next(page);
    await expectStep(page, 3);
    await blocked(page, 3);
    for (const box of await page.locator('.step-terms input[type=checkbox]').all()) await box.check();
    await next(page);
    await expectStep(page, 4);

    // Plates: required, must differ, not two foreign vehicles; the plate is normalised as typed.
    await blocked(page, 4);
    await expect(page.locator('#own-plate')).toBeFocused();
    await inBoth(page, (L) => expect(page.locator('#own-plate-error')).toHaveText(L.required));
    await page.locator('#own-plate').fill('abc-123 xyz');
    await expect(page.locator('#own-plate')).toHaveValue('ABC123XYZ');
    await page.locator('#other-plate').fill('ABC 123 XYZ');
    await blocked(page, 4);
    await inBoth(page, (L) => expect(page.locator('.step-plates .step-error')).toContainText(L.platesDiffer));
    // Issue 18 item 12: no green ✓ beside plates that are in error together.
    await expect(page.locator('.step-plates .field--done')).toHaveCount(0);
    await page.locator('#other-plate').fill('QWE987');
    await page.locator('#other-plate').blur();
    await expect(page.locator('.step-plates .field--done')).toHaveCount(2);
    await page.locator('#own-country').selectOption('PL');
    await page.locator('#other-country').selectOption('DE');
    await blocked(page, 4);
    await inBoth(page, (L) => expect(page.locator('.step-plates .step-error')).toContainText(L.twoForeign));
    await page.locator('#other-country').selectOption('LT');
    await next(page);
    await expectStep(page, 5);

    // Contacts: a wrong e-mail, then the other driver's e-mail.
    await page.locator('fieldset.contact-form').nth(0).getByText(T.emailTab, { exact: true }).click();
    await page.locator('#contact-A-email').fill('jonas@');
    await page.locator('#contact-A-email').blur();
    await inBoth(page, (L) => expect(page.locator('#contact-A-email-error')).toHaveText(L.email));
    await page.locator('#contact-A-email').fill('jonas@example.lt');
    await page.locator('#contact-A-email').blur();
    await page.locator('fieldset.contact-form').nth(1).getByText(T.emailTab, { exact: true }).click();
    await page.locator('#contact-B-email').fill('JONAS@example.lt');
    await page.locator('#contact-B-email').blur();
    await inBoth(page, (L) => expect(page.locator('#contact-B-email-error')).toHaveText(L.emailsDiffer));
    await blocked(page, 5);
    await page.locator('#contact-B-email').fill('ona@example.lt');
    await page.locator('#contact-B-email').blur();
    await next(page);
    await expectStep(page, 6);

    await blocked(page, 6);
    await inBoth(page, (L) => expect(page.locator('#accident-address-error')).toHaveText(L.required));
    await pickAddress(page, 'accident-address', 'pilies 8', 'Pilies g. 8, Vilnius');
    await next(page);
    await expectStep(page, 7);

    // PHO2: a phone's picker offers the short list of photo types.
    await expect(page.getByTestId('photos-A-damages')).toHaveAttribute('accept', 'image/*,.jpeg,.jpg,.png,.heic,.heif');
    // Photos: an image of a refused type, a PDF, a photo over 20 MB.
    const damagesError = page.locator('.photo-section').filter({ has: page.getByTestId('photos-A-damages') }).locator('.field-error').last();
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'scan.tiff', mimeType: 'image/tiff', buffer: Buffer.from('II*\0 tiff bytes') });
    await inBoth(page, (L) => expect(damagesError).toHaveText(L.badExt));
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 not a photo') });
    await inBoth(page, (L) => expect(damagesError).toHaveText(L.notPhoto));
    // 21 MB handed to the browser: more than the default 15 s of an action on a busy machine.
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) }, { timeout: 45_000 });
    await inBoth(page, (L) => expect(damagesError).toHaveText(L.tooBig));
    // Issue 18 item 12: a text file renamed .jpg passes the name check and is refused for its bytes; sending it again cannot
    // succeed, so its tile offers no Retry, only Remove (a button of its own, not drawn over another).
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a photo') });
    const refused = page.locator('.photo-section').filter({ has: page.getByTestId('photos-A-damages') }).locator('.thumb-failed');
    await expect(refused).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator('.photo-section').filter({ has: page.getByTestId('photos-A-damages') }).getByText(T.badExt)).toBeVisible();
    await expect(refused.getByRole('button', { name: /notes\.jpg/ })).toHaveCount(1);
    await refused.getByRole('button', { name: /notes\.jpg/ }).click();
    await expect(refused).toHaveCount(0);
    // Issue 34: a refused file's tile does not stay beside the next file's refusal: one message of what went wrong.
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a photo') });
    await expect(refused).toHaveCount(1, { timeout: 15_000 });
    await page.getByTestId('photos-A-damages').setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7 not a photo') });
    await expect(refused).toHaveCount(0);
    const damages = page.locator('.photo-section').filter({ has: page.getByTestId('photos-A-damages') });
    await inBoth(page, (L) => expect(damages.locator('.field-error').filter({ hasText: /\S/ })).toHaveText([L.notPhoto]));
    await blocked(page, 7);
    await page.getByTestId('photos-A-overview').setInputFiles(await jpeg(page, 'scene'));
    for (const p of ['A', 'B'] as const) {
      await page.getByTestId(`photos-${p}-plates`).setInputFiles(await jpeg(page, `plate ${p}`));
      await page.getByTestId(`photos-${p}-damages`).setInputFiles(await jpeg(page, `damage ${p}`));
    }
    await expect(page.locator('.thumb-uploading')).toHaveCount(0, { timeout: 15_000 });
    await next(page);
    await expectStep(page, 8);
    await blocked(page, 8);
    for (const p of ['A', 'B'] as const) {
      await page.locator(`#damages-${p}`).fill('—');
      await page.locator(`#damages-${p}`).blur();
    }
    await next(page);
    await expectStep(page, 9);
    await blocked(page, 9);
    await page.locator('#cond-A-2').check();
    await page.locator('#cond-B-10').check();
    await next(page);
    await expectStep(page, 10);
    await blocked(page, 10);
    await page.getByRole('button', { name: 'Vehicle A', exact: true }).click();
    await page.locator('.scheme-actions .button').first().click();
    await expect(page.locator('.scheme-saved')).toBeVisible({ timeout: 15_000 });
    await next(page);
    await expectStep(page, 11);

    // Driver data: a name with digits, an invalid personal code, a birth date not matching the code.
    await page.locator('#driver-A-name').fill('Jonas2');
    await page.locator('#driver-A-name').blur();
    await inBoth(page, (L) => expect(page.locator('#driver-A-name-error')).toHaveText(L.name));
    await page.locator('#driver-A-code').fill('38703181234');
    await page.locator('#driver-A-code').blur();
    await inBoth(page, (L) => expect(page.locator('#driver-A-code-error')).toHaveText(L.personalCode));
    await page.locator('#driver-A-code').fill('38703181233');
    await page.locator('#driver-A-dob').fill('1987-03-19');
    await page.locator('#driver-A-dob').blur();
    await inBoth(page, (L) => expect(page.locator('#driver-A-dob-error')).toHaveText(L.birthDate));
    await blocked(page, 11);
    await ctx.close();
  });
}
