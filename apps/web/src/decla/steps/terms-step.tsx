import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Disclaimers } from '@eid/domain';
import { CheckboxField } from '../fields/fields';
import { useDeclaration, useHinted, useParty, useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

/** Versions of the texts a driver consents to; a new text gets a new version. */
export const DISCLAIMER_VERSIONS = { user: 'user-2025-03-05', rules: 'rules-2025-03-05', policy: 'policy-2025-03-05' } as const;

/** Step 3: the declaration's conditions and the three consents, each by the version of its text. */
export function TermsStep({ step }: StepProps) {
  const session = useSession();
  const d = useDeclaration();
  const party = useParty();
  const hinted = useHinted();
  const given = (session.consents ?? (d && party ? d.parties[party].disclaimers : null)) as Disclaimers | null;
  const [user, setUser] = useState(!!given?.user);
  const [rules, setRules] = useState(!!given?.rules);
  const [policy, setPolicy] = useState(!!given?.policy);
  const all = user && rules && policy;
  useStepValidity(step, all);
  useEffect(() => {
    session.setConsents(all ? { ...DISCLAIMER_VERSIONS } : null);
  }, [session, all]);
  return (
    <section className="step step-terms">
      <p className="step-lead">
        <Trans>
          The electronic declaration replaces the paper European accident statement. It is sent to both drivers and to the
          insurer of the driver at fault.
        </Trans>
      </p>
      <ul>
        <li>
          <Trans>Both drivers fill in their own part and sign; what you enter must be true.</Trans>
        </li>
        <li>
          <Trans>Signing does not admit fault; it confirms what happened.</Trans>
        </li>
        <li>
          <Trans>An unfinished declaration is kept for 30 minutes after the last activity.</Trans>
        </li>
      </ul>
      <fieldset>
        <legend>
          <Trans>Consents</Trans>
        </legend>
        <CheckboxField
          checked={user}
          onChange={setUser}
          error={user ? null : 'CHECKBOX_REQUIRED'}
          showError={hinted}
          label={<Trans>I was driving one of the vehicles in this accident, and the data I give will be true.</Trans>}
        />
        <CheckboxField
          checked={rules}
          onChange={setRules}
          error={rules ? null : 'CHECKBOX_REQUIRED'}
          showError={hinted}
          label={
            <Trans>
              I have read the <a href="/terms" target="_blank" rel="noopener">declaring rules</a>.
            </Trans>
          }
        />
        <CheckboxField
          checked={policy}
          onChange={setPolicy}
          error={policy ? null : 'CHECKBOX_REQUIRED'}
          showError={hinted}
          label={
            <Trans>
              I agree that my data is processed as the <a href="/terms" target="_blank" rel="noopener">privacy policy</a> says.
            </Trans>
          }
        />
      </fieldset>
    </section>
  );
}
