/**
 * Guilt (declaration-flow §4): each driver says who is guilty (A, B or BOTH). The operations are
 * STATUS, RESET and SET; the answers WAITING, CONFLICT and RESOLVED. When both have chosen the same
 * the guilt is RESOLVED; when the choices differ it is a CONFLICT and both must choose again.
 */
import type { Party } from '../rules/constants.js';
import type { GuiltState, GuiltyChoice } from './entities.js';

export const GUILT_OPERATIONS = ['STATUS', 'RESET', 'SET'] as const;
export type GuiltOperation = (typeof GUILT_OPERATIONS)[number];

export type GuiltOp = { readonly op: 'SET'; readonly choice: GuiltyChoice } | { readonly op: 'RESET' } | { readonly op: 'STATUS' };

export const BLANK_GUILT: GuiltState = { status: 'WAITING', achoice: null, bchoice: null, resolved: null };

function settle(achoice: GuiltyChoice | null, bchoice: GuiltyChoice | null): GuiltState {
  if (achoice === null || bchoice === null) return { status: 'WAITING', achoice, bchoice, resolved: null };
  if (achoice === bchoice) return { status: 'RESOLVED', achoice, bchoice, resolved: achoice };
  // Differing choices are not kept: both drivers must choose again.
  return { status: 'CONFLICT', achoice: null, bchoice: null, resolved: null };
}

/** Applies a guilt operation of one party; STATUS changes nothing. */
export function applyGuilt(state: GuiltState, party: Party, op: GuiltOp): GuiltState {
  switch (op.op) {
    case 'STATUS':
      return state;
    case 'RESET': {
      const achoice = party === 'A' ? null : state.achoice;
      const bchoice = party === 'B' ? null : state.bchoice;
      return { status: 'WAITING', achoice, bchoice, resolved: null };
    }
    case 'SET':
      return settle(party === 'A' ? op.choice : state.achoice, party === 'B' ? op.choice : state.bchoice);
  }
}

/**
 * GL5: what a vehicle's insurer means for its driver once guilt is agreed: the driver at fault's
 * insurer pays the other driver's damage ('AT_FAULT'); the other driver's damage is paid by the
 * insurer of the driver at fault ('VICTIM'); with both at fault each insurer pays the other's
 * ('BOTH'); before guilt is agreed, 'UNKNOWN'.
 */
export function insurerRole(guilt: GuiltState, party: Party): 'AT_FAULT' | 'VICTIM' | 'BOTH' | 'UNKNOWN' {
  if (guilt.status !== 'RESOLVED' || guilt.resolved === null) return 'UNKNOWN';
  if (guilt.resolved === 'BOTH') return 'BOTH';
  return guilt.resolved === party ? 'AT_FAULT' : 'VICTIM';
}
