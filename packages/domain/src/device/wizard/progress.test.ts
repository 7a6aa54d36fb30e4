import { describe, expect, it } from 'vitest';
import { blank, complete } from '../../declaration/declaration.fixture.js';
import { declarationViewFor } from '../../declaration/view.js';
import { declarationFill, stepFill } from './progress.js';

describe('driver progress', () => {
  it('[WZ10] a blank declaration is unfilled from the terms on; a complete one is filled up to the signatures', () => {
    const empty = declarationViewFor(blank(), 'A', false);
    for (const step of [3, 5, 7, 8, 9, 10, 11, 13]) expect(stepFill(empty, step, 'A'), `step ${step}`).toBe(0);
    const full = declarationViewFor(complete(), 'A', true);
    for (let step = 3; step <= 11; step++) expect(stepFill(full, step, 'A'), `step ${step}`).toBe(1);
    expect(stepFill(full, 13, 'B')).toBe(1);
    expect(declarationFill(empty, 'B')).toBeLessThan(0.1);
  });

  it('[WZ10] fractions count the parts of a step; the shared overview photo counts for both drivers', () => {
    const d = blank();
    const half = {
      ...d,
      parties: {
        ...d.parties,
        A: { ...d.parties.A, photos: [{ id: 'overview-01', set: 0, filename: 'o.jpg', addedAt: 1 }], driver: { ...d.parties.A.driver, name: 'Jonas' } },
      },
    };
    const view = declarationViewFor(half, 'B', false);
    expect(stepFill(view, 7, 'A')).toBeCloseTo(1 / 3);
    expect(stepFill(view, 7, 'B')).toBeCloseTo(1 / 3);
    expect(stepFill(view, 11, 'A')).toBeCloseTo(1 / 5);
    for (let step = 1; step <= 14; step++) {
      const f = stepFill(view, step, 'A');
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThanOrEqual(1);
    }
  });
});
