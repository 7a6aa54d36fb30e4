/**
 * Claims guidance on the end screen (app-shell §4), by the victim's case:
 * (a) an accident in Lithuania caused by a foreign vehicle: claim through the correspondent of its
 *     foreign insurer in Lithuania (the bureau tells which);
 * (b) an accident in another country of the European economic area: the claims body of that
 *     country, the culprit insured (with or without a representative) or not;
 * (c) an accident outside the area: the culprit's insurer that received the data, or the named body
 *     for an uninsured culprit;
 * (d) otherwise: the culprit's insurer.
 * This service takes accidents in Lithuania only (GPS_NOT_LT), so (b) and (c) show only for a
 * declaration whose place was corrected abroad; the rule is complete nonetheless.
 */
import type { Party } from '../rules/constants.js';
import type { Declaration } from '../declaration/entities.js';
import { partiesAtFault } from './delivery.js';
import { partyInsured } from '../declaration/insurance.js';
import { decideCompetence, type ClaimsCase, type CompetentBody } from '../claim/competence.js';
import { DEFAULT_COUNTRY } from '../rules/constants.js';

export type { ClaimsCase } from '../claim/competence.js';

export interface ClaimsSituation {
  readonly accident: 'LT' | 'EEA' | 'OTHER';
  readonly culpritForeign: boolean;
  readonly culpritInsured: boolean;
}

export function claimsCase(s: ClaimsSituation): ClaimsCase {
  if (s.accident === 'LT') return s.culpritForeign ? 'a' : 'd';
  if (s.accident === 'EEA') return 'b';
  return 'c';
}

/**
 * The guidance a party of a sent declaration gets: null when it alone caused the accident (its
 * own insurer handles the other's claim). Otherwise the case and the competent body, decided by the
 * claim's own competence rules (CM2, CM3) from the accident's country and the culprit's vehicle and
 * insurer, and the culprit whose insurer, correspondent or representative to contact. Whether a
 * foreign insurer has a representative in Lithuania is not known at the roadside (false): the bureau
 * then handles it or says who does.
 */
export function claimsGuidanceFor(
  d: Declaration,
  party: Party,
  accidentCountry: string,
  lithuanianRepresentative = false,
): { case: ClaimsCase; body: CompetentBody; culprit: Party; culpritInsured: boolean } | null {
  const fault = partiesAtFault(d);
  const culprit = fault.find((p) => p !== party);
  if (!culprit) return null;
  const c = d.parties[culprit];
  const culpritInsured = partyInsured(c);
  const insurerCountry = c.responsibleInsurer.greenCard?.country ?? (culpritInsured ? c.vehicle.country || DEFAULT_COUNTRY : null);
  const decided = decideCompetence({ accidentCountry, vehicleCountry: c.vehicle.country || DEFAULT_COUNTRY, culpritInsured, insurerCountry, lithuanianRepresentative });
  return { case: decided.case, body: decided.body, culprit, culpritInsured };
}
