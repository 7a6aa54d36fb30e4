/**
 * How much of each step a driver has filled (declaration-flow §2: progress per driver, a filled
 * fraction from 0 to 1), read from the declaration both devices share. The other driver's
 * progress is therefore live: every pushed change updates it.
 */
import { isLocationValid } from '../../rules/geometry.js';
import { accidentPlaceError } from '../../rules/address.js';
import { isEmail } from '../../rules/email.js';
import { driverFormErrors } from '../../rules/driver-form.js';
import { isPhone } from '../../rules/phone.js';
import type { Party } from '../../rules/constants.js';
import type { DeclarationView } from '../../declaration/view.js';
import { accidentDay, insurerHolds } from '../../declaration/insurance.js';
import { END_STEP, PREVIEW_STEP } from './steps.js';

const share = (flags: readonly boolean[]): number => (flags.length === 0 ? 1 : flags.filter(Boolean).length / flags.length);

/** The filled fraction (0 to 1) of one step for one party. */
export function stepFill(d: DeclarationView, step: number, party: Party): number {
  const p = d.parties[party];
  const other = d.parties[party === 'A' ? 'B' : 'A'];
  switch (step) {
    case 1:
    case 2:
      return 1;
    case 3:
      return share([p.disclaimers.user !== null, p.disclaimers.rules !== null, p.disclaimers.policy !== null]);
    case 4:
      return p.vehicle.plate !== '' || p.vehicle.noPlate ? 1 : 0;
    case 5: {
      const dr = p.driver;
      if (dr.informMethod === 'email') return isEmail(dr.email) ? 1 : 0.5;
      if (dr.informMethod === 'tel') return isPhone(dr.tel) && dr.telConfirmed ? 1 : 0.5;
      return 0;
    }
    case 6: {
      const tp = d.timePlace;
      const located = isLocationValid(tp.correctedLocation) || isLocationValid(tp.originalLocation);
      return share([tp.originalTime !== null, located && tp.locationAddress !== null && accidentPlaceError(tp.locationAddress) === null]);
    }
    case 7: {
      const inSet = (set: number) => p.photos.some((ph) => ph.set === set);
      return share([inSet(0) || other.photos.some((ph) => ph.set === 0), inSet(1), inSet(2)]);
    }
    case 8:
      return p.damages.impactMeta.points.length > 0 || p.damages.text.trim() !== '' || p.damages.imageId !== null ? 1 : 0;
    case 9:
      return p.conditions.length > 0 ? 1 : 0;
    case 10:
      return d.scheme.imageId !== null ? 1 : 0;
    case 11: {
      // The driver step's own rule; the other driver's code is not shown (VW1): the view says whether it is complete.
      const hidden = d.hiddenCodes[party] ?? undefined;
      return share(Object.values(driverFormErrors(p.driver, null, hidden)).map((e) => e === null));
    }
    case PREVIEW_STEP:
      return p.activeStep > PREVIEW_STEP ? 1 : 0;
    case 13:
      return share([p.signature !== null, party === 'A' ? d.guilt.achosen : d.guilt.bchosen, insurerHolds(p, accidentDay(d, null))]);
    case END_STEP:
      return p.submit === 'SUBMITTED' ? 1 : 0;
    default:
      return 0;
  }
}

/** The filled fraction of the whole declaration for a party (steps 3 to 13). */
export function declarationFill(d: DeclarationView, party: Party): number {
  let sum = 0;
  for (let step = 3; step <= 13; step++) sum += stepFill(d, step, party);
  return sum / 11;
}
