import { Trans } from '@lingui/react/macro';
import { useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

/** Step 1: safety first, the emergency number, then start. */
export function IntroStep({ step }: StepProps) {
  const session = useSession();
  useStepValidity(step, true);
  return (
    <section className="step step-intro">
      <p className="step-lead">
        <Trans>An accident happened. First make sure everyone is safe.</Trans>
      </p>
      <ol className="safety-list">
        <li>
          <Trans>Stop, turn on the hazard lights and put out the warning triangle.</Trans>
        </li>
        <li>
          <Trans>Put on a reflective vest before you step onto the road.</Trans>
        </li>
        <li>
          <Trans>If anyone is injured, or you do not agree on what happened, call 112.</Trans>
        </li>
        <li>
          <Trans>Take photos of the scene before moving the vehicles if they block traffic.</Trans>
        </li>
      </ol>
      <a className="button button--emergency" href="tel:112">
        <Trans>Call 112</Trans>
      </a>
      <p>
        <Trans>
          If nobody is injured and you both agree, fill in the declaration together here: each driver on their own phone, or
          one phone for both.
        </Trans>
      </p>
      {session.mode === 'practice' ? (
        <p className="notice notice--practice">
          <Trans>Practice mode: nothing you enter is saved or sent.</Trans>
        </p>
      ) : null}
    </section>
  );
}
