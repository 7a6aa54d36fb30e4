import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { END_STEP, stepOrdinal } from '@eid/domain/device';
import { useSession } from '../session/session-context';
import { ErrorText } from '../fields/fields';

/**
 * The connection problems dialog (declaration-flow §2): while reconnecting a banner says the
 * entries are kept; when reconnecting failed, a dialog offers to try again. The other driver's
 * presence is shown too.
 */
export function ConnectionStatus() {
  const session = useSession();
  const { t } = useLingui();
  const snap = useSelector(session.connection, (s) => s);
  const reconnecting = snap.hasTag('reconnecting') || snap.matches({ link: 'opening' }) || snap.matches({ link: 'handshaking' });
  const lost = snap.matches('lost');
  const { presence, party, credentials } = snap.context;
  const other = party === 'A' ? 'B' : 'A';
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (lost && el && !el.open) el.showModal?.();
    if (!lost && el?.open) el.close();
  }, [lost]);
  const twoUsers = snap.context.declaration?.twoUserMode ?? false;
  const theirs = snap.context.declaration && party ? snap.context.declaration.parties[other] : null;
  // The other driver's progress, live: where they are (or that they submitted).
  const otherStep = theirs ? (theirs.submit === 'SUBMITTED' ? END_STEP : theirs.activeStep) : null;
  const otherOrdinal = otherStep === null ? null : stepOrdinal(otherStep);
  return (
    <>
      {reconnecting && credentials ? (
        <p className="banner banner--warning" role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Connection lost. Reconnecting… Your entries are kept.</Trans>
        </p>
      ) : null}
      {snap.hasTag('online') && twoUsers && party ? (
        <p className={`presence presence--${presence[other] ? 'on' : 'off'}`} role="status">
          {presence[other] ? t`The other driver is connected` : t`The other driver is not connected`}
          {otherStep === END_STEP ? ` · ${t`submitted`}` : otherOrdinal ? ` · ${t`at step ${otherOrdinal.index} of ${otherOrdinal.total}`}` : null}
        </p>
      ) : null}
      <dialog ref={dialog} className="dialog" aria-labelledby="lost-title">
        <h2 id="lost-title">
          <Trans>Connection problems</Trans>
        </h2>
        <ErrorText code="CONNECTION_LOST" />
        <p>
          <Trans>What you entered is kept on this device and will be sent when the connection is back.</Trans>
        </p>
        <div className="dialog-buttons">
          <button type="button" className="button" onClick={() => session.connection.send({ type: 'user.retry' })}>
            {t`Try again`}
          </button>
        </div>
      </dialog>
    </>
  );
}
