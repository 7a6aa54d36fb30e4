import { describe, expect, it } from 'vitest';
import { type Declaration } from '../../declaration/entities.js';
import { blankDeclaration } from '../../declaration/blank.js';
import { declarationViewFor } from '../../declaration/view.js';
import { recoverySnapshot, viewFromRecovery } from './recovery.js';

/** declaration-flow §3 "Recovery snapshot", in the spec's order. */
const SPEC_FIELDS = [
  'ip', 'nodeId', 'httpConnected', 'twoUserMode', 'isA', 'loggedIn', 'eidMode', 'vehA', 'trailerA', 'vehB', 'trailerB',
  'scheme', 'witnessesA', 'witnessesB', 'originalTime', 'correctedTime', 'originalLocation', 'correctedLocation',
  'locationAddress', 'signatureA', 'signatureB', 'guiltState', 'responsibleInsurer', 'eidSubmitState', 'declaViewLink',
  // "with the disclaimers list refreshed"
  'disclaimers',
];

function filled(): Declaration {
  const d = blankDeclaration({ id: 'decl_recover1', mode: 'live', now: 1000, maxTimeAdjust: 2, fillLang: 'lt', location: null });
  return {
    ...d,
    scheme: { imageId: 'scheme_0001', objects: '{"big":"drawing"}', isPhoto: false },
    parties: {
      ...d.parties,
      A: {
        ...d.parties.A,
        driver: { ...d.parties.A.driver, name: 'Jonas', surname: 'Petraitis', code: '38703181745', dob: '1987-03-18' },
        conditions: ['10', '1'],
        damages: { text: 'rear bumper', imageId: 'damage_0001', impactMeta: { points: ['rear'], direction: 180 } },
        signature: { imageId: 'sign_00001', dataPoints: 120, decent: true, signedAt: 5 },
      },
    },
  };
}

describe('recovery snapshot (state-connection)', () => {
  it('[RS1] holds exactly the fields of the spec; images become yes/no flags; conditions their labels; impactMeta and the personal code left out', () => {
    const snap = recoverySnapshot(declarationViewFor(filled(), 'A', false), {
      ip: 'eid.example.lt',
      httpConnected: true,
      isA: true,
      loggedIn: false,
      storedMode: null,
    });
    expect(Object.keys(snap).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(snap.scheme).toBe(true);
    expect(snap.signatureA).toBe(true);
    expect(snap.signatureB).toBe(false);
    expect(snap.vehA.damageImage).toBe(true);
    expect(snap.vehB.damageImage).toBe(false);
    expect(snap.vehA.conditions).toEqual(['10', '1']);
    expect('impactMeta' in snap.vehA).toBe(false);
    expect('emailExists' in snap.vehA.driver).toBe(false);
    // No personal code, nor the birth date it encodes, is kept in local storage.
    for (const v of [snap.vehA, snap.vehB]) expect(Object.keys(v.driver)).not.toEqual(expect.arrayContaining(['code']));
    expect(JSON.stringify(snap)).not.toMatch(/"code"|"dob"|38703181745/);
    expect(snap.vehA.driver.surname).toBe('Petraitis');
    expect(JSON.stringify(snap)).not.toContain('big');
    expect(snap.nodeId).toBe('decl_recover1');
  });

  it('[RS2] eidMode is taken from local storage first, else from the declaration', () => {
    const view = declarationViewFor(filled(), 'B', false);
    const flags = { ip: null, httpConnected: false, isA: false, loggedIn: false };
    expect(recoverySnapshot(view, { ...flags, storedMode: 'practice' }).eidMode).toBe('practice');
    expect(recoverySnapshot(view, { ...flags, storedMode: null }).eidMode).toBe('live');
  });

  it('[RS3] the snapshot read back is the last known declaration: what was entered, images as flags only, no personal code, version 0', () => {
    const d = filled();
    const snap = recoverySnapshot(declarationViewFor(d, 'A', false), { ip: null, httpConnected: true, isA: true, loggedIn: false, storedMode: null });
    const view = viewFromRecovery(JSON.parse(JSON.stringify(snap)));
    expect(view?.id).toBe(d.id);
    expect(view?.version).toBe(0);
    expect(view?.parties.A.conditions).toEqual(['10', '1']);
    expect(view?.parties.A.driver).toMatchObject({ name: 'Jonas', surname: 'Petraitis', code: '', dob: '' });
    expect(view?.parties.A.damages.text).toBe('rear bumper');
    expect(view?.parties.A.photos).toEqual([]);
    expect(view?.scheme.imageId).toBeNull();
  });
});
