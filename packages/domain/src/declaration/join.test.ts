import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blank, T0 } from './declaration.fixture.js';
import type { Declaration, JoinRequest } from './entities.js';
import {
  answerJoinRequest,
  closeJoinRequest,
  freshJoinCode,
  joinAskRefusal,
  JOIN_CONFIRM_TIMEOUT_MS,
  JOIN_OPEN_PER_SOURCE,
  JOIN_REQUESTS_OPEN_MAX,
  JOIN_WORK_MAX,
  joinRequestsOf,
  joinWork,
  requestJoin,
  waitingJoinRequests,
} from './join.js';
import { joinParty, useOneDevice } from './changes.js';
import { declarationViewFor } from './view.js';
import { blankPlates } from './blank.js';

const request = (code: string, source: string, requestedAt = T0, party: 'A' | 'B' = 'B'): JoinRequest => ({ party, code, plate: 'HBN512', requestedAt, source });

function withRequests(...requests: JoinRequest[]): Declaration {
  return requests.reduce((d, r) => requestJoin(d, r, r.requestedAt), blank());
}

describe('join requests (JN1–JN3, JN8)', () => {
  it('[JN3] a newer request waits beside the older ones, in the order they asked; none is replaced', () => {
    const d = withRequests(request('1111', 's1'), request('2222', 's2', T0 + 1_000), request('3333', 's1', T0 + 2_000));
    expect(joinRequestsOf(d).map((r) => r.code)).toEqual(['1111', '2222', '3333']);
    expect(d.version).toBe(blank().version + 3);
  });

  it('[JN3] an expired request is dropped when the next one is made; an answered one is kept for its node to settle', () => {
    const answered = answerJoinRequest(withRequests(request('1111', 's1')), '1111', true, T0);
    const d = requestJoin(withRequests(request('2222', 's2')), request('9999', 's3', T0 + JOIN_CONFIRM_TIMEOUT_MS + 1), T0 + JOIN_CONFIRM_TIMEOUT_MS + 1);
    expect(joinRequestsOf(d).map((r) => r.code)).toEqual(['9999']);
    const kept = requestJoin(answered, request('3333', 's3', T0 + JOIN_CONFIRM_TIMEOUT_MS + 1), T0 + JOIN_CONFIRM_TIMEOUT_MS + 1);
    expect(joinRequestsOf(kept).map((r) => [r.code, r.answer])).toEqual([
      ['1111', 'accept'],
      ['3333', undefined],
    ]);
  });

  it('[JN2] answering or closing names the request by its code; the others stay', () => {
    const d = withRequests(request('1111', 's1'), request('2222', 's2'));
    expect(joinRequestsOf(answerJoinRequest(d, '2222', false, T0)).map((r) => r.answer)).toEqual([undefined, 'refuse']);
    expect(joinRequestsOf(closeJoinRequest(d, '1111', T0)).map((r) => r.code)).toEqual(['2222']);
    // A code that is not there changes nothing (not even the version).
    expect(closeJoinRequest(d, '5555', T0)).toBe(d);
    expect(answerJoinRequest(d, '5555', true, T0)).toBe(d);
  });

  it('[JN3] the seat given ends every request for it; one device for both ends them all', () => {
    const d = withRequests(request('1111', 's1'), request('2222', 's2'), request('3333', 's3', T0, 'A'));
    const joined = joinParty(d, 'B', { plates: blankPlates(), trailer: null, fillLang: 'lt' }, T0);
    expect(joinRequestsOf(joined).map((r) => r.code)).toEqual(['3333']);
    expect(joinRequestsOf(useOneDevice(d, T0))).toEqual([]);
  });

  it('[JN1] a device is shown the requests for the other seat only, without where they came from or an answer', () => {
    const d = answerJoinRequest(withRequests(request('1111', 's1'), request('2222', 's2'), request('3333', 's3', T0, 'A')), '2222', true, T0);
    expect(declarationViewFor(d, 'A', false).joinRequests).toEqual([{ party: 'B', code: '1111', plate: 'HBN512', requestedAt: T0 }]);
    expect(declarationViewFor(d, 'B', false).joinRequests.map((r) => r.code)).toEqual(['3333']);
    // One device filling for both has nobody to confirm.
    expect(declarationViewFor(d, 'A', true).joinRequests).toEqual([]);
  });

  it('[JN3] a record stored before requests were a list reads as none, and loses the old field when written', () => {
    const { joinRequests: _dropped, ...rest } = blank();
    const legacy = { ...rest, joinRequest: { party: 'B', code: '1234', plate: 'X', requestedAt: T0 } } as unknown as Declaration;
    expect(joinRequestsOf(legacy)).toEqual([]);
    expect(declarationViewFor(legacy, 'A', false)).not.toHaveProperty('joinRequest');
    const written = requestJoin(legacy, request('1111', 's1'), T0);
    expect(written).not.toHaveProperty('joinRequest');
    expect(joinRequestsOf(written).map((r) => r.code)).toEqual(['1111']);
  });

  it.each([
    // [waiting from this source, waiting from others, expected]
    [0, 0, null],
    [JOIN_OPEN_PER_SOURCE - 1, 0, null],
    [JOIN_OPEN_PER_SOURCE, 0, 'JOIN_ASKED_TOO_OFTEN'],
    [0, JOIN_REQUESTS_OPEN_MAX - 1, null],
    [0, JOIN_REQUESTS_OPEN_MAX, 'JOIN_BUSY'],
    [1, JOIN_REQUESTS_OPEN_MAX - 1, 'JOIN_BUSY'],
  ] as const)('[JN8] %i waiting from the source and %i from others: %s', (own, others, expected) => {
    const requests = [
      ...Array.from({ length: own }, (_, i) => request(`1${String(i).padStart(3, '0')}`, 'me', T0 + i * 1_000)),
      ...Array.from({ length: others }, (_, i) => request(`2${String(i).padStart(3, '0')}`, `other-${i}`, T0 + i * 1_000)),
    ];
    const refusal = joinAskRefusal(withRequests(...requests), 'me', T0 + 30_000);
    expect(refusal?.code ?? null).toBe(expected);
    // Told how long until the place it waits for frees: its oldest request's (or the declaration's oldest) expiry.
    if (refusal) expect(refusal.retryAfterMs).toBe(T0 + JOIN_CONFIRM_TIMEOUT_MS - (T0 + 30_000) + 1);
  });

  it('[JN8] expired and answered requests hold no place', () => {
    const full = withRequests(...Array.from({ length: JOIN_REQUESTS_OPEN_MAX }, (_, i) => request(`100${i}`, `s${i}`)));
    expect(joinAskRefusal(full, 'me', T0)?.code).toBe('JOIN_BUSY');
    expect(joinAskRefusal(full, 'me', T0 + JOIN_CONFIRM_TIMEOUT_MS + 1)).toBeNull();
    expect(waitingJoinRequests(answerJoinRequest(full, '1000', true, T0), T0)).toHaveLength(JOIN_REQUESTS_OPEN_MAX - 1);
  });

  it('[JN8] the proof of work doubles with each recent ask, up to the most a phone does in time', () => {
    expect([0, 1, 2, 3, 4, 10].map(joinWork)).toEqual([1, 2, 4, 8, JOIN_WORK_MAX, JOIN_WORK_MAX]);
    expect(JOIN_WORK_MAX).toBe(8);
  });

  it('[JN1] a fresh code is never one another request of the declaration shows', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 9999 }), { maxLength: JOIN_REQUESTS_OPEN_MAX }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (taken, random) => {
        const codes = taken.map((n) => String(n).padStart(4, '0'));
        const d = withRequests(...codes.map((c) => request(c, `s${c}`)));
        const code = freshJoinCode(d, random);
        expect(code).toMatch(/^\d{4}$/);
        expect(codes).not.toContain(code);
      }),
    );
  });
});
