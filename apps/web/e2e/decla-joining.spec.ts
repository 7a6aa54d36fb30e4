import { expect, test } from './helpers/test.js';
import { accessible, fitsViewport } from './helpers/axe.js';
import { answerJoin, contactByEmail, driverContext, expectStep, introAndTerms, next, nextButton, plateField, plates, platesAskingToJoin, recordFrames, start, twoDriversMeet } from './helpers/decla.js';

test.describe('joining only by the driver at the scene', () => {
  test.setTimeout(120_000);

  test('[JN1] [JN2] a third phone that knows both plates gets a code to show and nothing of the declaration; the first driver refuses it and lets the real driver in', async ({ browser }) => {
    const [ctxA, ctxB, ctxX] = await Promise.all([driverContext(browser), driverContext(browser), driverContext(browser)]);
    const [a, b, stranger] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxX.newPage()]);
    const seenByStranger = recordFrames(stranger);
    const seenByB = recordFrames(b);

    // A starts and gives an e-mail address: personal data the stranger must never receive.
    await start(a, 'live');
    await introAndTerms(a, 'live');
    await plates(a, 'HRS226', 'EAR390');
    await contactByEmail(a, 'A', 'ruta.kazlauskiene@example.lt');

    // A bystander read both plates and types them in B's order.
    await start(stranger, 'live');
    await introAndTerms(stranger, 'live');
    const strangerCode = await platesAskingToJoin(stranger, 'EAR390', 'HRS226');
    await accessible(a, 'the join request dialog');
    await accessible(stranger, 'the plates step waiting for the confirmation');
    await answerJoin(a, strangerCode, false);
    await expect(stranger.getByText('The other driver did not let this phone join.', { exact: false })).toBeVisible();
    await expectStep(stranger, 4);

    // The real driver B asks next; the codes on both phones match and A lets B in.
    await start(b, 'live');
    await introAndTerms(b, 'live');
    // Issue 34: the wait has its way back: B stops, is back at the plates as typed and told how to ask again; A's question goes away.
    await platesAskingToJoin(b, 'EAR390', 'HRS226');
    await expect(a.getByRole('dialog', { name: 'Is the other driver next to you?' })).toBeVisible();
    await b.getByRole('button', { name: 'Stop and change the plates' }).click();
    await expect(b.getByText('You stopped joining. Check both plates and press Next to ask again.')).toBeVisible();
    await expect(plateField(b, 'own')).toHaveValue('EAR390');
    await expectStep(b, 4);
    await expect(a.getByRole('dialog', { name: 'Is the other driver next to you?' })).toBeHidden();
    await nextButton(b).click();
    const codeShown = b.getByRole('status').filter({ hasText: 'Show them this code' }).locator('.join-code');
    await expect(codeShown).toHaveText(/^\d{4}$/);
    const code = (await codeShown.textContent()) ?? '';
    await answerJoin(a, code, true);
    await expectStep(b, 5);
    await expect(b.getByText('The other driver is connected')).toBeVisible();
    await expect(a.getByText('The other driver is connected')).toBeVisible();

    // What the stranger's phone received: a code to show, never A's data; B receives A's e-mail (as the paper form shows it).
    const strangerText = seenByStranger.join('\n');
    expect(strangerText).toContain('"t":"admission"');
    expect(strangerText).not.toContain('ruta.kazlauskiene');
    expect(strangerText).not.toContain('"declaration"');
    expect(seenByB.join('\n')).toContain('ruta.kazlauskiene@example.lt');
    await Promise.all([ctxA.close(), ctxB.close(), ctxX.close()]);
  });

  test('[JN3] two phones ask at once: the first driver sees both codes, neither replaced, and lets in the one on the other driver\'s phone; the other is told it was not let in', async ({ browser }) => {
    const [ctxA, ctxB, ctxX] = await Promise.all([driverContext(browser), driverContext(browser), driverContext(browser)]);
    const [a, b, stranger] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxX.newPage()]);
    await start(a, 'live');
    await introAndTerms(a, 'live');
    await plates(a, 'ZXC987', 'BUV305');

    // A bystander asks first; then the real driver (from the same address: asked again, its proof costs more, JN8).
    await start(stranger, 'live');
    await introAndTerms(stranger, 'live');
    const strangerCode = await platesAskingToJoin(stranger, 'BUV305', 'ZXC987');
    await start(b, 'live');
    await introAndTerms(b, 'live');
    const code = await platesAskingToJoin(b, 'BUV305', 'ZXC987');
    expect(code).not.toBe(strangerCode);

    const dialog = a.getByRole('dialog', { name: 'Several phones ask to join' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByRole('listitem').nth(0)).toContainText(strangerCode);
    await expect(dialog.getByRole('listitem').nth(1)).toContainText(code);
    await accessible(a, 'the join dialog with two requests');
    await fitsViewport(a, 'the join dialog with two requests');
    await a.screenshot({ path: 'test-results/screenshots/join-two-requests.png' });
    const spoken = (c: string) => c.split('').join(' ');
    await dialog.getByRole('button', { name: `Let in the phone showing ${spoken(code)}` }).click();
    await expect(dialog).toBeHidden();
    await expectStep(b, 5);
    await expect(stranger.getByText('The other driver did not let this phone join.', { exact: false })).toBeVisible();
    await expectStep(stranger, 4);
    await Promise.all([ctxA.close(), ctxB.close(), ctxX.close()]);
  });

  test('[JN6] issue 18 item 6: B\'s phone dies at step 6; on a new phone B is told the old one is still counted, sees the seconds left, is asked for again by itself, A confirms, and B opens at step 6', async ({ browser, request }) => {
    const { a, b, close } = await twoDriversMeet(browser, 'NKS715', '915AVR');
    await contactByEmail(b, 'B', 'egle.vaitkute@example.lt');
    await next(b);
    await expectStep(b, 6);
    // The phone dies: its browser is gone; the hub still counts it until its heartbeat times out.
    await b.context().close();

    // The new phone's clock is the test's to move (the seconds of the old phone's heartbeat are not waited out).
    const ctxNew = await driverContext(browser);
    await ctxNew.clock.install();
    const newPhone = await ctxNew.newPage();
    await start(newPhone, 'live');
    await introAndTerms(newPhone, 'live');
    await plateField(newPhone, 'own').fill('915AVR');
    await plateField(newPhone, 'other').fill('NKS715');
    await next(newPhone);
    // Not "full", not "another device": what is happening, and the time left, counting down.
    const notice = newPhone.getByRole('status').filter({ hasText: 'still counted on the phone used before' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    const timer = newPhone.getByRole('timer');
    await expect(timer).toHaveText(/Trying again by itself in \d+ s\./);
    const seconds = async () => Number(/(\d+) s/.exec((await timer.textContent()) ?? '')?.[1]);
    const first = await seconds();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(46);
    await ctxNew.clock.fastForward(2_000);
    await expect.poll(seconds).toBeLessThan(first);
    // Issue 34: a driver who keeps tapping Next (as people do) neither restarts the wait nor loses the way in.
    const before = await seconds();
    for (let tap = 0; tap < 3; tap += 1) await nextButton(newPhone).click({ force: true });
    await expect(notice).toBeVisible();
    expect(await seconds()).toBeLessThanOrEqual(before);
    await expect(newPhone.getByRole('button', { name: 'Stop and change the plates' })).toBeVisible();
    await accessible(newPhone, 'the plates step waiting for the old phone');
    await fitsViewport(newPhone, 'the plates step waiting for the old phone');
    // The old phone's time runs out: on the server (its test clock) and on the new phone alike.
    const left = (await seconds()) * 1000 + 1_000;
    const moved = await request.post('/serveris/dev/clock', { data: { advanceMs: left } });
    expect(moved.ok()).toBe(true);
    await ctxNew.clock.fastForward(left);
    // Asked again by itself: the code to show appears without a tap, A confirms it at once.
    const code = newPhone.getByRole('status').filter({ hasText: 'Show them this code' }).locator('.join-code');
    await expect(code).toHaveText(/^\d{4}$/, { timeout: 15_000 });
    await fitsViewport(newPhone, 'the plates step showing the code to confirm');
    await answerJoin(a, (await code.textContent()) ?? '', true);
    // B continues where B stopped, with what B had given.
    await expectStep(newPhone, 6);
    await expect(newPhone.getByText('The other driver is connected')).toBeVisible();
    await ctxNew.close();
    await close().catch(() => undefined);
  });
});
