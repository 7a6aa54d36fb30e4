import { describe, expect, it } from 'vitest';
import { completeSubmit, markWaiting, submitParties, submitStatus, withdrawSubmit } from './submit.js';
import { validateT2 } from './preview.js';
import { blank, complete, previewCtx, T0 } from './declaration.fixture.js';
import type { Declaration } from './entities.js';

function submitted(d: Declaration, parties: ('A' | 'B')[]): Declaration {
  const outcome = submitParties(d, parties, validateT2(d, previewCtx(d)), T0 + 1);
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.declaration;
}

describe('submit', () => {
  it('[SB1] a submit the final validation refuses is ERROR with the invalid description, and may be repeated', () => {
    const d = blank();
    const out = submitParties(d, ['A'], validateT2(d, previewCtx(d)), T0 + 1);
    expect(out.ok && out.declaration.submitState).toBe('ERROR');
    if (!out.ok) return;
    expect(out.enqueue).toBe(false);
    expect(out.declaration.invalidDesc.length).toBeGreaterThan(0);
    expect(out.declaration.invalidDesc[0]).toMatchObject({ key: expect.stringMatching(/^PREVIEW_/) });
    expect(out.declaration.parties.A.submit).toBe('NONE');
    const fixed = { ...complete(), submitState: out.declaration.submitState };
    expect(submitted(fixed, ['A']).submitState).toBe('READY');
  });

  it('[SB2] the first driver to submit waits for the other; the second puts the declaration on the queue', () => {
    const afterA = submitted(complete(), ['A']);
    expect(submitStatus(afterA, 'A')).toMatchObject({ stateA: 'SUBMITTED', stateB: 'NONE', stateEID: 'READY' });
    const out = submitParties(afterA, ['B'], [], T0 + 2);
    expect(out.ok && out.enqueue).toBe(true);
    expect(out.ok && out.declaration.submitState).toBe('SUBMITTING');
  });

  it('[SB3] queued → WAITING for the queue answer → SUCCESS with the view link, finished and immutable', () => {
    const both = submitted(complete(), ['A', 'B']);
    expect(both.submitState).toBe('SUBMITTING');
    const waiting = markWaiting(both, T0 + 3);
    expect(waiting.submitState).toBe('WAITING');
    const done = completeSubmit(waiting, 'SUCCESS', { A: '/a/abc', B: '/a/def' }, T0 + 4);
    expect(done).toMatchObject({ status: 'FINISHED', submitState: 'SUCCESS', viewUrls: { A: '/a/abc', B: '/a/def' } });
    // Each driver's status carries that driver's own link (it opens with their own password).
    expect(submitStatus(done, 'A').viewUrl).toBe('/a/abc');
    expect(submitStatus(done, 'B').viewUrl).toBe('/a/def');
    expect(submitStatus(done, null).viewUrl).toBeNull();
    expect(completeSubmit(done, 'FAIL', null, T0 + 5)).toBe(done);
    expect(submitParties(done, ['A'], [], T0 + 6)).toEqual({ ok: false, code: 'DECLARATION_FINISHED' });
    expect(withdrawSubmit(done, 'A', T0 + 6)).toEqual({ ok: false, code: 'ALREADY_SUBMITTED' });
  });

  it('[SB3] the back end saying fail ends the declaration in FAIL without a view link', () => {
    const failed = completeSubmit(markWaiting(submitted(complete(), ['A', 'B']), T0 + 3), 'FAIL', { A: '/a/x', B: '/a/y' }, T0 + 4);
    expect(failed).toMatchObject({ status: 'FINISHED', submitState: 'FAIL', viewUrls: { A: null, B: null } });
  });

  it('[SB4] a driver may withdraw a submit while the other has not submitted (to correct data)', () => {
    const afterA = submitted(complete(), ['A']);
    const out = withdrawSubmit(afterA, 'A', T0 + 5);
    expect(out.ok && out.declaration.parties.A.submit).toBe('NONE');
    const queued = submitted(complete(), ['A', 'B']);
    expect(withdrawSubmit(queued, 'A', T0 + 5)).toEqual({ ok: false, code: 'ALREADY_SUBMITTED' });
  });

  it('[SB5] one device filling for both submits both parties at once; the fill languages are reported', () => {
    const both = submitted({ ...complete(), twoUserMode: false }, ['A', 'B']);
    expect(submitStatus(both, 'A')).toMatchObject({ stateA: 'SUBMITTED', stateB: 'SUBMITTED', stateEID: 'SUBMITTING', aFillLang: 'lt', bFillLang: 'lt' });
  });
});
