import { describe, expect, it } from 'vitest';
import { citationsIn } from './check-spec-ids.mjs';

const ids = (source) => [...citationsIn('x.test.ts', source)].sort();

describe('the spec-id check counts only the names of tests that run', () => {
  it.each([
    ["it('[PL1] plates', () => {});", ['PL1']],
    ["test('[PL1] [PL2] two ids', () => {});", ['PL1', 'PL2']],
    ["describe('[DC1] group', () => { it('x', () => {}); });", ['DC1']],
    ["it.each([[1]])('[PH3] %j gives', () => {});", ['PH3']],
    ["test.describe('[SH1] e2e group', () => {});", ['SH1']],
    ['it(`[GEN1] a template ${1}`, () => {});', ['GEN1']],
    ["describe.each([1])('[EM1] %s', () => {});", ['EM1']],
  ])('%s cites %j', (source, expected) => {
    expect(ids(source)).toEqual(expected);
  });

  it.each([
    ["// [PL1] a comment\nit('plates', () => {});"],
    ["/* [PL1] */ it('plates', () => {});"],
    ["it('plates', () => { expect('[PL1]').toBe('[PL1]'); });"],
    ["const rows = ['[PL1]']; it.each(rows)('%s', () => {});"],
    ["it.skip('[PL1] skipped', () => {});"],
    ["it.todo('[PL1] later');"],
    ["test.fixme('[PL1] broken', () => {});"],
    ["describe.skip('group', () => { it('[PL1] inside a skipped group', () => {}); });"],
    ["test.describe.skip('[PL1] e2e group', () => {});"],
    ["it.skipIf(true)('[PL1] conditional', () => {});"],
  ])('%s cites nothing', (source) => {
    expect(ids(source)).toEqual([]);
  });
});
