import { useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';
import { IntroContent } from '../intro-content';

/** Step 1: safety first, the emergency number, then start. */
export function IntroStep({ step }: StepProps) {
  const session = useSession();
  useStepValidity(step, true);
  return <IntroContent practice={session.mode === 'practice'} />;
}
