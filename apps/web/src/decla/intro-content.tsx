import { Trans } from '@lingui/react/macro';

/** The intro's text (step 1): safety first and the emergency number. No session needed. */
export function IntroContent({ practice }: { practice: boolean }) {
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
      {practice ? (
        <p className="notice notice--practice">
          <Trans>Practice mode: nothing you enter is saved or sent.</Trans>
        </p>
      ) : null}
    </section>
  );
}
