import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { SCHEME_TEMPLATE_IDS } from '@eid/domain';
import { expect, test } from './helpers/test.js';
import { accessible } from './helpers/axe.js';
import { driverContext, expectStep, fillBoth, introAndTerms, jpeg, next, plates, start } from './helpers/decla.js';

const SHOTS = 'test-results/screenshots';

test.describe('the accident scheme', () => {
  test.setTimeout(120_000);

  test('[SC3] issue 33 item 3: every one of the 21 templates draws its own road with the vehicles where it starts them, no two alike; a photo of a scheme drawn on paper is saved instead', async ({ browser }) => {
    mkdirSync(SHOTS, { recursive: true });
    const ctx = await driverContext(browser);
    const page = await ctx.newPage();
    await start(page, 'practice');
    await introAndTerms(page, 'practice');
    await plates(page, 'PRA101', 'PRA202');
    await fillBoth(page, async () => {}, true, 10);

    // Both vehicles placed once; each road picked after moves them (not moved by hand) to where it starts them.
    const road = page.getByLabel('Road');
    await road.selectOption('blank');
    await page.getByRole('button', { name: 'Vehicle A', exact: true }).click();
    await page.getByRole('button', { name: 'Vehicle B', exact: true }).click();
    const canvas = page.locator('.scheme-canvas');
    const seen = new Map<string, string>();
    for (const id of SCHEME_TEMPLATE_IDS) {
      await road.selectOption(id);
      await expect(road).toHaveValue(id);
      // The drawing of this road, both vehicles on it (Konva draws on the next frame).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const png = await canvas.screenshot({ path: `${SHOTS}/scheme-${id}.png` });
      const hash = createHash('sha256').update(png).digest('hex');
      expect(seen.get(hash), `${id} draws the same as ${seen.get(hash)}`).toBeUndefined();
      seen.set(hash, id);
    }
    expect(seen.size).toBe(21);
    await accessible(page, 'the scheme step with the X cross road');

    // A scheme drawn on paper, photographed: saved instead of the drawing, and Next goes on.
    await page.getByTestId('scheme-photo').setInputFiles(await jpeg(page, 'paper scheme', '#f5f0e1'));
    const saved = page.getByRole('figure').filter({ has: page.getByAltText('The saved accident scheme') });
    await expect(saved.getByRole('img')).toHaveAttribute('src', /^(blob:|data:image\/)/, { timeout: 15_000 });
    await expect(saved).toContainText('Saved.');
    await next(page);
    await expectStep(page, 11);
    // Back on the scheme step, the photo is what is kept.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expectStep(page, 10);
    await expect(page.getByAltText('The saved accident scheme')).toBeVisible();
    await expect(page.getByText('Saved.', { exact: true })).toBeVisible();
    await ctx.close();
  });
});
