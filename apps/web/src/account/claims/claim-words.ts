/** The claim's states and its competent body in words (SPEC UE1, CM2, CM3). */
import { useLingui } from '@lingui/react/macro';
import type { ClaimState, Competence } from '@eid/domain';
import { CLAIM_STATE_NAMES } from '../../ui/claim-states';

/** The states' names, the console's too (ui/claim-states.ts). */
export function useStateNames(): (s: ClaimState) => string {
  const { i18n } = useLingui();
  return (s) => i18n._(CLAIM_STATE_NAMES[s]);
}

/** UE6: who handles a sent claim, said once (issue 34: it said the insurer, then that the bureau would write). */
export function useHandlerName(): (c: Competence) => string {
  const { t } = useLingui();
  return (c) =>
    ({
      INSURER: t`The insurer of the vehicle at fault (the claim was sent to it)`,
      CORRESPONDENT: t`The Lithuanian correspondent of the foreign vehicle's insurer`,
      REPRESENTATIVE: t`The insurer's claims representative in Lithuania`,
      BUREAU: t`The Lithuanian Motor Insurers' Bureau`,
      FOREIGN_BODY: t`The insurer or bureau of the country of the accident (the bureau passes the claim on)`,
    })[c.body];
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
