import { expect, test } from '@playwright/test';
import { accessible } from './helpers/axe.js';
import { answerJoin, contactByEmail, driverContext, expectStep, introAndTerms, plates, platesAskingToJoin, recordFrames, start } from './helpers/decla.js';

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
    const code = await platesAskingToJoin(b, 'EAR390', 'HRS226');
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
});
