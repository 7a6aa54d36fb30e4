/**
 * Issue 17 (SPEC UE8): a claim started from a sent declaration in which the signed-in person was a
 * victim (the other driver at fault, alone or with them: GD1). The form takes the victim's own data,
 * the culprit's vehicle, insurer and contact, the time and place, the witnesses and the scheme.
 * The culprit's personal code is never copied: the victim's device does not need it (the bureau
 * has the declaration).
 */
import type { Party } from '../rules/constants.js';
import { INSURER_ID_DEFAULT } from '../rules/constants.js';
import { formatDate, formatTime } from '../rules/dates.js';
import { phoneError } from '../rules/phone.js';
import type { Declaration } from '../declaration/entities.js';
import { partyInsured } from '../declaration/insurance.js';
import { claimsGuidanceFor } from '../output/guidance.js';
import { blankClaimData, type ClaimData } from './claim.js';
import { COMPETENT_BODY_IDS, claimCompetence } from './claim-rules.js';

/** The culprit of a declaration for the victim `party`, or null when `party` alone caused it (no claim from it). */
export function claimCulprit(d: Declaration, party: Party): Party | null {
  if (d.status !== 'FINISHED') return null;
  return claimsGuidanceFor(d, party, 'LT')?.culprit ?? null;
}

/** The prefilled form; null when `party` was not a victim in `d`. */
export function claimFromDeclaration(d: Declaration, party: Party, account: { readonly email: string }): ClaimData | null {
  const culprit = claimCulprit(d, party);
  if (culprit === null) return null;
  const own = d.parties[party];
  const theirs = d.parties[culprit];
  const when = d.timePlace.correctedTime ?? d.timePlace.originalTime;
  const blank = blankClaimData();
  const insurerId = theirs.vehicle.insurerId > INSURER_ID_DEFAULT ? theirs.vehicle.insurerId : theirs.responsibleInsurer.drkId;
  // IN2: a culprit insured abroad is known by its green card; one not insured, by its driver's word.
  const card = theirs.responsibleInsurer.greenCard;
  const data: ClaimData = {
    ...blank,
    victim: {
      ...blank.victim,
      firstName: own.driver.name,
      lastName: own.driver.surname,
      personalCode: /^\d{11}$/.test(own.driver.code) ? own.driver.code : '',
      phone: phoneOrEmpty(own.driver.tel),
      email: own.driver.email || account.email,
      address: own.driver.address?.value ?? '',
    },
    culprit: {
      ...blank.culprit,
      firstName: theirs.driver.name,
      lastName: theirs.driver.surname,
      phone: phoneOrEmpty(theirs.driver.tel),
      plate: theirs.vehicle.plate,
      vehicleCountry: theirs.vehicle.country,
      make: theirs.vehicle.make,
      model: theirs.vehicle.model,
      insured: partyInsured(theirs),
      insurerId,
      policyNo: card?.number ?? theirs.vehicle.policyNo,
    },
    competence: { ...blank.competence, insurerName: card?.insurerName ?? (theirs.vehicle.insurerName || theirs.vehicle.insurerNameEntered), insurerCountry: card?.country ?? theirs.vehicle.country },
    location: { country: 'LT', date: when === null ? '' : formatDate(when), time: when === null ? '' : formatTime(when).slice(0, 5), address: d.timePlace.locationAddress?.value ?? '' },
    damage: { ...blank.damage, vehicleDescription: own.damages.text },
    scheme: { fromDeclaration: d.scheme.imageId !== null, comment: '' },
    witnesses: [...d.parties.A.witnesses, ...d.parties.B.witnesses].slice(0, 10).map((w) => ({ name: w.name, surname: w.surname, phone: w.phone })),
    payment: { ...blank.payment, name: own.driver.name, surname: own.driver.surname },
  };
  return withCompetence(data);
}

/** The form with its competence decided (CM2, CM3): `competence.id` is the body's number. */
export function withCompetence(d: ClaimData): ClaimData {
  return { ...d, competence: { ...d.competence, id: COMPETENT_BODY_IDS[claimCompetence(d).body] } };
}

/** A phone the declaration kept, or empty when it is none (only the default +370 a driver never completed). */
const phoneOrEmpty = (tel: string): string => (phoneError(tel) === null ? tel : '');
