import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CircumstanceKey, SchemeTemplateId } from '@eid/domain';

/** The 19 circumstances of the European accident statement, in the spec's order of meanings. */
export const CIRCUMSTANCE_LABELS: Readonly<Record<CircumstanceKey, MessageDescriptor>> = {
  '1': msg`was standing (parked)`,
  '2': msg`was stopped`,
  '3': msg`was beginning to drive`,
  '4': msg`was opening a door`,
  '5': msg`was stopping`,
  '6': msg`was leaving a parking place or the roadside`,
  '7': msg`was entering a parking place or the roadside`,
  '8': msg`was entering a roundabout`,
  '9': msg`was driving in a roundabout`,
  '10': msg`hit the rear of a vehicle going the same way in the same lane`,
  '11': msg`was going the same way in another lane`,
  '12': msg`was changing lanes`,
  '13': msg`was overtaking`,
  '14': msg`was turning right`,
  '15': msg`was turning left`,
  '16': msg`was reversing`,
  '17': msg`was entering the lane of oncoming traffic`,
  '18': msg`was coming from the right at an intersection`,
  '19': msg`did not give way or ignored a red light`,
};

/** The 21 scheme templates. */
export const TEMPLATE_NAMES: Readonly<Record<SchemeTemplateId, MessageDescriptor>> = {
  blank: msg`blank`,
  'parking-back-i': msg`parking, reversing in line`,
  'parking-back-t': msg`parking, reversing into a bay`,
  'parking-side': msg`parking at the side`,
  'parking-door': msg`parking, opened door`,
  back: msg`hit from behind`,
  'back-reverse': msg`reversing into the one behind`,
  'from-roadside': msg`leaving the roadside`,
  'to-roadside': msg`pulling to the roadside`,
  'ring-enter': msg`entering a roundabout`,
  ring: msg`in a roundabout`,
  overtake: msg`side by side`,
  'overtake-start': msg`overtaking, start`,
  'overtake-middle': msg`overtaking, middle`,
  'overtake-end': msg`overtaking, end`,
  'overtake-head-on': msg`overtaking, head-on`,
  't-right': msg`T junction, turning right`,
  't-left': msg`T junction, turning left`,
  'x-right': msg`crossroads, turning right`,
  'x-left': msg`crossroads, turning left`,
  'x-cross': msg`crossroads, straight across`,
};
