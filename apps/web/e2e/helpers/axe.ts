import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core itself, put into a page once (each new document gets it again). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OPTIONS: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] };

/**
 * WCAG 2.1 A and AA checks of axe-core on the page as it is now. axe-core is run in the page
 * directly: `@axe-core/playwright`'s builder put its 500 KB source into the page again at every
 * check and opened a second page to finish each run, 1.5-2.2 s a check against 0.08 s this way
 * (measured on the home page, docs/decisions/testing.md). The same rules, the same violations.
 */
export async function accessible(page: Page, where: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, options).then((r) => r.violations),
    OPTIONS,
  );
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(found, `accessibility violations on ${where}`).toEqual([]);
}

/** The page fits its viewport: nothing scrolls sideways (its images loaded first). */
export async function fitsViewport(page: Page, where: string): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  // The phone's width, not window.innerWidth: a mobile browser widens its layout viewport to content that overflows.
  const width = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${where} is ${scrollWidth} px wide on a ${width} px screen`).toBeLessThanOrEqual(width);
}

/** No word of the matching elements' text is split across lines (a word broken by the layout, "Vairuotoja/s"). */
export async function wordsWhole(page: Page, selector: string, where: string): Promise<void> {
  const broken = await page.locator(selector).evaluateAll((els) => {
    const out: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(m[0]);
        }
      }
    }
    return out;
  });
  expect(broken, `words split across lines on ${where}`).toEqual([]);
}
