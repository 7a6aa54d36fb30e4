import { describe, expect, it } from 'vitest';
import { complete, T0 } from '../declaration/declaration.fixture.js';
import { documentImageIds, documentModel } from './document.js';

describe('document model', () => {
  it('[DOC1] holds both parties, the 19 circumstances with who ticked each and the counts, time in Vilnius, the images to show', () => {
    const d = complete();
    const m = documentModel(d, 'acc-1', T0 + 30 * 60_000);
    expect(m).toMatchObject({ declarationId: d.id, accidentId: 'acc-1', date: '2026-11-22', time: '12:00', guilty: 'A', schemeImageId: 'scheme-image-1', completed: '2026-11-22 12:30' });
    expect(m.place).toEqual({ address: 'Gedimino pr. 1, Vilnius', latitude: 54.6872, longitude: 25.2797 });
    expect(m.circumstances).toHaveLength(19);
    expect(m.circumstances.find((c) => c.key === '10')).toEqual({ key: '10', A: true, B: false });
    expect(m.circumstances.find((c) => c.key === '2')).toEqual({ key: '2', A: false, B: true });
    expect(m.parties.A).toMatchObject({ circumstances: ['10'], circumstanceCount: 1, vehicle: { plate: 'KLM123', make: 'Toyota', type: 'A' }, driver: { name: 'Jonas', surname: 'Petraitis', tel: '+37061234567' } });
    expect(m.parties.B.photos).toEqual([{ id: 'photo-plate-B', set: 1 }, { id: 'photo-damage-B', set: 2 }]);
    expect(new Set(documentImageIds(m))).toEqual(
      new Set(['scheme-image-1', 'signature-A', 'signature-B', 'photo-overview-1', 'photo-plate-A', 'photo-damage-A', 'photo-plate-B', 'photo-damage-B']),
    );
  });

  it('[DOC1] a corrected time and place win over the original ones; a vehicle without a plate is named by its VIN', () => {
    const d = complete();
    const corrected = {
      ...d,
      timePlace: { ...d.timePlace, correctedTime: T0 - 3_600_000, correctedLocation: { latitude: 54.9, longitude: 23.9, accuracy: 5 } },
      parties: { ...d.parties, B: { ...d.parties.B, vehicle: { ...d.parties.B.vehicle, noPlate: true, vin: 'WVWZZZ1JZXW000001' } } },
    };
    const m = documentModel(corrected, 'acc-1', T0);
    expect([m.date, m.time]).toEqual(['2026-11-22', '11:00']);
    expect(m.place).toMatchObject({ latitude: 54.9, longitude: 23.9 });
    expect(m.parties.B.vehicle).toMatchObject({ plate: 'WVWZZZ1JZXW000001', noPlate: true, vi: '' });
  });

  it('[DOC1] [VI3] a vehicle without a plate carries its virtual identifier into the document; one with a plate none', () => {
    const d = complete();
    const withVi = { ...d, parties: { ...d.parties, B: { ...d.parties.B, vehicle: { ...d.parties.B.vehicle, noPlate: true, vin: 'WVWZZZ1JZXW000001', vi: 'X1111A' } } } };
    expect(documentModel(withVi, 'acc-1', T0).parties.B.vehicle).toMatchObject({ plate: 'WVWZZZ1JZXW000001', vi: 'X1111A' });
    const plated = { ...d, parties: { ...d.parties, A: { ...d.parties.A, vehicle: { ...d.parties.A.vehicle, vi: 'X1111A' } } } };
    expect(documentModel(plated, 'acc-1', T0).parties.A.vehicle.vi).toBe('');
  });
});
