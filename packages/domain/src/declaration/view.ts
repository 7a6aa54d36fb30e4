/**
 * What a device is shown of the declaration: everything of both parties (a driver may read the
 * other's data, declaration-flow §6), except the other driver's guilt choice before the guilt is
 * resolved: a driver is not to be led by the other's answer, only told that it was given.
 */
import type { Party } from '../rules/constants.js';
import type { Declaration, GuiltState } from './entities.js';

export interface GuiltStateView extends GuiltState {
  readonly achosen: boolean;
  readonly bchosen: boolean;
}

export type DeclarationView = Omit<Declaration, 'guilt'> & { readonly guilt: GuiltStateView };

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
  return { ...d, guilt, viewUrls };
}
