/**
 * The home page (app-shell §2): the two ways into a declaration and what to do after an accident. A
 * first-screen page: drawn by the shell without the router's code (issue 35 item 2); the declaration's
 * intro it leads to is the shell's too, so the tap opens it at once, with or without the router.
 */
import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import type { EidMode } from '@eid/domain/constants';
import { storeMode } from '../decla/mode';
import { navigate } from './navigation';

export function HomePage() {
  useEffect(() => {
    performance.mark('eid:first-screen');
  }, []);
  const start = (mode: EidMode) => {
    storeMode(mode);
    navigate({ to: '/decla' });
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
