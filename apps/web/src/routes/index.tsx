import { useEffect } from 'react';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import type { EidMode } from '@eid/domain/constants';
import { storeMode } from '../decla/mode';

export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => {
    performance.mark('eid:first-screen');
    // The declaration's first screen is one tap away: its code (1.4 KiB) comes now, not after the tap (issue 35 item 7).
    // At once, not after the paint as the intro's 100 KiB: bench:roadside's tap on a fresh screen came before it otherwise.
    void router.preloadRoute({ to: '/decla' }).catch(() => undefined);
  }, [router]);
  const start = (mode: EidMode) => {
    storeMode(mode);
    void navigate({ to: '/decla' });
  };
  return (
    <article className="page home">
      <h1>
        <Trans>Electronic road accident declaration</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Two drivers fill in one declaration together, each on their own phone or both on one, and send it to the
          insurers.
        </Trans>
      </p>
      <div className="start-buttons">
        <button type="button" className="button button--large" onClick={() => start('live')}>
          <Trans>Declare an accident</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => start('practice')}>
          <Trans>Practise first (nothing is sent)</Trans>
        </button>
      </div>
      <section aria-labelledby="after-accident">
        <h2 id="after-accident">
          <Trans>After an accident</Trans>
        </h2>
        <ol>
          <li>
            <Trans>Stop, turn on the hazard lights and put out the warning triangle.</Trans>
          </li>
          <li>
            <Trans>If anyone is injured, call 112 first.</Trans>
          </li>
          <li>
            <Trans>If nobody is injured and you agree on what happened, declare the accident here together.</Trans>
          </li>
        </ol>
        <p>
          <a className="button emergency" href="tel:112">
            <Trans>Call 112</Trans>
          </a>
        </p>
      </section>
    </article>
  );
}
