import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { stepDefinition, type SubmitActor } from '@eid/domain/device';
import { errorMessage } from '../error-messages';
import { ErrorText } from '../fields/fields';
import { useSession } from '../session/session-context';
import { STEP_TITLES } from '../wizard/step-titles';

/**
 * The submit dialog (declaration-flow §4): validating, submitting, ready (waiting for the other
 * driver, with the long-fill guard), waiting for the answer (with the long-submit choices: close
 * or inform the administrator), and the error with what to fix.
 */
export function SubmitDialog({ actor, onClose }: { actor: SubmitActor; onClose: () => void }) {
  const session = useSession();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const snap = useSelector(actor, (s) => s);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  const close = () => {
    if (snap.matches('error')) actor.send({ type: 'user.close' });
    onClose();
  };
  const closable = snap.matches('error') || snap.matches('idle') || snap.matches('closedWhileWaiting') || snap.hasTag('longSubmit');
  return (
    <dialog ref={ref} className="dialog submit-dialog" aria-labelledby="submit-title" aria-busy={snap.hasTag('busy')} onCancel={(e) => (closable ? close() : e.preventDefault())}>
      <h2 id="submit-title">
        <Trans>Submitting the declaration</Trans>
      </h2>
      <div role="status" aria-live="polite">
        {snap.matches('validating') ? (
          <p>
            <span className="spinner" aria-hidden="true" /> {t`Checking the declaration…`}
          </p>
        ) : null}
        {snap.matches('submitting') ? (
          <p>
            <span className="spinner" aria-hidden="true" /> {t`Sending…`}
          </p>
        ) : null}
        {snap.matches('ready') ? <p>{t`You have submitted. Waiting for the other driver to submit.`}</p> : null}
        {snap.matches('waiting') ? <p>{t`Both drivers submitted. Waiting for the confirmation…`}</p> : null}
        {snap.matches('success') ? <p>{t`The declaration was sent.`}</p> : null}
        {snap.matches('fail') ? <p>{t`The declaration could not be produced.`}</p> : null}
      </div>
      {snap.hasTag('longFill') ? (
        <div className="notice">
          <p>{t`The other driver has not submitted for a while. You may go on waiting, or take your submission back to correct your data.`}</p>
          <div className="dialog-buttons">
            <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'user.keepWaiting' })}>
              {t`Keep waiting`}
            </button>
            <button type="button" className="button" onClick={() => actor.send({ type: 'user.withdraw' })}>
              {t`Take my submission back`}
            </button>
          </div>
        </div>
      ) : null}
      {snap.hasTag('longSubmit') ? (
        <div className="notice">
          <p>{t`This takes longer than usual. The declaration keeps going: you may close this window, or tell the administrator.`}</p>
          {snap.context.adminInformed ? <p className="confirmed">{t`The administrator was informed.`}</p> : null}
          <div className="dialog-buttons">
            <button type="button" className="button button--secondary" onClick={() => { actor.send({ type: 'user.close' }); onClose(); }}>
              {t`Close`}
            </button>
            <button type="button" className="button" disabled={snap.context.adminInformed || snap.hasTag('busy')} onClick={() => actor.send({ type: 'user.informAdmin' })}>
              {t`Inform the administrator`}
            </button>
          </div>
        </div>
      ) : null}
      {snap.matches('error') ? (
        <div className="step-error">
          {snap.context.findings.length ? (
            <ul className="findings">
              {snap.context.findings.map((f, i) => (
                <li key={i}>
                  {f.party ? <strong>{f.party}: </strong> : null}
                  {i18n._(errorMessage(f.code))}{' '}
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => {
                      close();
                      session.wizard.send({ type: 'user.goto', step: f.step });
                    }}
                  >
                    {t`Fix: ${i18n._(STEP_TITLES[stepDefinition(f.step).name])}`}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <ErrorText code={snap.context.error ?? 'GENERIC_ERROR'} />
          )}
          <p className="muted">{snap.context.result === 'TIMEDOUT' ? t`No answer in time.` : null}</p>
          <div className="dialog-buttons">
            <button type="button" className="button button--secondary" onClick={close}>
              {t`Close`}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
