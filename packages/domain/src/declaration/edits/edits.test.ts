import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyInstruction, CHANGED_KINDS, CHANGED_KIND_OF, WRITE_INSTRUCTIONS, type EditOutcome } from './index.js';
import { blank, complete, ctx, DRIVER_A, INSURERS, T0 } from '../declaration.fixture.js';
import { INSTRUCTIONS, isKeptInstruction } from '../../protocol/instructions.js';
import type { Declaration } from '../entities.js';

function ok(outcome: EditOutcome): Extract<EditOutcome, { ok: true }> {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.code}`);
  return outcome;
}

const HOUR = 3_600_000;
const driver = DRIVER_A;

describe('write instructions', () => {
  const cases: Array<[string, unknown, string, (d: Declaration) => unknown, unknown]> = [
    ['set-driver-data', { driver }, 'DATA', (d) => d.parties.A.driver.surname, 'Petraitis'],
    ['set-driver-email', { email: ' jonas@example.lt ' }, 'DATA', (d) => d.parties.A.driver.email, 'jonas@example.lt'],
    ['set-partial-driver-data', { name: 'name', value: 'Ona' }, 'DATA', (d) => d.parties.A.driver.name, 'Ona'],
    ['submit-disclaimers', { disclaimers: { user: 'u2', rules: 'r2', policy: 'p2' } }, 'DATA', (d) => d.parties.A.disclaimers.rules, 'r2'],
    ['corrected-time', { time: String(T0 - HOUR) }, 'DATA', (d) => d.timePlace.correctedTime, T0 - HOUR],
    ['corrected-location', { location: { latitude: 55.7, longitude: 21.1, accuracy: null } }, 'DATA', (d) => d.timePlace.correctedLocation?.latitude, 55.7],
    ['corrected-location-address', { address: { value: 'Gedimino pr. 1, Vilnius', aob: 1, pat: null, needPat: false } }, 'DATA', (d) => d.timePlace.locationAddress?.aob, 1],
    ['witnesses', { witnesses: [{ name: 'Rasa', surname: 'Kairė', phone: '+37060000001' }] }, 'DATA', (d) => d.parties.A.witnesses.length, 1],
    ['add-foto', { id: 'photo-0001', set: 2, filename: 'a.jpg' }, 'PHOTO', (d) => d.parties.A.photos[0]?.set, 2],
    ['set-impact-image', { imageId: 'impact-0001' }, 'DAMAGE', (d) => d.parties.A.damages.imageId, 'impact-0001'],
    ['set-impact-meta', { impactMeta: { points: ['front-left'], direction: 45 } }, 'DAMAGE', (d) => d.parties.A.damages.impactMeta.direction, 45],
    ['set-impact-text', { text: 'Įlenktos durys' }, 'DAMAGE', (d) => d.parties.A.damages.text, 'Įlenktos durys'],
    ['eid-comment', { text: 'Slidu' }, 'DATA', (d) => d.parties.A.comment, 'Slidu'],
    ['conditions', { conditions: ['10', '10'] }, 'DATA', (d) => d.parties.A.conditions, ['10']],
    ['scheme', { imageId: 'scheme-0001', objects: '[{"v":1}]', isPhoto: false }, 'SCHEME', (d) => d.scheme.imageId, 'scheme-0001'],
    ['set-vehicle-data', { vehicle: { make: 'Škoda', typeSelected: 'A' } }, 'VEHICLE', (d) => d.parties.A.vehicle.make, 'Škoda'],
    ['add-audio', { id: 'audio-0001', type: 'DAMAGES' }, 'AUDIO', (d) => d.parties.A.audio[0]?.type, 'DAMAGES'],
    ['guilty', { op: 'SET', choice: 'B' }, 'SIGNATURE', (d) => d.guilt.achoice, 'B'],
    ['signature', { imageId: 'sign-0001', dataPoints: 80, strokes: 3, width: 0.6, height: 0.3 }, 'SIGNATURE', (d) => d.parties.A.signature?.dataPoints, 80],
    ['responsible-insurer', { drkId: 3 }, 'INSURER', (d) => d.parties.A.responsibleInsurer.drkId, 3],
    ['progress', { progress: 'LAST_STEP' }, 'DATA', (d) => d.parties.A.progress, 'LAST_STEP'],
    ['fill-lang', { lang: 'en' }, 'DATA', (d) => d.parties.A.fillLang, 'en'],
  ];

  it.each(cases)('[DC1] %s applies its payload and pushes the kind %s', (name, payload, kind, read, expected) => {
    const outcome = ok(applyInstruction(blank(), name, payload, ctx('A')));
    expect(outcome.changed).toBe(kind);
    expect(read(outcome.declaration)).toEqual(expected);
  });

  it('[DC1] every write instruction has a changed kind of the spec', () => {
    for (const name of WRITE_INSTRUCTIONS) expect(CHANGED_KINDS).toContain(CHANGED_KIND_OF[name]);
    expect(new Set(Object.values(CHANGED_KIND_OF))).toEqual(new Set(CHANGED_KINDS));
  });

  it('[DC2] a party writes its own data; writing the other party needs allow (one device for both)', () => {
    const asB = applyInstruction(blank(), 'eid-comment', { party: 'A', text: 'x' }, ctx('B'));
    expect(asB).toEqual({ ok: false, code: 'NOT_ALLOWED' });
    const bothOnOne = ok(applyInstruction(blank(), 'eid-comment', { party: 'B', text: 'for B' }, ctx('A', { both: true })));
    expect(bothOnOne.declaration.parties.B.comment).toBe('for B');
    expect(bothOnOne.declaration.parties.A.comment).toBe('');
    const own = ok(applyInstruction(blank(), 'eid-comment', { text: 'mine' }, ctx('B')));
    expect(own.declaration.parties.B.comment).toBe('mine');
  });

  it('[DC3] the shared part (time, place, scheme) may be written by either party', () => {
    const byB = ok(applyInstruction(blank(), 'corrected-time', { time: String(T0 - 60_000) }, ctx('B')));
    expect(byB.declaration.timePlace.correctedTime).toBe(T0 - 60_000);
  });

  it('[DC4] an acknowledged edit adds one to the version and sets the last activity; a refused one changes nothing', () => {
    const d = blank();
    const edited = ok(applyInstruction(d, 'eid-comment', { text: 'a' }, ctx('A', { now: T0 + 5000 })));
    expect(edited.declaration.version).toBe(d.version + 1);
    expect(edited.declaration.updatedAt).toBe(T0 + 5000);
    const refused = applyInstruction(d, 'eid-comment', { text: 5 }, ctx('A'));
    expect(refused).toEqual({ ok: false, code: 'DATA_ERROR' });
    expect(d.version).toBe(0);
  });

  it('[DC5] an unknown instruction and malformed payloads are refused with a code, never thrown', () => {
    expect(applyInstruction(blank(), 'drop-table', {}, ctx('A'))).toEqual({ ok: false, code: 'UNKNOWN_INSTRUCTION' });
    fc.assert(
      fc.property(fc.constantFrom(...WRITE_INSTRUCTIONS), fc.anything(), (name, payload) => {
        const outcome = applyInstruction(blank(), name, payload, ctx('A'));
        if (!outcome.ok) expect(typeof outcome.code).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('[DC5] oversized texts are refused', () => {
    expect(applyInstruction(blank(), 'eid-comment', { text: 'x'.repeat(2001) }, ctx('A'))).toEqual({ ok: false, code: 'DATA_ERROR' });
    expect(applyInstruction(blank(), 'witnesses', { witnesses: Array(11).fill({ name: '', surname: '', phone: '' }) }, ctx('A'))).toEqual({ ok: false, code: 'DATA_ERROR' });
  });

  it('[DC6] a finished declaration cannot be edited', () => {
    const d = { ...complete(), status: 'FINISHED' as const, submitState: 'SUCCESS' as const };
    expect(applyInstruction(d, 'eid-comment', { text: 'late' }, ctx('A'))).toEqual({ ok: false, code: 'DECLARATION_FINISHED' });
    const queued = { ...complete(), submitState: 'WAITING' as const };
    expect(applyInstruction(queued, 'eid-comment', { text: 'late' }, ctx('A'))).toEqual({ ok: false, code: 'DECLARATION_FINISHED' });
  });

  it.each([
    [0, true, null],
    [3 * HOUR, true, null],
    [3 * HOUR + 1, false, 'TOO_EARLY'],
    [-1, false, 'TOO_LATE'],
  ])('[DC7] the time may be rolled back by at most maxTimeAdjust (3 h here): back by %i ms', (back, accepted, code) => {
    const outcome = applyInstruction(blank(), 'corrected-time', { time: String(T0 - back) }, ctx('A'));
    expect(outcome.ok).toBe(accepted);
    if (!outcome.ok) expect(outcome.code).toBe(code);
  });

  it('[DC8] a corrected location outside Lithuania is refused with GPS_NOT_LT', () => {
    const riga = { latitude: 56.9496, longitude: 24.1052, accuracy: 10 };
    expect(applyInstruction(blank(), 'corrected-location', { location: riga }, ctx('A'))).toEqual({ ok: false, code: 'GPS_NOT_LT' });
  });

  it('[DC9] photo sets keep their maximum; the overview set is shared by both parties', () => {
    let d = blank();
    d = ok(applyInstruction(d, 'add-foto', { id: 'plate-00001', set: 1, filename: 'p.jpg' }, ctx('A'))).declaration;
    expect(applyInstruction(d, 'add-foto', { id: 'plate-00002', set: 1, filename: 'p.jpg' }, ctx('A'))).toEqual({ ok: false, code: 'TOO_MANY' });
    for (let i = 0; i < 3; i++) d = ok(applyInstruction(d, 'add-foto', { id: `over-A-000${i}`, set: 0, filename: 'o.jpg' }, ctx('A'))).declaration;
    for (let i = 0; i < 2; i++) d = ok(applyInstruction(d, 'add-foto', { id: `over-B-000${i}`, set: 0, filename: 'o.jpg' }, ctx('B'))).declaration;
    expect(applyInstruction(d, 'add-foto', { id: 'over-B-0009', set: 0, filename: 'o.jpg' }, ctx('B'))).toEqual({ ok: false, code: 'TOO_MANY' });
  });

  it('[DC9] a photo with a known id is updated, not added; removing an unknown id is refused', () => {
    let d = ok(applyInstruction(blank(), 'add-foto', { id: 'photo-0001', set: 2, filename: 'a.jpg' }, ctx('A'))).declaration;
    d = ok(applyInstruction(d, 'add-foto', { id: 'photo-0001', set: 3, filename: 'b.jpg' }, ctx('A'))).declaration;
    expect(d.parties.A.photos).toEqual([{ id: 'photo-0001', set: 3, filename: 'b.jpg', addedAt: T0 + 1000 }]);
    expect(applyInstruction(d, 'remove-foto', { id: 'photo-9999' }, ctx('A'))).toEqual({ ok: false, code: 'PHOTO_NOT_FOUND' });
    d = ok(applyInstruction(d, 'remove-foto', { id: 'photo-0001' }, ctx('A'))).declaration;
    expect(d.parties.A.photos).toEqual([]);
  });

  it('[DC10] incompatible circumstances cannot be ticked together', () => {
    // 1 (standing) and 13 (overtaking): a standing vehicle is not overtaking.
    expect(applyInstruction(blank(), 'conditions', { conditions: ['1', '13'] }, ctx('A'))).toEqual({ ok: false, code: 'CONDITIONS_INCOMPATIBLE' });
    expect(applyInstruction(blank(), 'conditions', { conditions: ['20'] }, ctx('A'))).toEqual({ ok: false, code: 'DATA_ERROR' });
  });

  it('[DC11] an empty scheme cannot be saved; an uploaded photo of a scheme can', () => {
    for (const objects of [null, '', '[]']) {
      expect(applyInstruction(blank(), 'scheme', { imageId: 'scheme-0001', objects, isPhoto: false }, ctx('A'))).toEqual({ ok: false, code: 'SCHEME_EMPTY' });
    }
    const photo = ok(applyInstruction(blank(), 'scheme', { imageId: 'scheme-0002', objects: '[1]', isPhoto: true }, ctx('B')));
    expect(photo.declaration.scheme).toEqual({ imageId: 'scheme-0002', objects: null, isPhoto: true });
  });

  it('[DC12] a signature judged too abstract is refused', () => {
    expect(applyInstruction(blank(), 'signature', { imageId: 'sign-0001', dataPoints: 3, strokes: 1, width: 0.01, height: 0 }, ctx('A'))).toEqual({ ok: false, code: 'SIGNATURE_TOO_ABSTRACT' });
    // A device claiming its scribble is fine does not decide: the measures do.
    expect(applyInstruction(blank(), 'signature', { imageId: 'sign-0001', dataPoints: 300, strokes: 1, width: 0.9, height: 0.01, decent: true }, ctx('A'))).toEqual({ ok: false, code: 'SIGNATURE_TOO_ABSTRACT' });
  });

  it.each([
    [' x1111a ', 'X1111A'],
    ['ab 12 cd', 'AB12CD'],
    ['', ''],
  ])('[VI3] a virtual identifier given with the vehicle\'s data (%j) is kept normalised as %j', (given, kept) => {
    expect(ok(applyInstruction(blank(), 'set-vehicle-data', { vehicle: { vi: given } }, ctx('A'))).declaration.parties.A.vehicle.vi).toBe(kept);
  });

  it.each(['X1111', 'AB12C1', 'ABCDEO', 'X-1111A'])('[VI3] a virtual identifier the rule refuses (%j) is VI_INVALID and changes nothing', (given) => {
    expect(applyInstruction(blank(), 'set-vehicle-data', { vehicle: { make: 'Opel', vi: given } }, ctx('A'))).toEqual({ ok: false, code: 'VI_INVALID' });
  });

  it('[DC13] the responsible insurer is chosen once and cannot be changed', () => {
    const first = ok(applyInstruction(blank(), 'responsible-insurer', { drkId: 3 }, ctx('A')));
    const again = applyInstruction(first.declaration, 'responsible-insurer', { drkId: 4 }, ctx('A'));
    expect(again).toEqual({ ok: false, code: 'INSURER_ALREADY_CHOSEN' });
  });

  it('[IN1] the responsible insurer is the registry’s record by id: a name or a link from the device is not even read; an id the registry does not know is INSURER_UNKNOWN', () => {
    const sneaky = { drkId: 3, name: 'Nobody', www: 'https://evil.example', damageWww: 'https://evil.example/claim' };
    const chosen = ok(applyInstruction(blank(), 'responsible-insurer', sneaky as never, ctx('A')));
    expect(chosen.declaration.parties.A.responsibleInsurer).toEqual(INSURERS.get(3));
    expect(applyInstruction(blank(), 'responsible-insurer', { drkId: 99 }, ctx('A'))).toEqual({ ok: false, code: 'INSURER_UNKNOWN' });
    expect(applyInstruction(blank(), 'responsible-insurer', { drkId: 3 }, { ...ctx('A'), insurers: undefined })).toEqual({ ok: false, code: 'INSURER_UNKNOWN' });
  });

  it('[DC14] a party that has submitted cannot change its data', () => {
    const d = blank();
    const submitted = { ...d, parties: { ...d.parties, A: { ...d.parties.A, submit: 'SUBMITTED' as const } } };
    expect(applyInstruction(submitted, 'eid-comment', { text: 'x' }, ctx('A'))).toEqual({ ok: false, code: 'ALREADY_SUBMITTED' });
    expect(ok(applyInstruction(submitted, 'eid-comment', { text: 'x' }, ctx('B'))).declaration.parties.B.comment).toBe('x');
  });

  it('[DC15] changing the phone or e-mail drops its confirmation; an unchanged one keeps it', () => {
    const d = complete();
    const sameTel = ok(applyInstruction(d, 'set-partial-driver-data', { name: 'tel', value: d.parties.A.driver.tel }, ctx('A')));
    expect(sameTel.declaration.parties.A.driver.telConfirmed).toBe(true);
    const newTel = ok(applyInstruction(d, 'set-partial-driver-data', { name: 'tel', value: '+37060000000' }, ctx('A')));
    expect(newTel.declaration.parties.A.driver.telConfirmed).toBe(false);
    expect(applyInstruction(d, 'set-driver-email', { email: 'not-an-email' }, ctx('A'))).toEqual({ ok: false, code: 'EMAIL_INVALID' });
    expect(applyInstruction(d, 'set-partial-driver-data', { name: 'telConfirmed', value: true }, ctx('A'))).toEqual({ ok: false, code: 'DATA_ERROR' });
  });

  it('[DC16] the two drivers cannot give the same phone or the same e-mail', () => {
    const d = complete();
    const bTel = d.parties.B.driver.tel;
    expect(applyInstruction(d, 'set-partial-driver-data', { name: 'tel', value: bTel }, ctx('A'))).toEqual({ ok: false, code: 'PHONES_MUST_DIFFER' });
    const withMail = ok(applyInstruction(d, 'set-driver-email', { email: 'ona@example.lt' }, ctx('B'))).declaration;
    expect(applyInstruction(withMail, 'set-driver-email', { email: 'ONA@example.lt' }, ctx('A'))).toEqual({ ok: false, code: 'EMAILS_MUST_DIFFER' });
    expect(applyInstruction(d, 'set-driver-data', { driver: { ...driver, tel: bTel } }, ctx('A'))).toEqual({ ok: false, code: 'PHONES_MUST_DIFFER' });
    expect(ok(applyInstruction(d, 'set-partial-driver-data', { name: 'tel', value: '+37069999999' }, ctx('A'))).declaration.parties.A.driver.tel).toBe('+37069999999');
  });

  it('[DC17] progress carries the step the driver is on, for the other driver to see', () => {
    const out = ok(applyInstruction(blank(), 'progress', { progress: 'FILLING', step: 7 }, ctx('B')));
    expect(out.declaration.parties.B.activeStep).toBe(7);
    expect(applyInstruction(blank(), 'progress', { progress: 'FILLING', step: 15 }, ctx('B'))).toEqual({ ok: false, code: 'DATA_ERROR' });
  });

  it('[DC1] [HB18] every edit is a kept write of the protocol registry with its changed kind; reads are neither', () => {
    for (const name of WRITE_INSTRUCTIONS) {
      expect(INSTRUCTIONS[name]).toMatchObject({ kind: 'write', kept: true, access: 'seat', changed: CHANGED_KIND_OF[name] });
      expect(isKeptInstruction(name)).toBe(true);
    }
    expect(isKeptInstruction('current-fotos')).toBe(false);
    expect(INSTRUCTIONS['current-fotos']).toMatchObject({ kind: 'read', changed: null });
    expect(isKeptInstruction('no-such-instruction')).toBe(false);
  });
});
