/**
 * Every rule of a screen is the service's too (issue 32 item 8): for any input, what the screen's
 * fields refuse is exactly what the service refuses — the witnesses step against the `witnesses`
 * write, the driver step against the preview's PREVIEW_DRIVER_DATA. Both screens call these domain
 * rules; the service is checked here through its own entry points (applyInstruction, validateT1),
 * so a rule moved back into a screen, or a check dropped from the service, fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyInstruction } from '../declaration/edits/index.js';
import { validateT1 } from '../declaration/preview.js';
import { blank, complete, ctx, FIXTURE_TODAY, previewCtx } from '../declaration/declaration.fixture.js';
import { driverFormErrors, isDriverFormComplete } from './driver-form.js';
import { witnessError, witnessErrors } from './witness.js';

const nameLike = fc.oneof(fc.constantFrom('', ' ', 'Rasa', 'Kairė', 'Jean-Luc', 'Łucja', 'Иван', 'R2D2', 'O\'Brien', 'Ana Marija'), fc.string({ maxLength: 12 }));
const phoneLike = fc.oneof(
  fc.constantFrom('', '+370', '+370 600 00001', '+37060000001', '860000001', '+3706000000a', '+370600', '+48 512 345 678', '+1'),
  fc.string({ maxLength: 16 }),
);

describe('a screen refuses exactly what the service refuses', () => {
  it('witnesses: the write is refused with the first field failure the screen shows, and only then', () => {
    fc.assert(
      fc.property(fc.record({ name: nameLike, surname: nameLike, phone: phoneLike }), (w) => {
        const screen = witnessErrors(w);
        const shown = screen.name ?? screen.surname ?? screen.phone;
        const service = applyInstruction(blank(), 'witnesses', { witnesses: [w] }, ctx('A'));
        if (shown === null) expect(service.ok).toBe(true);
        else expect(service).toEqual({ ok: false, code: shown });
        expect(witnessError(w)).toBe(shown);
      }),
      { numRuns: 400 },
    );
  });

  it('driver: the preview finds PREVIEW_DRIVER_DATA for a party exactly when a field of the driver step shows an error', () => {
    const base = complete();
    const driver = base.parties.A.driver;
    const dates = fc.oneof(
      fc.constantFrom('', driver.dob, '1899-12-31', '1900-01-01', FIXTURE_TODAY, '2026-11-23', '2030-01-01', '1987-02-30', '1987-03-19'),
      fc.date({ min: new Date('1890-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    );
    const codes = fc.constantFrom('', driver.code, '38703181746', 'AB123456', '12345', 'DE12345678');
    const countries = fc.constantFrom('LT', 'PL', 'DE');
    fc.assert(
      fc.property(nameLike, nameLike, codes, dates, countries, (name, surname, code, dob, country) => {
        const changed = { ...driver, name, surname, code, dob, country, address: country === 'LT' ? driver.address : { value: 'Hauptstraße 1, 10115 Berlin', aob: null, pat: null, needPat: false } };
        const d = { ...base, parties: { ...base.parties, A: { ...base.parties.A, driver: changed } } };
        const found = validateT1(d, previewCtx(d)).some((f) => f.code === 'PREVIEW_DRIVER_DATA' && f.party === 'A');
        const errors = Object.values(driverFormErrors(changed, FIXTURE_TODAY)).filter((e) => e !== null);
        expect(found).toBe(errors.length > 0);
        expect(isDriverFormComplete(changed, FIXTURE_TODAY)).toBe(!found);
      }),
      { numRuns: 400 },
    );
  });

  it('driver: a birth date after today is refused by the preview as by the screen (it was the screen\'s alone)', () => {
    const d = complete();
    const late = { ...d, parties: { ...d.parties, A: { ...d.parties.A, driver: { ...d.parties.A.driver, country: 'PL', code: 'AB123456', dob: '2026-11-23', address: { value: 'ul. Długa 1, 00-001 Warszawa', aob: null, pat: null, needPat: false } } } } };
    expect(driverFormErrors(late.parties.A.driver, FIXTURE_TODAY).dob).not.toBeNull();
    expect(validateT1(late, previewCtx(late))).toContainEqual(expect.objectContaining({ code: 'PREVIEW_DRIVER_DATA', party: 'A' }));
    const onTime = { ...late, parties: { ...late.parties, A: { ...late.parties.A, driver: { ...late.parties.A.driver, dob: '1990-05-01' } } } };
    expect(validateT1(onTime, previewCtx(onTime)).filter((f) => f.code === 'PREVIEW_DRIVER_DATA')).toEqual([]);
  });
});
