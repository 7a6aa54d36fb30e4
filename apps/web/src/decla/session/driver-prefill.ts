/**
 * AC13: the driver data a signed-in driver's declaration starts from — for the device's own
 * driver only (driver A when one device fills both), from the account's person and verified code.
 */
import { driverPrefill, type DriverPrefill, type Party } from '@eid/domain';
import { useAccount } from '../../shell/account-session';
import { useParties } from './session-context';

export function usePrefill(party: Party): DriverPrefill | null {
  const account = useAccount();
  const parties = useParties();
  if (account.kind !== 'signed-in' || parties[0] !== party) return null;
  const a = account.account;
  return driverPrefill(a.person, a.personalCode, a.emailConfirmed ? a.email : null);
}
