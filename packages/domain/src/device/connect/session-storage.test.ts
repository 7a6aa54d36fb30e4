import { describe, expect, it } from 'vitest';
import { blankDeclaration } from '../../declaration/blank.js';
import { applyInstruction } from '../../declaration/edits/index.js';
import { storableCalls } from './session-storage.js';
import { DRIVER_A } from '../../declaration/declaration.fixture.js';

const driver = DRIVER_A;

describe('the unacknowledged edits kept in local storage', () => {
  it('[HB21] hold no personal code nor birth date; a whole driver is kept as the edits of its other fields, which rebuild the same driver', () => {
    const kept = storableCalls([
      { ref: 1, op: 'set-driver-data', p: { party: 'A', driver } },
      { ref: 2, op: 'set-partial-driver-data', p: { name: 'code', value: '38703181745' } },
      { ref: 3, op: 'set-partial-driver-data', p: { name: 'dob', value: '1987-03-18' } },
      { ref: 4, op: 'eid-comment', p: { text: 'Slidu' } },
      { ref: 5, op: 'submit-eid' },
    ]);
    const text = JSON.stringify(kept);
    expect(text).not.toContain('38703181745');
    expect(text).not.toContain('1987-03-18');
    expect(kept.filter((c) => c.op === 'set-partial-driver-data')).toHaveLength(Object.keys(driver).length - 2);
    expect(kept.slice(-2)).toEqual([{ op: 'eid-comment', p: { text: 'Slidu' } }, { op: 'submit-eid' }]);
    // Replayed on the hub's side, the kept edits give the driver everything but the code and the birth date.
    let d = blankDeclaration({ id: 'decl_storable1', mode: 'live', now: 1, maxTimeAdjust: 2, fillLang: 'lt', location: null });
    for (const c of kept.filter((k) => k.op === 'set-partial-driver-data')) {
      const out = applyInstruction(d, c.op, c.p, { actor: { party: 'A', allow: { A: true, B: false } }, now: 2, isInLithuania: () => true });
      if (!out.ok) throw new Error(out.code);
      d = out.declaration;
    }
    expect(d.parties.A.driver).toMatchObject({ ...driver, code: '', dob: '' });
  });
});
