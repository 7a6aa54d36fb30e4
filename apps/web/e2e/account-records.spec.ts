import { expect, test } from './helpers/test.js';
import { linkFromOutbox, signInWithSmartId as smartId } from './helpers/account.js';
import { accessible } from './helpers/axe.js';
import { driverContext } from './helpers/decla.js';

test.describe('the signed-in person\'s records', () => {
  test('Smart-ID\'s demo account OK sees its insurance documents, debts and accidents, chooses its reminders, and adds an e-mail address confirmed by its link', async ({ browser }) => {
    const ctx = await driverContext(browser, 'en');
    const page = await ctx.newPage();
    await smartId(page, '30303039914');
    await page.getByRole('link', { name: 'Insurance documents' }).click();
    await expect(page.getByRole('heading', { name: 'Insurance documents', level: 1 })).toBeVisible();
    const active = page.getByRole('region', { name: 'Active documents' });
    await expect(active.getByRole('listitem')).toHaveCount(3);
    await expect(active.getByRole('listitem').first()).toContainText('KLM123 · Toyota Corolla');
    await expect(active.getByRole('listitem').first()).toContainText('10 days left');
    await expect(active).toContainText('Lietuvos draudimas');
    // Next year's policy, bought ahead, is listed with the day it begins.
    await expect(page.getByRole('region', { name: 'Not in force yet' }).getByRole('listitem')).toContainText('Begins in 11 days');
    await expect(page.getByRole('region', { name: 'Expired documents (last 7 years)' }).getByRole('listitem')).toHaveCount(1);
    await accessible(page, '/documents');
    await page.goto('/liabilities');
    await expect(page.getByText('Owed in total: €1,245.60')).toBeVisible();
    await accessible(page, '/liabilities');
    await page.goto('/ei');
    const victim = page.getByRole('listitem').filter({ hasText: 'Savanorių pr. 124, Vilnius' });
    await expect(victim).toContainText('Victim');
    // Issue 34: the bureau's Lithuanian words are marked as such on the English page, and an EID accident of another account says how its statement opens.
    await expect(victim.getByText('Galinis buferis, bagažinės dangtis')).toHaveAttribute('lang', 'lt');
    await expect(victim).toContainText('Damage (in Lithuanian)');
    await expect(victim).toContainText('Its statement opens with the link and password sent to you');
    await expect(page.getByRole('listitem').filter({ hasText: 'Kauno g. 3, Kaunas' })).toContainText('At fault');
    await accessible(page, '/ei');
    // Settings M: the reminders' days are chosen and kept.
    await page.goto('/notifSettings');
    await expect(page).toHaveURL(/\/userSettings\?s=M/);
    await page.getByLabel('How many days before').selectOption('30');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your notification choices are saved.')).toBeVisible();
    await accessible(page, '/userSettings?s=M');
    await page.reload();
    await expect(page.getByLabel('How many days before')).toHaveValue('30');
    // AC15: no address yet (Smart-ID), so e-mail cannot be chosen; one is added here and confirmed by its link.
    await expect(page.getByRole('checkbox', { name: 'By e-mail' })).toBeDisabled();
    const add = page.getByRole('form', { name: 'Add an e-mail address' });
    await add.getByRole('button', { name: 'Send a confirmation link' }).click();
    await expect(add.getByText('Invalid email format')).toBeVisible();
    await add.getByLabel('E-mail address').fill('ok.testnumber@example.lt');
    await add.getByRole('button', { name: 'Send a confirmation link' }).click();
    await expect(add.getByRole('status')).toContainText('We sent a link to ok.testnumber@example.lt');
    await page.goto(await linkFromOutbox(page, 'ok.testnumber@example.lt', 'email'));
    // The link's token leaves the address bar; opening the link confirms nothing until the person does.
    await expect(page).toHaveURL(/\/confirm$/);
    await page.getByRole('button', { name: 'Confirm the address' }).click();
    await expect(page.getByText('The address ok.testnumber@example.lt is confirmed')).toBeVisible();
    await page.getByRole('link', { name: 'Notification settings' }).click();
    await expect(page.getByRole('checkbox', { name: 'By e-mail' })).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: 'By e-mail' })).toBeChecked();
    await expect(page.getByRole('form', { name: 'Your e-mail address' })).toContainText('go to ok.testnumber@example.lt');
    await ctx.close();
  });
});
