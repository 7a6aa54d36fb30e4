/**
 * Submitting (declaration-flow §4): each driver submits; when both have, the declaration goes to
 * the submit queue (SUBMITTING), waits for the queue's answer (WAITING) and ends in SUCCESS or FAIL.
 * A submit that the final validation refuses is ERROR, with the invalid description; the drivers
 * fix the data and submit again. A finished declaration cannot be edited, cancelled or deleted.
 */
import { PARTIES, type Party } from '../rules/constants.js';
import type { ErrorCode } from '../rules/errors.js';
import type { Declaration, InvalidDesc, PartySubmitState, SubmitState } from './entities.js';
import type { PreviewFinding } from './preview.js';

/** The submit status answer (declaration-flow §3 "Submit status response"). */
export interface SubmitStatus {
  readonly stateA: PartySubmitState;
  readonly stateB: PartySubmitState;
  readonly stateEID: SubmitState;
  readonly aFillLang: string;
  readonly bFillLang: string;
  readonly invalidDesc: readonly InvalidDesc[];
  readonly viewUrl: string | null;
}

/** The unified result of a submit call as the client sees it (declaration-flow §4). */
export const SUBMIT_RESULTS = ['OK', 'ERROR', 'TIMEDOUT'] as const;
export type SubmitResult = (typeof SUBMIT_RESULTS)[number];

/** The status as `party`'s device sees it: its own view link only (null: no party's). */
export function submitStatus(d: Declaration, party: Party | null): SubmitStatus {
  return {
    stateA: d.parties.A.submit,
    stateB: d.parties.B.submit,
    stateEID: d.submitState,
    aFillLang: d.parties.A.fillLang,
    bFillLang: d.parties.B.fillLang,
    invalidDesc: d.invalidDesc,
    viewUrl: party ? d.viewUrls[party] : null,
  };
}

export type SubmitOutcome =
  | { readonly ok: true; readonly declaration: Declaration; readonly enqueue: boolean }
  | { readonly ok: false; readonly code: ErrorCode };

export function describeFindings(findings: readonly PreviewFinding[]): InvalidDesc[] {
  return findings.map((f) => ({ key: f.code, user: f.party ?? 'AB', desc: `step ${f.step}` }));
}

/**
 * A party submits (submit-eid). `parties` are the parties the connection may fill: one device
 * filling for both submits both. `findings` are validate-t2's for the declaration as it is now.
 * `enqueue` says the declaration just became complete and must be put on the submit queue.
 */
export function submitParties(
  d: Declaration,
  parties: readonly Party[],
  findings: readonly PreviewFinding[],
  now: number,
): SubmitOutcome {
  if (d.status === 'FINISHED') return { ok: false, code: 'DECLARATION_FINISHED' };
  if (d.submitState !== 'READY' && d.submitState !== 'ERROR') return { ok: false, code: 'ALREADY_SUBMITTED' };
  if (findings.length > 0) {
    return {
      ok: true,
      enqueue: false,
      declaration: { ...d, submitState: 'ERROR', invalidDesc: describeFindings(findings), version: d.version + 1, updatedAt: now },
    };
  }
  const submitted = { ...d.parties };
  for (const party of parties) submitted[party] = { ...submitted[party], submit: 'SUBMITTED', progress: 'DONE' };
  const complete = PARTIES.every((p) => submitted[p].submit === 'SUBMITTED');
  return {
    ok: true,
    enqueue: complete,
    declaration: {
      ...d,
      parties: submitted,
      submitState: complete ? 'SUBMITTING' : 'READY',
      invalidDesc: [],
      version: d.version + 1,
      updatedAt: now,
    },
  };
}

/** The submit queue accepted the declaration: now waiting for its answer. */
export function markWaiting(d: Declaration, now: number): Declaration {
  if (d.submitState !== 'SUBMITTING') return d;
  return { ...d, submitState: 'WAITING', version: d.version + 1, updatedAt: now };
}

/** The queue's answer: the declaration is finished either way and becomes immutable. */
export function completeSubmit(d: Declaration, result: 'SUCCESS' | 'FAIL', viewUrls: Readonly<Record<Party, string>> | null, now: number): Declaration {
  if (d.status === 'FINISHED') return d;
  return {
    ...d,
    status: 'FINISHED',
    submitState: result,
    viewUrls: result === 'SUCCESS' && viewUrls ? { A: viewUrls.A, B: viewUrls.B } : { A: null, B: null },
    version: d.version + 1,
    updatedAt: now,
  };
}

/**
 * A party withdraws its submit before the other has submitted (the long-fill guard's "cancel"), so
 * that it can correct its data. Not possible once the declaration is on the queue.
 */
export function withdrawSubmit(d: Declaration, party: Party, now: number): SubmitOutcome {
  if (d.status === 'FINISHED' || d.submitState === 'SUBMITTING' || d.submitState === 'WAITING') {
    return { ok: false, code: 'ALREADY_SUBMITTED' };
  }
  const p = d.parties[party];
  if (p.submit !== 'SUBMITTED') return { ok: true, enqueue: false, declaration: d };
  return {
    ok: true,
    enqueue: false,
    declaration: {
      ...d,
      parties: { ...d.parties, [party]: { ...p, submit: 'NONE', progress: 'LAST_STEP' } },
      version: d.version + 1,
      updatedAt: now,
    },
  };
}

