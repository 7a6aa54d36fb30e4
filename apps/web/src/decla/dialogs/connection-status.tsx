import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { END_STEP, stepOrdinal } from '@eid/domain/device';
import { useSession } from '../session/session-context';
import { ErrorText } from '../fields/fields';
import { HandBackDialog, TakeOverDialog } from './take-over';

/**
 * The connection problems dialog (declaration-flow §2): while reconnecting a banner says the
 * entries are kept; when reconnecting failed, a dialog offers to try again. The other driver's
 * presence is shown too and, while their phone is away, the way to finish for both on this one
 * (FU14); after that, the way to give their part back (FU15).
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
  const [open, setOpen] = useState<'take' | 'back' | null>(null);
  const [notice, setNotice] = useState<'took' | 'gave' | null>(null);
  const live = snap.context.declaration?.mode === 'live' && snap.context.declaration.status === 'OPEN';
  const canTakeOver = snap.hasTag('online') && live && twoUsers && party !== null && !presence[other];
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
      {canTakeOver ? (
        <p className="presence-action">
          <button type="button" className="button button--text" aria-haspopup="dialog" onClick={() => setOpen('take')}>
            {otherOrdinal || otherStep === END_STEP ? t`Their phone is gone? Finish for both on this phone` : t`No phone for the other driver? Fill in both parts on this phone`}
          </button>
        </p>
      ) : null}
      {notice && party ? (
        <div className="banner take-over-notice">
          <p role="status">
            {notice === 'took'
              ? t`You fill in both parts now. Driver ${other} types their personal code and signs on this phone.`
              : t`Driver ${other} can join again from their phone: they start the declaration and enter both plates, and you confirm the code.`}
          </p>
          <div className="dialog-buttons">
            {notice === 'took' ? (
              <button type="button" className="button button--text" aria-haspopup="dialog" onClick={() => setOpen('back')}>
                {t`Continue on two phones`}
              </button>
            ) : null}
            <button type="button" className="button button--secondary button--small" onClick={() => setNotice(null)}>
              {t`OK`}
            </button>
          </div>
        </div>
      ) : null}
      {open === 'take' ? (
        <TakeOverDialog
          other={other}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setNotice('took');
          }}
        />
      ) : null}
      {open === 'back' ? (
        <HandBackDialog
          other={other}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setNotice('gave');
          }}
        />
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
