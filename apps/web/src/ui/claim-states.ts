/**
 * One vocabulary of a claim's states for the victim and the console (issue 34: the victim read
 * "Sent" where the console said "Submitted"). In the app's main catalog, which both load.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ClaimState } from '@eid/domain';

export const CLAIM_STATE_NAMES: Readonly<Record<ClaimState, MessageDescriptor>> = {
  DRAFT: msg`Draft`,
  SUBMITTED: msg`Submitted`,
  RECEIVED: msg`Received by the bureau`,
  INFORMATION_REQUESTED: msg`Information requested`,
  DECIDED: msg`Decided`,
};
