import { expect, test, type Page } from './helpers/test.js';
import { accessible } from './helpers/axe.js';
import { driverContext } from './helpers/decla.js';

/** Opens the login dialog's Smart-ID form and gives a personal code; the verification code shows. */
async function smartId(page: Page, personalCode: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Sign in with Smart-ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Smart-ID' });
  await dialog.getByLabel('Personal code').fill(personalCode);
  await dialog.getByRole('button', { name: 'Continue' }).click();
}

test.describe('sign-in by Smart-ID (the local service with SK\'s demo accounts)', () => {
  test('the demo account OK: the verification code shows, the phone confirms, the account opens with the name from the certificate', async ({ browser }) => {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await smartId(page, '30303039914');
    const dialog = page.getByRole('dialog', { name: 'Sign in with Smart-ID' });
    await expect(dialog.getByText('Your verification code:')).toBeVisible();
    await expect(dialog.locator('.verification-code')).toHaveText(/^\d{4}$/);
    await accessible(page, 'the Smart-ID verification code');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('main')).toContainText('OK TESTNUMBER');
    await expect(page.getByRole('main')).toContainText('Signed in with: Smart-ID');
    await ctx.close();
  });

  for (const [code, message] of [
    ['30403039917', 'The sign-in was refused on the phone.'],
    ['30403039983', 'The sign-in was not confirmed on the phone in time. Try again.'],
  ] as const) {
    test(`the demo account ${code} says: ${message}`, async ({ browser }) => {
      const ctx = await driverContext(browser, 'en');
      const page = await ctx.newPage();
      await smartId(page, code);
      const dialog = page.getByRole('dialog', { name: 'Sign in with Smart-ID' });
      await expect(dialog.getByRole('alert')).toContainText(message, { timeout: 15_000 });
      // Still signed out, and the form is back to try again.
      await expect(dialog.getByLabel('Personal code')).toBeVisible();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(1);
      await ctx.close();
    });
  }
});

test.describe('sign-in by Mobile-ID (the local service with SK\'s demo numbers)', () => {
  test('in Lithuanian, SK\'s LT demo number: the code shows, the phone confirms, the account opens with the certificate\'s name', async ({ browser }) => {
    const ctx = await driverContext(browser, 'lt');
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Prisijungti', exact: true }).click();
    await page.getByRole('dialog', { name: 'Prisijungti' }).getByRole('button', { name: 'Prisijungti su Mobile-ID' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prisijungti su Mobile-ID' });
    // A wrong number is said before anything is sent.
    await dialog.getByLabel('Telefono numeris').fill('860000666');
    await dialog.getByLabel('Asmens kodas').fill('50001018865');
    await dialog.getByRole('button', { name: 'Tęsti' }).click();
    await expect(dialog.getByLabel('Telefono numeris')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Telefono numeris').fill('+370 600 00666');
    await dialog.getByRole('button', { name: 'Tęsti' }).click();
    await expect(dialog.locator('.verification-code')).toHaveText(/^\d{4}$/);
    await accessible(page, 'the Mobile-ID verification code');
    await expect(page.getByRole('main')).toContainText('MARY ÄNN O’CONNEŽ-ŠUSLIK TESTNUMBER', { timeout: 15_000 });
    await expect(page.getByRole('main')).toContainText('Mobile-ID');
    await ctx.close();
  });
});

test.describe('sign-in with a social account (a real local OpenID Connect provider)', () => {
  test('the provider\'s button is as wide as the rule says; its sign-in comes back signed in to the page the gate turned away, where Smart-ID is linked', async ({ browser }) => {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    // A sign-in cancelled at the provider comes back home, and the dialog says so.
    await page.goto('/?signIn=1&refused=SOCIAL_SIGN_IN_CANCELLED');
    await expect(page.getByRole('dialog', { name: 'Sign in' }).getByRole('alert')).toHaveText('The sign-in was cancelled at the provider. Choose how to sign in.');
    expect(page.url()).not.toContain('refused');
    // The login gate turns the visitor away from settings and opens the dialog.
    await page.goto('/userSettings?s=L');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const button = dialog.getByRole('link', { name: 'Sign in with Local' });
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    expect((await button.boundingBox())?.width).toBe(Math.min(Math.min(viewport.width, viewport.height) - 88, 300));
    await accessible(page, 'the login dialog with every method');
    await button.click();
    // The provider's own (development) sign-in page.
    await page.getByPlaceholder('Enter any login').fill('ona.petraitiene');
    await page.getByPlaceholder('and password').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(/\/userSettings/);
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    // A social account has no verified personal code until Smart-ID is linked (ID9).
    await page.getByRole('button', { name: 'Link Smart-ID' }).click();
    await page.getByLabel('Personal code').fill('40504040001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.locator('.verification-code')).toHaveText(/^\d{4}$/);
    await expect(page.getByText('Your personal code is verified: it fills in your declarations.')).toBeVisible({ timeout: 15_000 });
    await accessible(page, 'settings L with the personal code linked');
    await page.goto('/user');
    await expect(page.getByRole('main')).toContainText('OK TEST');
    await expect(page.getByRole('main')).toContainText('Social account');
    await ctx.close();
  });
});
