/** Inform methods (declaration-flow §3): how a driver is contacted. Kept apart from the phone rules so the
 * declaration's schemas do not pull the phone-number metadata. */
export const INFORM_METHODS = ['email', 'tel'] as const;
export type InformMethod = (typeof INFORM_METHODS)[number];
