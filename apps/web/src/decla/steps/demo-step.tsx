import { Trans } from '@lingui/react/macro';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

/** Step 2: the notice about the practice (demonstration) mode. */
export function DemoStep({ step }: StepProps) {
  useStepValidity(step, true);
  return (
    <section className="step step-demo">
      <h2>
        <Trans>This is practice</Trans>
      </h2>
      <p>
        <Trans>
          You can try every step of the declaration. Nothing you enter leaves this device: it is not saved, not sent to
          insurers, and no SMS or e-mail goes out.
        </Trans>
      </p>
      <p>
        <Trans>In practice you fill in the parts of both drivers yourself. Use any plates and made-up data.</Trans>
      </p>
    </section>
  );
}
