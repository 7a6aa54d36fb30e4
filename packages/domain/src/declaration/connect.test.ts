import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideConnect,
  decideResume,
  distanceMetres,
  isBlankDraft,
  HEARTBEAT_TIMEOUT_MS,
  LOCATION_MATCH_RADIUS_M,
  vehicleKey,
  type ConnectCandidate,
  type ConnectRequest,
} from './connect.js';
import { type Plates } from './entities.js';
import { blankPlates } from './blank.js';
import { UNFINISHED_TTL_MS } from '../rules/constants.js';
import { blank, complete, T0, VILNIUS } from './declaration.fixture.js';

const plates = (plate: string, extra: Partial<Plates> = {}): Plates => ({ ...blankPlates(), plate, ...extra });

function request(a: string, b: string, extra: Partial<ConnectRequest> = {}): ConnectRequest {
  return { mode: 'live', plates: { A: plates(a), B: plates(b) }, location: VILNIUS, testUser: false, ...extra };
}

function candidate(a: string, b: string, extra: Partial<ConnectCandidate> = {}): ConnectCandidate {
  return {
    id: 'd1',
    mode: 'live',
    status: 'OPEN',
    updatedAt: T0,
    twoUserMode: true,
    plates: { A: plates(a), B: plates(b) },
    location: VILNIUS,
    slots: { A: { tokenHash: 'hash-a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } },
    blank: true,
    ...extra,
  };
}

const now = T0 + 60_000;

describe('connect by plates', () => {
  it('[CN1] the first device to enter a pair creates the declaration', () => {
    expect(decideConnect(request('KLM123', 'ABC987'), [], now)).toEqual({ kind: 'CREATE' });
  });

  it('[CN2] the other driver entering the plates inversed (own plate first) joins as B', () => {
    expect(decideConnect(request('ABC987', 'KLM123'), [candidate('KLM123', 'ABC987')], now)).toEqual({
      kind: 'JOIN',
      declarationId: 'd1',
      party: 'B',
      inversed: true,
    });
  });

  it('[CN2] within 30 minutes, entering both plates again finds the open declaration (B after a closed browser asks A to confirm)', () => {
    const lostB = candidate('KLM123', 'ABC987', { slots: { A: { tokenHash: 'a', lastSeen: T0 + HEARTBEAT_TIMEOUT_MS }, B: { tokenHash: 'old', lastSeen: T0 } } });
    const later = T0 + HEARTBEAT_TIMEOUT_MS + 1;
    expect(decideConnect(request('ABC987', 'KLM123'), [lostB], later)).toEqual({ kind: 'JOIN', declarationId: 'd1', party: 'B', inversed: true });
    expect(decideConnect(request('ABC987', 'KLM123'), [lostB], T0 + HEARTBEAT_TIMEOUT_MS + UNFINISHED_TTL_MS + 1)).toEqual({ kind: 'CREATE' });
  });

  it.each([
    ['KLM123', 'XYZ111', 'PLATE_A_IN_USE'],
    ['XYZ111', 'KLM123', 'PLATE_B_IN_USE'],
    ['ABC987', 'XYZ111', 'PLATE_A_IN_USE'],
  ])('[CN3] a vehicle in another open declaration: %s + %s is refused with %s', (a, b, code) => {
    expect(decideConnect(request(a, b), [candidate('KLM123', 'ABC987')], now)).toEqual({ kind: 'REJECT', code });
  });

  it('[CN4] a trailer in another open declaration is refused with TRAILER_A_IN_USE / TRAILER_B_IN_USE', () => {
    const other = candidate('KLM123', 'ABC987', { plates: { A: plates('KLM123', { hasTrailer: true, trailerPlate: 'PRK11' }), B: plates('ABC987') } });
    const withTrailerA = { ...request('DEF456', 'GHI789'), plates: { A: plates('DEF456', { hasTrailer: true, trailerPlate: 'PRK11' }), B: plates('GHI789') } };
    expect(decideConnect(withTrailerA, [other], now)).toEqual({ kind: 'REJECT', code: 'TRAILER_A_IN_USE' });
    const withTrailerB = { ...request('DEF456', 'GHI789'), plates: { A: plates('DEF456'), B: plates('GHI789', { hasTrailer: true, trailerPlate: 'PRK11' }) } };
    expect(decideConnect(withTrailerB, [other], now)).toEqual({ kind: 'REJECT', code: 'TRAILER_B_IN_USE' });
  });

  it('[CN5] a declaration of the pair started in the other mode is refused until it ends (at most 30 minutes)', () => {
    const practice = candidate('KLM123', 'ABC987', { mode: 'practice', updatedAt: T0 });
    expect(decideConnect(request('ABC987', 'KLM123'), [practice], T0 + 10 * 60_000)).toEqual({
      kind: 'REJECT',
      code: 'OTHER_MODE',
      retryAfterMs: 20 * 60_000,
    });
  });

  it('[CN6] [JN6] a seat whose device is still counted is refused with the time left until its heartbeat times out (not as full): its own party, either of a one-device declaration', () => {
    const both = candidate('KLM123', 'ABC987', { slots: { A: { tokenHash: 'a', lastSeen: now - 5000 }, B: { tokenHash: 'b', lastSeen: now - 30_000 } } });
    expect(decideConnect(request('ABC987', 'KLM123'), [both], now)).toEqual({ kind: 'REJECT', code: 'SEAT_STILL_COUNTED', retryAfterMs: HEARTBEAT_TIMEOUT_MS - 30_000 + 1000 });
    expect(decideConnect(request('KLM123', 'ABC987'), [both], now)).toEqual({ kind: 'REJECT', code: 'SEAT_STILL_COUNTED', retryAfterMs: HEARTBEAT_TIMEOUT_MS - 5000 + 1000 });
    const heldA = candidate('KLM123', 'ABC987', { slots: { A: { tokenHash: 'a', lastSeen: now - 1000 }, B: { tokenHash: null, lastSeen: 0 } } });
    expect(decideConnect(request('KLM123', 'ABC987'), [heldA], now)).toEqual({ kind: 'REJECT', code: 'SEAT_STILL_COUNTED', retryAfterMs: HEARTBEAT_TIMEOUT_MS });
    const single = candidate('KLM123', 'ABC987', { twoUserMode: false, slots: { A: { tokenHash: 'a', lastSeen: now }, B: { tokenHash: null, lastSeen: 0 } } });
    expect(decideConnect(request('ABC987', 'KLM123'), [single], now)).toEqual({ kind: 'REJECT', code: 'SEAT_STILL_COUNTED', retryAfterMs: HEARTBEAT_TIMEOUT_MS + 1000 });
    // Once the heartbeat timed out, the seat is asked for through the other driver's confirmation (JN4).
    expect(decideConnect(request('ABC987', 'KLM123'), [both], now + HEARTBEAT_TIMEOUT_MS)).toEqual({ kind: 'JOIN', declarationId: 'd1', party: 'B', inversed: true });
  });

  it.each([
    ['A alone, the other driver never joined', 'KLM123', 'ABC987', { twoUserMode: true, slots: { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } } }, 'REPLACE'],
    ['one device for both', 'ABC987', 'KLM123', { twoUserMode: false, slots: { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } } }, 'REPLACE'],
    ['B joined (silent too): only B can confirm', 'KLM123', 'ABC987', { twoUserMode: true, slots: { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: 'b', lastSeen: T0 } } }, 'JOIN'],
    ['the first driver asked for by the other', 'ABC987', 'KLM123', { twoUserMode: true, slots: { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } } }, 'JOIN'],
  ] as const)('[JN7] a silent seat nobody else could confirm is started anew when the draft is blank: %s → %s', (_case, own, theirs, overrides, kind) => {
    const later = T0 + HEARTBEAT_TIMEOUT_MS + 1;
    const found = candidate('KLM123', 'ABC987', { ...overrides, slots: { ...overrides.slots } });
    expect(decideConnect(request(own, theirs), [found], later).kind).toBe(kind);
  });

  it.each([
    ['A alone, the other driver never joined', 'KLM123', 'ABC987', true, { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } }],
    ['one device for both', 'ABC987', 'KLM123', false, { A: { tokenHash: 'a', lastSeen: T0 }, B: { tokenHash: null, lastSeen: 0 } }],
    ['B\'s data, A withdrew (FU9): B\'s seat asked for', 'ABC987', 'KLM123', true, { A: { tokenHash: null, lastSeen: T0 }, B: { tokenHash: 'b', lastSeen: T0 } }],
  ] as const)('[JN7] a draft holding what a driver gave is neither handed over nor deleted when nobody could confirm: %s → NOBODY_TO_CONFIRM until it expires', (_case, own, theirs, twoUserMode, slots) => {
    const later = T0 + HEARTBEAT_TIMEOUT_MS + 1;
    const found = candidate('KLM123', 'ABC987', { twoUserMode, slots, blank: false });
    expect(decideConnect(request(own, theirs), [found], later)).toEqual({ kind: 'REJECT', code: 'NOBODY_TO_CONFIRM', retryAfterMs: T0 + UNFINISHED_TTL_MS - later });
  });

  it('[JN7] blank is nothing but plates, time and place: any driver\'s data, photo, scheme, signature or submit makes a draft not blank', () => {
    expect(isBlankDraft(blank())).toBe(true);
    expect(isBlankDraft(complete())).toBe(false);
    const d = blank();
    const withName = { ...d, parties: { ...d.parties, B: { ...d.parties.B, driver: { ...d.parties.B.driver, email: 'b@example.lt' } } } };
    expect(isBlankDraft(withName)).toBe(false);
    expect(isBlankDraft({ ...d, scheme: { ...d.scheme, imageId: 'scheme-1' } })).toBe(false);
    expect(isBlankDraft({ ...d, submitState: 'SUBMITTING' })).toBe(false);
    expect(isBlankDraft({ ...d, parties: { ...d.parties, A: { ...d.parties.A, conditions: ['1'] } } })).toBe(false);
  });

  it('[CN7] a finished declaration of the pair is reported as finished', () => {
    expect(decideConnect(request('ABC987', 'KLM123'), [candidate('KLM123', 'ABC987', { status: 'FINISHED' })], now)).toEqual({
      kind: 'REJECT',
      code: 'DECLARATION_FINISHED',
    });
  });

  it('[CN8] joining far from where the declaration was started is refused', () => {
    const kaunas = { latitude: 54.8985, longitude: 23.9036, accuracy: 10 };
    expect(decideConnect(request('ABC987', 'KLM123', { location: kaunas }), [candidate('KLM123', 'ABC987')], now)).toEqual({
      kind: 'REJECT',
      code: 'LOCATION_TOO_FAR',
    });
    const near = { latitude: VILNIUS.latitude + 0.03, longitude: VILNIUS.longitude, accuracy: 10 }; // ~3.3 km
    expect(distanceMetres(VILNIUS, near)).toBeLessThan(LOCATION_MATCH_RADIUS_M);
    expect(decideConnect(request('ABC987', 'KLM123', { location: near }), [candidate('KLM123', 'ABC987')], now).kind).toBe('JOIN');
    expect(decideConnect(request('ABC987', 'KLM123', { location: null }), [candidate('KLM123', 'ABC987')], now).kind).toBe('JOIN');
  });

  it('[CN9] a test user cannot fill declarations', () => {
    expect(decideConnect(request('KLM123', 'ABC987', { testUser: true }), [], now)).toEqual({ kind: 'REJECT', code: 'TEST_USER_REFUSED' });
  });

  it('[CN10] the plate pair rules apply before anything is looked up', () => {
    expect(decideConnect(request('KLM123', 'KLM123'), [], now)).toEqual({ kind: 'REJECT', code: 'PLATES_MUST_DIFFER' });
    const foreign = { ...request('AB1234', 'XY9876'), plates: { A: plates('AB1234', { country: 'PL' }), B: plates('XY9876', { country: 'LV' }) } };
    expect(decideConnect(foreign, [], now)).toEqual({ kind: 'REJECT', code: 'TWO_FOREIGN_VEHICLES' });
    const nothing = { ...request('', 'ABC987'), plates: { A: plates('', { noPlate: true }), B: plates('ABC987') } };
    expect(decideConnect(nothing, [], now)).toEqual({ kind: 'REJECT', code: 'NO_PLATE' });
  });

  it('[CN11] a vehicle without a plate is matched by its VIN', () => {
    expect(vehicleKey(plates('', { noPlate: true, vin: 'wvw zzz 1kz 6w000001' }))).toBe('VIN:WVWZZZ1KZ6W000001');
    const noPlate = { ...candidate('', 'ABC987'), plates: { A: plates('', { noPlate: true, vin: 'WVWZZZ1KZ6W000001' }), B: plates('ABC987') } };
    const join = { ...request('ABC987', ''), plates: { A: plates('ABC987'), B: plates('', { noPlate: true, vin: 'WVWZZZ1KZ6W000001' }) } };
    expect(decideConnect(join, [noPlate], now)).toMatchObject({ kind: 'JOIN', party: 'B' });
  });

  it('[CN12] a reconnect with the stored token resumes; removed, expired or taken-over parties are refused', () => {
    const found = candidate('KLM123', 'ABC987');
    expect(decideResume(found, { party: 'A', tokenHash: 'hash-a' }, now)).toEqual({ kind: 'RESUME', party: 'A' });
    expect(decideResume(null, { party: 'A', tokenHash: 'hash-a' }, now)).toEqual({ kind: 'REJECT', code: 'REMOVED_INACTIVE' });
    expect(decideResume(found, { party: 'A', tokenHash: 'hash-a' }, T0 + UNFINISHED_TTL_MS + 1)).toEqual({ kind: 'REJECT', code: 'TTL_TOO_LONG' });
    expect(decideResume(found, { party: 'A', tokenHash: 'other' }, now)).toEqual({ kind: 'REJECT', code: 'HEARTBEAT' });
  });

  it('[CN13] whatever the open declarations, the decision is total and deterministic', () => {
    const plate = fc.constantFrom('KLM123', 'ABC987', 'DEF456', 'GHI789');
    fc.assert(
      fc.property(
        plate,
        plate,
        fc.array(fc.tuple(plate, plate, fc.boolean(), fc.nat(UNFINISHED_TTL_MS * 2)), { maxLength: 4 }),
        (a, b, existing) => {
          const cands = existing.map(([x, y, held, age], i) =>
            candidate(x, y, { id: `d${i}`, updatedAt: now - age, slots: { A: { tokenHash: held ? 'h' : null, lastSeen: now }, B: { tokenHash: null, lastSeen: 0 } } }),
          );
          const first = decideConnect(request(a, b), cands, now);
          expect(decideConnect(request(a, b), cands, now)).toEqual(first);
          if (first.kind === 'JOIN') expect(cands.map((c) => c.id)).toContain(first.declarationId);
          if (a === b) expect(first).toEqual({ kind: 'REJECT', code: 'PLATES_MUST_DIFFER' });
        },
      ),
      { numRuns: 500 },
    );
  });
});
