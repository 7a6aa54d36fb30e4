import type { HttpResult } from '@eid/domain/protocol';
import { expect, test, type Page } from './helpers/test.js';
import { accessible } from './helpers/axe.js';
import { downloadedPdfText } from './helpers/pdf.js';
import { driverContext, expectStep, fillBoth, introAndTerms, next, plateField, sign, start, toSignaturesWithBAtFault } from './helpers/decla.js';

/** The bureau's claims address of the local installation (EID_CLAIMS_EMAIL's default). */
const BUREAU = 'zalos@eid.lrdb.lt';

/** The newest e-mail to `to` in the local outbox whose text matches. */
async function mailTo(page: Page, to: string, pattern: RegExp): Promise<HttpResult<'devOutbox'>['messages'][number]> {
  let found: HttpResult<'devOutbox'>['messages'][number] | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get('/serveris/dev/outbox')).json()) as HttpResult<'devOutbox'>;
        found = body.messages.find((m) => m.channel === 'email' && m.to.includes(to) && pattern.test(m.text));
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/** The statement from the end screen's view link, opened with the driver's password: B's insurer as the page shows it, and the PDF as text (qpdf, pdftotext). */
async function statementText(page: Page, party: 'A' | 'B', password: string, insurerB: string): Promise<string> {
  const view = await page.context().newPage();
  await view.goto((await page.getByTestId(`view-link-${party}`).getAttribute('href'))!);
  await view.getByLabel('Password').fill(password);
  await view.getByRole('button', { name: 'Confirm' }).click();
  await expect(view.getByRole('heading', { name: 'Road accident declaration' })).toBeVisible({ timeout: 15_000 });
  await expect(view.getByText(insurerB, { exact: true })).toBeVisible();
  try {
    return await downloadedPdfText(view, password);
  } finally {
    await view.close();
  }
}

/** One phone for both: A's Lithuanian car from the registry (its own plate in these tests), B's as given at the plates step. */
async function toSignatures(page: Page, ownPlate: string, otherPlate: string, otherCountry: string | null): Promise<void> {
  await start(page, 'live');
  await introAndTerms(page, 'live');
  await plateField(page, 'own').fill(ownPlate);
  if (otherCountry) await page.locator('#other-country').selectOption(otherCountry);
  await plateField(page, 'other').fill(otherPlate);
  await page.getByLabel('I fill in the declaration for both drivers on this device').check();
  await next(page);
  await fillBoth(page, async () => {}, false, 12);
  // B caused it: B's copy goes to whoever answers for B's vehicle.
  await toSignaturesWithBAtFault(page);
  await page.getByRole('button', { name: /^Confirm (Lietuvos draudimas|ERGO)/ }).click();
  await expect(page.getByText(/^The insurer of vehicle A: (Lietuvos draudimas|ERGO)/)).toBeVisible();
}

test.describe('a vehicle insured abroad, or not at all (declaration-flow §3 special insurance values)', () => {
  test.setTimeout(150_000);

  test('[IN2] [IN3] [IN5] a Lithuanian driver and a driver whose car is insured in Poland submit: the green card is in the PDF as typed, and the bureau receives the declaration', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const page = await ctx.newPage();
    await toSignatures(page, 'GRN101', 'WX4411K', 'PL');
    const insurer = page.locator('fieldset.insurer');
    await expect(insurer.getByText('The vehicle is registered abroad: give what its green card (or insurance policy) says.')).toBeVisible();
    // The plate's country comes first; a card that ended before the accident is refused on the screen, as the hub would.
    await expect(insurer.getByLabel("Insurer's country")).toHaveValue('PL');
    await insurer.getByLabel("Insurer's name").fill('PZU SA');
    await insurer.getByLabel('Green card or policy number').fill('PL/001/7788990');
    await insurer.getByLabel('Valid until').fill('2020-01-31');
    await insurer.getByRole('button', { name: 'Save the insurer from abroad' }).click();
    await expect(insurer.getByText('The green card ended before the day of the accident: the vehicle was not insured by it.')).toBeVisible();
    await accessible(page, 'the green card form with its error');
    await insurer.screenshot({ path: 'test-results/screenshots/en-13-green-card.png' });
    await insurer.getByLabel('Valid until').fill('2030-12-31');
    await insurer.getByRole('button', { name: 'Save the insurer from abroad' }).click();
    await expect(page.getByText('The insurer of vehicle B: PZU SA (Poland), green card PL/001/7788990, valid until 2030-12-31.')).toBeVisible();
    await expect(page.getByText("Driver B is at fault: the bureau handles the other driver's claim and receives this declaration.")).toBeVisible();
    await sign(page, 'A');
    await sign(page, 'B');
    await next(page);
    await expectStep(page, 14);
    await expect(page.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    await expect(page.getByText('The bureau, for driver B at fault, insured abroad by PZU SA')).toBeVisible();

    // Delivered to the bureau (in Lithuanian, saying why), not to an insurer of the registry.
    const mail = await mailTo(page, BUREAU, /WX4411K[\s\S]*apdrausta užsienyje: PZU SA \(PL\)|apdrausta užsienyje: PZU SA \(PL\)[\s\S]*WX4411K/);
    expect(mail.text).toContain('PL/001/7788990');
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    // The statement names the Polish insurer as given (A's password: the last 6 characters of A's code 38001012221).
    const text = await statementText(page, 'A', '012221', 'Insured abroad by PZU SA (Poland), green card PL/001/7788990, valid until 2030-12-31');
    expect(text).toMatch(/PZU SA/);
    expect(text).toMatch(/PL\/001\/7788990/);
    expect(text).toMatch(/2030-12-31/);
    await ctx.close();
  });

  test('[IN4] [IN5] a registered car without a policy: "not insured" is proposed at the signatures, the PDF says so, and the bureau receives the declaration', async ({ browser }) => {
    const ctx = await driverContext(browser);
    const page = await ctx.newPage();
    // NDR550 is in the registry without a policy (adapters/registry-sqlite/seed).
    await toSignatures(page, 'GRN202', 'NDR550', null);
    const insurer = page.locator('fieldset.insurer');
    await expect(insurer.getByText('The register has no valid policy for this vehicle.')).toBeVisible();
    await insurer.getByRole('button', { name: 'Confirm: not insured' }).click();
    const dialog = page.getByRole('dialog', { name: 'The vehicle is not insured?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, not insured' }).click();
    await expect(page.getByText('Vehicle B is not insured.')).toBeVisible();
    await sign(page, 'A');
    await sign(page, 'B');
    await next(page);
    await expectStep(page, 14);
    await expect(page.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible();
    await expect(page.getByText('The bureau, for driver B at fault, not insured')).toBeVisible();
    // The victim's guidance: the bureau, not "the insurer of the vehicle at fault".
    await expect(page.getByText('The vehicle at fault was not insured: claim your damage from the bureau, which has received this declaration.').first()).toBeVisible();

    await mailTo(page, BUREAU, /NDR550[\s\S]*Transporto priemonės B vairuotojas nurodė, kad transporto priemonė neapdrausta|Transporto priemonės B vairuotojas nurodė, kad transporto priemonė neapdrausta[\s\S]*NDR550/);
    const text = await statementText(page, 'A', '012221', 'Not insured');
    expect(text).toMatch(/Not insured \(the driver says so\)/);
    await ctx.close();
  });
});
