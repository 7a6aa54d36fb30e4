/**
 * What a device is shown of the declaration: both parties' data as the paper form shows them (a
 * driver may read the other's data, declaration-flow §6), except
 * - the other driver's guilt choice before the guilt is resolved: a driver is not to be led by the
 *   other's answer, only told that it was given;
 * - the other driver's personal code or licence number (VW1): its last 6 characters are the
 *   password of that driver's statement and PDF, and the paper form does not ask for it either —
 *   the server alone needs it (the insurers' document, the password hash). The birth date, the
 *   address, the phone and the e-mail stay, as on the paper form.
 */
import type { Party } from '../rules/constants.js';
import { driverBirthDateMatches, driverCodeError } from '../rules/driver-identity.js';
import type { Declaration, GuiltState, PartyData } from './entities.js';
import { joinRequestsShown } from './join.js';
import type { HiddenCode } from '../rules/driver-form.js';

export interface GuiltStateView extends GuiltState {
  readonly achosen: boolean;
  readonly bchosen: boolean;
}

/** What a device may know of a code it is not shown: whether it is complete (the other driver's progress). */

export type DeclarationView = Omit<Declaration, 'guilt'> & {
  readonly guilt: GuiltStateView;
  /** For each party whose code this device is not shown: its checks; null for a code shown. */
  readonly hiddenCodes: Readonly<Record<Party, HiddenCode | null>>;
};

/** The view for a device of `party`; a device filling for both sees both choices. */
export function declarationViewFor(d: Declaration, party: Party, allowBoth: boolean): DeclarationView {
  const g = d.guilt;
  const reveal = allowBoth || g.status === 'RESOLVED';
  const guilt: GuiltStateView = {
    ...g,
    achoice: reveal || party === 'A' ? g.achoice : null,
    bchoice: reveal || party === 'B' ? g.bchoice : null,
    achosen: g.achoice !== null,
    bchosen: g.bchoice !== null,
  };
  // Each driver's view link opens with that driver's password: only their own is shown.
  const viewUrls = { A: allowBoth || party === 'A' ? d.viewUrls.A : null, B: allowBoth || party === 'B' ? d.viewUrls.B : null };
  const hides = (p: Party) => !allowBoth && p !== party;
  const parties = { A: hides('A') ? withoutCode(d.parties.A) : d.parties.A, B: hides('B') ? withoutCode(d.parties.B) : d.parties.B };
  const hiddenCodes = { A: hides('A') ? codeChecks(d.parties.A) : null, B: hides('B') ? codeChecks(d.parties.B) : null };
  // Join requests are shown to the party that may confirm them (JN1), not to the seat they ask for;
  // an answered one is being settled by the asking device's node: the confirming screen is done with it.
  const joinRequests = joinRequestsShown(d, party, allowBoth);
  const { joinRequest: _legacy, ...rest } = d as Declaration & { joinRequest?: unknown };
  return { ...rest, guilt, viewUrls, parties, hiddenCodes, joinRequests };
}

function codeChecks(p: PartyData): HiddenCode {
  const { code, dob, country } = p.driver;
  return { valid: driverCodeError(code, country) === null, matchesBirthDate: dob !== '' && driverBirthDateMatches(code, dob, country) };
}

/** The other party as a device sees it: no personal code (VW1). */
function withoutCode(p: PartyData): PartyData {
  return p.driver.code === '' ? p : { ...p, driver: { ...p.driver, code: '' } };
}
