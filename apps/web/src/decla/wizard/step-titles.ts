import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StepName } from '@eid/domain/device';

/** Title text of each step (key base s1 ... s14); shown as the page title on steps with a title. */
export const STEP_TITLES: Readonly<Record<StepName, MessageDescriptor>> = {
  intro: msg`Safety first`,
  demo: msg`Practice mode`,
  terms: msg`Terms and consents`,
  plates: msg`Vehicles`,
  contacts: msg`Your contact`,
  witnesses: msg`Time, place and witnesses`,
  photos: msg`Photos`,
  damages: msg`Damages`,
  conditions: msg`Circumstances`,
  scheme: msg`Accident scheme`,
  driver: msg`Driver's data`,
  preview: msg`Review`,
  signatures: msg`Signatures`,
  end: msg`Declaration`,
};

/** Driver B's alternative title of the witnesses step (declaration-flow §2). */
export const WITNESSES_TITLE_B = msg`Time, place and your witnesses`;
