/** The claim's states and its competent body in words (SPEC UE1, CM2, CM3). */
import { useLingui } from '@lingui/react/macro';
import type { ClaimState, Competence } from '@eid/domain';

export function useStateNames(): (s: ClaimState) => string {
  const { t } = useLingui();
  const names: Record<ClaimState, string> = { DRAFT: t`Not sent yet`, SUBMITTED: t`Sent`, RECEIVED: t`Received by the bureau`, INFORMATION_REQUESTED: t`Information requested`, DECIDED: t`Decided` };
  return (s) => names[s];
}

export function useCompetenceWords(): (c: Competence) => string {
  const { t } = useLingui();
  return (c) => {
    const body = {
      INSURER: t`The claim goes to the insurer of the vehicle at fault.`,
      CORRESPONDENT: t`The claim goes to the Lithuanian correspondent of the foreign vehicle's insurer.`,
      REPRESENTATIVE: t`The claim goes to the insurer's claims representative in Lithuania.`,
      BUREAU: t`The claim goes to the Lithuanian Motor Insurers' Bureau.`,
      FOREIGN_BODY: t`The bureau passes the claim on to the insurer or bureau of the country of the accident.`,
    }[c.body];
    return c.uninsuredNotice ? `${body} ${t`A driver without insurance must tell the bureau in writing within 3 working days.`}` : body;
  };
}
