/**
 * The local installation's demo staff (EID_STAFF_SEED=fixture, never in production): an operator
 * and a supervisor whose TOTP secrets are published here so that a developer's authenticator app
 * (or a test) can sign in. A real installation adds its staff from the console (SF4) after its
 * first supervisor.
 */
import type { StaffService } from '@eid/accounts';

export const DEMO_STAFF = [
  { id: 'demo-operator', email: 'operatore@eid.lt', name: 'Asta Operatorė', role: 'operator', password: 'Operatore-2026', totpSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' },
  { id: 'demo-supervisor', email: 'vadove@eid.lt', name: 'Zita Vadovė', role: 'supervisor', password: 'Vadove-2026', totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' },
] as const;

/** Adds the demo staff that are missing (an existing address is left as it is). */
export async function seedDemoStaff(staff: StaffService): Promise<void> {
  for (const member of DEMO_STAFF) await staff.seed(member);
}
