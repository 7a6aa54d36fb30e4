/**
 * Joining a declaration by plates (JN1–JN3, JN8): a seat is never taken by knowing two plates. The
 * asking device waits with a short code on its screen; the driver already in is shown every waiting
 * request with its code and lets in the one whose code the phone next to them shows. A newer request
 * never replaces a waiting one — that would let whoever keeps asking keep the real driver out — so
 * what a stranger can do is bounded instead: requests waiting at once per declaration and per
 * source, asks per minute per source, and a proof of work that doubles with each recent ask.
 */
import type { ErrorCode } from '../rules/errors.js';
import type { Declaration, JoinRequest } from './entities.js';

/** Both screens show this many digits; the driver who is already in compares them (JN1). */
export const JOIN_CODE_LENGTH = 4;
/** How long a join request waits for its answer; then the asking device is told JOIN_NOT_CONFIRMED. */
export const JOIN_CONFIRM_TIMEOUT_MS = 120_000;
/**
 * JN8: requests of one declaration waiting at once. More would not fit the confirming screen, and a
 * real accident has one other driver: several waiting means someone else is asking too.
 */
export const JOIN_REQUESTS_OPEN_MAX = 6;
/** JN8: requests one source (an address, hashed with the declaration) may keep waiting at once. */
export const JOIN_OPEN_PER_SOURCE = 2;
/** JN8: asks one source may make of one declaration within JOIN_ASK_WINDOW_MS. */
export const JOIN_ASKS_PER_SOURCE = 3;
export const JOIN_ASK_WINDOW_MS = 60_000;
/**
 * JN8: the proof of work of a join doubles with each ask the same source made within this time
 * (an honest driver asks once or twice), up to JOIN_WORK_MAX times the normal work: a phone does
 * the normal work in about a second, so the most it is asked stays within the captcha's 10 s.
 */
export const JOIN_WORK_WINDOW_MS = 10 * 60_000;
export const JOIN_WORK_MAX = 8;

/** A join code from a uniform random number in [0, 1). */
export function joinCode(random: number): string {
  return String(Math.floor(random * 10 ** JOIN_CODE_LENGTH)).padStart(JOIN_CODE_LENGTH, '0');
}

/** Is a join request still waiting for its answer (JN3: it expires after JOIN_CONFIRM_TIMEOUT_MS)? */
export function isJoinRequestOpen(request: { readonly requestedAt: number } | null, now: number): boolean {
  return request !== null && now - request.requestedAt <= JOIN_CONFIRM_TIMEOUT_MS;
}

/** The work a join's proof must carry, from the asks its source made within JOIN_WORK_WINDOW_MS (JN8). */
export function joinWork(recentAsks: number): number {
  return Math.min(JOIN_WORK_MAX, 2 ** Math.max(0, Math.floor(recentAsks)));
}

/** The declaration's join requests (a record stored before JN3 changed holds none). */
export function joinRequestsOf(d: Pick<Declaration, 'joinRequests'>): readonly JoinRequest[] {
  return Array.isArray(d.joinRequests) ? d.joinRequests : [];
}

/** The requests still waiting for an answer: not expired, not answered. */
export function waitingJoinRequests(d: Pick<Declaration, 'joinRequests'>, now: number): JoinRequest[] {
  return joinRequestsOf(d).filter((r) => r.answer === undefined && isJoinRequestOpen(r, now));
}

/** The request of that code, if the declaration holds it. */
export function joinRequestOf(d: Pick<Declaration, 'joinRequests'>, code: string): JoinRequest | null {
  return joinRequestsOf(d).find((r) => r.code === code) ?? null;
}

/**
 * Why a new request of `source` cannot wait now (JN8), with the time until it could; null when it
 * may. Full: the oldest request's expiry. Too many of this source: the expiry of its oldest.
 */
export function joinAskRefusal(
  d: Pick<Declaration, 'joinRequests'>,
  source: string,
  now: number,
): { readonly code: ErrorCode; readonly retryAfterMs: number } | null {
  const waiting = waitingJoinRequests(d, now);
  const until = (rs: readonly JoinRequest[]) => Math.max(1, Math.min(...rs.map((r) => r.requestedAt)) + JOIN_CONFIRM_TIMEOUT_MS - now + 1);
  const own = waiting.filter((r) => r.source === source);
  if (own.length >= JOIN_OPEN_PER_SOURCE) return { code: 'JOIN_ASKED_TOO_OFTEN', retryAfterMs: until(own) };
  if (waiting.length >= JOIN_REQUESTS_OPEN_MAX) return { code: 'JOIN_BUSY', retryAfterMs: until(waiting) };
  return null;
}

/**
 * A code no other request of the declaration shows (the confirming driver tells them apart by it):
 * drawn from `random` (uniform in [0, 1)), the next free one when the drawn one is taken.
 */
export function freshJoinCode(d: Pick<Declaration, 'joinRequests'>, random: number): string {
  const taken = new Set(joinRequestsOf(d).map((r) => r.code));
  const space = 10 ** JOIN_CODE_LENGTH;
  const drawn = Math.floor(random * space);
  for (let step = 0; step < space; step++) {
    const code = joinCode(((drawn + step) % space) / space);
    if (!taken.has(code)) return code;
  }
  // JOIN_REQUESTS_OPEN_MAX is far below the codes there are: never reached.
  return joinCode(random);
}

function withRequests(d: Declaration, requests: readonly JoinRequest[], now: number): Declaration {
  // Written in the form of JN3 only: a record stored before it loses its single request's field.
  const { joinRequest: _legacy, ...rest } = d as Declaration & { joinRequest?: unknown };
  return { ...rest, joinRequests: requests, version: d.version + 1, updatedAt: now };
}

/** A device asks for a seat (JN1): its request waits beside the others (expired ones are dropped). */
export function requestJoin(d: Declaration, request: JoinRequest, now: number): Declaration {
  const kept = joinRequestsOf(d).filter((r) => isJoinRequestOpen(r, now) || r.answer !== undefined);
  return withRequests(d, [...kept, request], now);
}

/** The confirming driver answered a request whose asking device waits on another node (JN2): that node settles it. */
export function answerJoinRequest(d: Declaration, code: string, accept: boolean, now: number): Declaration {
  if (!joinRequestOf(d, code)) return d;
  return withRequests(d, joinRequestsOf(d).map((r) => (r.code === code ? { ...r, answer: accept ? 'accept' : 'refuse' } : r)), now);
}

/** The request was answered or withdrawn: it waits no more. */
export function closeJoinRequest(d: Declaration, code: string, now: number): Declaration {
  if (!joinRequestOf(d, code)) return d;
  return withRequests(d, joinRequestsOf(d).filter((r) => r.code !== code), now);
}

/** Every request of the declaration ends (the seat was given, one device took both parties). */
export function closeJoinRequests(d: Declaration, now: number): Declaration {
  return joinRequestsOf(d).length === 0 ? d : withRequests(d, [], now);
}

/** The requests a device of `party` is shown (JN1): those for the other seat, waiting, without their source. */
export function joinRequestsShown(d: Pick<Declaration, 'joinRequests'>, party: 'A' | 'B', allowBoth: boolean): JoinRequest[] {
  if (allowBoth) return [];
  return joinRequestsOf(d)
    .filter((r) => r.answer === undefined && r.party !== party)
    .map(({ party: p, code, plate, requestedAt }) => ({ party: p, code, plate, requestedAt }));
}
