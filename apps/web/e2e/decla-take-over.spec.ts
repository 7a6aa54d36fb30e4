import { expect, test, type APIRequestContext, type Page } from './helpers/test.js';
import { accessible, fitsViewport } from './helpers/axe.js';
import {
  answerJoin,
  circumstances,
  contactByEmail,
  damages,
  driverContext,
  driverData,
  expectStep,
  finishFromPreview,
  introAndTerms,
  next,
  photos,
  pickAddress,
  platesAskingToJoin,
  scheme,
  start,
  twoDriversMeet,
} from './helpers/decla.js';

/**
 * Issue 33 item 2 (declaration-flow §6 "if one driver drops out, the other can finish for both"):
 * from inside the wizard, the driver still connected takes over the other part once the other
 * phone is gone (FU14), and can give it back when that phone returns (FU15).
 */

/** A taps the take-over control; the other phone is still counted: the dialog says so and counts down. The server's test clock then passes the old phone's heartbeat. */
async function takeOverWhenCounted(a: Page, request: APIRequestContext): Promise<void> {
  await expect(a.getByText('The other driver is not connected')).toBeVisible({ timeout: 15_000 });
  await a.getByRole('button', { name: 'Their phone is gone? Finish for both on this phone' }).click();
  const dialog = a.getByRole('dialog', { name: 'Finish for both on this phone?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Their personal code and signature are not handed over: driver B types the code and signs on this phone.');
  await dialog.getByRole('button', { name: 'Finish for both here' }).click();
  // B's phone died a moment ago: it keeps its part until its heartbeat times out.
  const timer = dialog.getByRole('timer');
  await expect(timer).toHaveText(/Trying again by itself in \d+ s\./);
  const seconds = Number(/(\d+) s/.exec((await timer.textContent()) ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(46);
  await accessible(a, 'the take-over dialog waiting for the other phone');
  await fitsViewport(a, 'the take-over dialog waiting for the other phone');
  await a.screenshot({ path: 'test-results/screenshots/take-over-waiting.png' });
  // Its time runs out on the server (the test's clock); a press asks again at once.
  const moved = await request.post('/serveris/dev/clock', { data: { advanceMs: (seconds + 1) * 1000 } });
  expect(moved.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Finish for both here' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(a.getByRole('status').filter({ hasText: 'You fill in both parts now. Driver B types their personal code and signs on this phone.' })).toBeVisible();
}

test.describe('finishing for a driver who left', () => {
  test.setTimeout(150_000);

  test("[FU14] B's phone dies at the damages step; A takes over from inside the wizard, fills B's part, B gives the code and signs on A's phone, and it is submitted", async ({ browser, request }) => {
    const { a, b, close } = await twoDriversMeet(browser, 'TKO404', 'TKO505');
    await contactByEmail(a, 'A', 'tomas.kairys@example.lt');
    await next(a);
    await contactByEmail(b, 'B', 'ieva.mockute@example.lt');
    await next(b);
    await expectStep(a, 6);
    await pickAddress(a, 'accident-address', 'gedimino 10', 'Gedimino pr. 10, Vilnius');
    await next(a);
    await expectStep(b, 6);
    await expect(b.locator('#accident-address')).toHaveValue('Gedimino pr. 10, Vilnius', { timeout: 10_000 });
    await next(b);
    await expectStep(a, 7);
    await photos(a, 'A', true);
    await next(a);
    await expectStep(b, 7);
    await photos(b, 'B', false);
    await next(b);
    await expectStep(a, 8);
    await expectStep(b, 8);
    await expect(a.getByText('The other driver is connected · at step 4 of 9')).toBeVisible({ timeout: 10_000 });
    // While B's phone is there, nothing offers to take its part.
    await expect(a.getByRole('button', { name: /Finish for both/ })).toHaveCount(0);

    // B's phone dies at the damages step.
    await b.context().close();
    await takeOverWhenCounted(a, request);
    await accessible(a, 'the damages step after taking over');
    await fitsViewport(a, 'the damages step after taking over');
    await a.screenshot({ path: 'test-results/screenshots/take-over-done.png' });
    // B's part is on A's phone now, with what B entered before: B's contact stays B's.
    await damages(a, 'A', 'Įlenktas galinis bamperis', false);
    await damages(a, 'B', 'Sudaužytas priekinis žibintas', false);
    await a.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(a.getByRole('status').filter({ hasText: 'You fill in both parts now.' })).toHaveCount(0);
    await next(a);

    await expectStep(a, 9);
    await circumstances(a, 'A', ['14']);
    await circumstances(a, 'B', ['11']);
    await next(a);
    await expectStep(a, 10);
    await scheme(a);
    await next(a);
    await expectStep(a, 11);
    await driverData(a, 'A', { name: 'Tomas', surname: 'Kairys', code: '38001012221', address: ['Pilies 14', 'Pilies g. 14, Vilnius'] });
    // B tells their personal code on A's phone: it was not handed over.
    await expect(a.locator('#driver-B-code')).toHaveValue('');
    await driverData(a, 'B', { name: 'Ieva', surname: 'Mockutė', code: '48505053336', address: ['Konstitucijos 10', 'Konstitucijos pr. 10, Vilnius'] });
    await next(a);
    // Both confirm, B is at fault, the insurers confirmed, A signs and B signs on A's phone; sent.
    await finishFromPreview(a);
    await expect(a.getByRole('heading', { name: 'The declaration was sent' })).toBeVisible({ timeout: 30_000 });
    await expect(a.getByTestId('view-link-A')).toBeVisible();
    await expect(a.getByTestId('view-link-B')).toBeVisible();
    await close().catch(() => undefined);
  });

  test("[FU15] after taking over, A gives B's part back; B's new phone asks to join by plates, A confirms, and B continues on it with only B's part", async ({ browser, request }) => {
    const { a, b, close } = await twoDriversMeet(browser, 'TKO606', 'TKO707');
    await contactByEmail(b, 'B', 'rokas.juska@example.lt');
    await next(b);
    await expectStep(b, 6);
    // Saved: A's phone sees where B is (sent after the address).
    await expect(a.getByText('The other driver is connected · at step 2 of 9')).toBeVisible({ timeout: 10_000 });
    await b.context().close();
    await takeOverWhenCounted(a, request);
    // A's phone shows both parts now, B's contact as B left it.
    await expect(a.locator('#contact-B-email')).toHaveValue('rokas.juska@example.lt');

    await a.getByRole('button', { name: 'Continue on two phones' }).click();
    const back = a.getByRole('dialog', { name: 'Continue on two phones?' });
    await expect(back).toContainText('this phone then shows and changes only your part');
    await accessible(a, 'the hand-back dialog');
    await back.getByRole('button', { name: 'Continue on two phones' }).click();
    await expect(back).toBeHidden();
    await expect(a.getByRole('status').filter({ hasText: 'Driver B can join again from their phone' })).toBeVisible();
    await expect(a.locator('#contact-B-email')).toHaveCount(0);
    await expect(a.getByText('The other driver is not connected')).toBeVisible();

    // B's new phone: start, both plates, the code confirmed on A's phone.
    const ctxNew = await driverContext(browser);
    const phone = await ctxNew.newPage();
    await start(phone, 'live');
    await introAndTerms(phone, 'live');
    const code = await platesAskingToJoin(phone, 'TKO707', 'TKO606');
    await answerJoin(a, code, true);
    // B continues where B stopped, and finds B's contact as given.
    await expectStep(phone, 6);
    await phone.getByRole('button', { name: 'Back', exact: true }).click();
    await expectStep(phone, 5);
    await expect(phone.locator('#contact-B-email')).toHaveValue('rokas.juska@example.lt');
    await expect(phone.locator('#contact-A-email')).toHaveCount(0);
    await expect(a.getByText('The other driver is connected')).toBeVisible({ timeout: 10_000 });
    await expect(phone.getByText('The other driver is connected')).toBeVisible({ timeout: 10_000 });
    await ctxNew.close();
    await close().catch(() => undefined);
  });
});
