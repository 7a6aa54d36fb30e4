import { describe, expect, it } from 'vitest';
import { applyGuilt, BLANK_GUILT, insurerRole } from './guilt.js';
import { declarationViewFor } from './view.js';
import { blank } from './declaration.fixture.js';

describe('guilt', () => {
  it.each([
    ['A', 'A', 'A'],
    ['B', 'B', 'B'],
    ['BOTH', 'BOTH', 'BOTH'],
  ] as const)('[GL1] both choosing %s resolves it as %s', (a, b, resolved) => {
    const afterA = applyGuilt(BLANK_GUILT, 'A', { op: 'SET', choice: a });
    expect(afterA.status).toBe('WAITING');
    const afterB = applyGuilt(afterA, 'B', { op: 'SET', choice: b });
    expect(afterB).toEqual({ status: 'RESOLVED', achoice: a, bchoice: b, resolved });
  });

  it('[GL2] differing choices are a conflict and both must choose again', () => {
    const afterA = applyGuilt(BLANK_GUILT, 'A', { op: 'SET', choice: 'B' });
    const conflict = applyGuilt(afterA, 'B', { op: 'SET', choice: 'A' });
    expect(conflict).toEqual({ status: 'CONFLICT', achoice: null, bchoice: null, resolved: null });
    const again = applyGuilt(applyGuilt(conflict, 'B', { op: 'SET', choice: 'BOTH' }), 'A', { op: 'SET', choice: 'BOTH' });
    expect(again.status).toBe('RESOLVED');
    expect(again.resolved).toBe('BOTH');
  });

  it('[GL3] RESET clears the own choice and the resolution; STATUS changes nothing', () => {
    const resolved = applyGuilt(applyGuilt(BLANK_GUILT, 'A', { op: 'SET', choice: 'A' }), 'B', { op: 'SET', choice: 'A' });
    const reset = applyGuilt(resolved, 'B', { op: 'RESET' });
    expect(reset).toEqual({ status: 'WAITING', achoice: 'A', bchoice: null, resolved: null });
    expect(applyGuilt(resolved, 'A', { op: 'STATUS' })).toBe(resolved);
  });

  it('[GL4] a driver sees whether the other has chosen, not what, until it is resolved', () => {
    const d = { ...blank(), guilt: applyGuilt(BLANK_GUILT, 'A', { op: 'SET', choice: 'B' }) };
    expect(declarationViewFor(d, 'B', false).guilt).toEqual({ status: 'WAITING', achoice: null, bchoice: null, resolved: null, achosen: true, bchosen: false });
    expect(declarationViewFor(d, 'A', false).guilt).toMatchObject({ achoice: 'B', bchosen: false });
    // One device filling for both sees both; once resolved everybody sees the result.
    expect(declarationViewFor(d, 'B', true).guilt.achoice).toBe('B');
    const resolved = { ...d, guilt: applyGuilt(d.guilt, 'B', { op: 'SET', choice: 'B' }) };
    expect(declarationViewFor(resolved, 'B', false).guilt).toMatchObject({ status: 'RESOLVED', achoice: 'B', bchoice: 'B', resolved: 'B' });
  });
});

describe('what an insurer means for its driver (GL5)', () => {
  it.each([
    ['A', 'A', 'AT_FAULT'],
    ['A', 'B', 'VICTIM'],
    ['B', 'A', 'VICTIM'],
    ['BOTH', 'A', 'BOTH'],
    ['BOTH', 'B', 'BOTH'],
  ] as const)('[GL5] guilty %s: for driver %s, %s', (resolved, party, role) => {
    expect(insurerRole({ status: 'RESOLVED', achoice: resolved, bchoice: resolved, resolved }, party)).toBe(role);
  });

  it('[GL5] before guilt is agreed (waiting, or the drivers disagree) nothing is said of who pays', () => {
    expect(insurerRole(BLANK_GUILT, 'A')).toBe('UNKNOWN');
    expect(insurerRole({ status: 'CONFLICT', achoice: 'A', bchoice: 'B', resolved: null }, 'B')).toBe('UNKNOWN');
  });
});
