import { describe, expect, it } from 'vitest';
import { blankDeclaration } from '../../declaration/blank.js';
import { declarationViewFor } from '../../declaration/view.js';
import { shownDeclaration, viewWithEdits } from './pending-view.js';

const view = declarationViewFor(blankDeclaration({ id: 'decl_pending01', mode: 'live', now: 1000, maxTimeAdjust: 2, fillLang: 'lt', location: null }), 'A', false);
const allowA = { A: true, B: false };

describe('what the screens show', () => {
  it("[HB21] the hub's view with the device's unacknowledged edits on top, in order; the version stays the hub's", () => {
    const shown = viewWithEdits(
      view,
      [
        { ref: 1, op: 'eid-comment', p: { text: 'first' } },
        { ref: 2, op: 'witnesses', p: { witnesses: [{ name: 'Rasa', surname: 'Kairė', phone: '+37060000001' }] } },
        { ref: 3, op: 'eid-comment', p: { text: 'second' } },
      ],
      'A',
      allowA,
    );
    expect(shown.parties.A.comment).toBe('second');
    expect(shown.parties.A.witnesses).toHaveLength(1);
    expect(shown.version).toBe(view.version);
    expect(shown.guilt).toEqual(view.guilt);
  });

  it('[HB21] reads, refused edits and edits of a party the device may not fill are not shown', () => {
    const shown = viewWithEdits(
      view,
      [
        { ref: 1, op: 'current-fotos' },
        { ref: 2, op: 'eid-comment', p: { text: 42 } },
        { ref: 3, op: 'eid-comment', p: { party: 'B', text: 'not mine' } },
      ],
      'A',
      allowA,
    );
    expect(shown).toEqual(view);
  });

  it('[HB21] the queued and the sent-but-unanswered edits both count; with none the view itself is shown, the same object each time', () => {
    const base = { declaration: view, party: 'A' as const, allow: allowA };
    expect(shownDeclaration({ ...base, inflight: [], queued: [] })).toBe(view);
    const inflight = [{ wireId: 7, call: { ref: 1, op: 'eid-comment', p: { text: 'sent' } } }];
    const queued = [{ ref: 2, op: 'set-impact-text', p: { text: 'typed offline' } }];
    const context = { ...base, inflight, queued };
    const shown = shownDeclaration(context);
    expect(shown?.parties.A.comment).toBe('sent');
    expect(shown?.parties.A.damages.text).toBe('typed offline');
    expect(shownDeclaration(context)).toBe(shown);
  });
});
