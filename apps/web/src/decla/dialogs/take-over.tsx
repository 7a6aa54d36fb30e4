import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useModal } from '../../shell/use-modal';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Party } from '@eid/domain';
import { useSession } from '../session/session-context';
import { ErrorText } from '../fields/fields';
import { useSecondsLeft } from '../fields/use-seconds-left';

type Phase = { readonly kind: 'idle' } | { readonly kind: 'working' } | { readonly kind: 'waiting'; readonly until: number } | { readonly kind: 'failed'; readonly code: string };

/** A modal dialog opened on mount, closed on unmount; Escape is the cancel button. */
function Modal({ id, title, onCancel, children }: { id: string; title: ReactNode; onCancel: () => void; children: ReactNode }) {
  const ref = useModal();
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={id} onCancel={onCancel}>
      <h2 id={id}>{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * FU14: the driver still connected finishes for both on this phone (declaration-flow §6). Says what
 * it does and what becomes of the other driver's data; while the other phone is still counted, the
 * seconds left, asking again by itself when they are over.
 */
export function TakeOverDialog({ other, onClose, onDone }: { other: Party; onClose: () => void; onDone: () => void }) {
  const session = useSession();
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const seconds = useSecondsLeft(phase.kind === 'waiting' ? phase.until : null);
  const takeOver = useCallback(async () => {
    setPhase({ kind: 'working' });
    const answer = await session.hub.call('one-device');
    if (answer.ok) return onDone();
    if (answer.code === 'SEAT_STILL_COUNTED' && answer.retryAfterMs !== undefined) setPhase({ kind: 'waiting', until: Date.now() + answer.retryAfterMs });
    else setPhase({ kind: 'failed', code: answer.code });
  }, [session, onDone]);
  // The other phone's time is over: asked again without a tap.
  useEffect(() => {
    if (phase.kind !== 'waiting') return;
    const timer = setTimeout(() => void takeOver(), Math.max(0, phase.until - Date.now()));
    return () => clearTimeout(timer);
  }, [phase, takeOver]);
  return (
    <Modal id="take-over-title" title={t`Finish for both on this phone?`} onCancel={onClose}>
      <p>
        <Trans>Use this when the other driver's phone is switched off, lost or out of battery, or they have none: you fill in their part here too.</Trans>
      </p>
      <ul className="take-over-terms">
        <li>
          <Trans>What driver {other} entered so far stays.</Trans>
        </li>
        <li>
          <Trans>Their personal code and signature are not handed over: driver {other} types the code and signs on this phone.</Trans>
        </li>
        <li>
          <Trans>
            Their phone leaves the declaration. If it comes back, you can let it continue: Steps menu, "Continue on two phones".
          </Trans>
        </li>
      </ul>
      {phase.kind === 'waiting' ? (
        <div role="status" id="take-over-wait">
          <p>
            <Trans>Their phone was connected a moment ago and keeps its part for a little while in case it comes back.</Trans>
          </p>
          <p role="timer" className="seat-wait-time">
            <span className="spinner" aria-hidden="true" /> <Trans>Trying again by itself in {seconds} s.</Trans>
          </p>
        </div>
      ) : null}
      {phase.kind === 'working' ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Taking over…</Trans>
        </p>
      ) : null}
      {phase.kind === 'failed' ? <ErrorText code={phase.code} /> : null}
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={phase.kind === 'working'}
          aria-describedby={phase.kind === 'waiting' ? 'take-over-wait' : undefined}
          onClick={() => {
            // While waiting, a press asks at once (the other phone may have closed its page meanwhile).
            if (phase.kind !== 'working') void takeOver();
          }}
        >
          {t`Finish for both here`}
        </button>
      </div>
    </Modal>
  );
}

/** FU15: the device filling for both gives the other part back; the other phone joins again by plates. */
export function HandBackDialog({ other, onClose, onDone }: { other: Party; onClose: () => void; onDone: () => void }) {
  const session = useSession();
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const handBack = async () => {
    setPhase({ kind: 'working' });
    const answer = await session.hub.call('two-devices');
    if (answer.ok) onDone();
    else setPhase({ kind: 'failed', code: answer.code });
  };
  return (
    <Modal id="hand-back-title" title={t`Continue on two phones?`} onCancel={onClose}>
      <p>
        <Trans>
          Driver {other}'s part becomes theirs again: this phone then shows and changes only your part. On their phone, driver {other}{' '}
          starts the declaration and enters both plates; you confirm the code shown on both screens, and they continue where the
          declaration is.
        </Trans>
      </p>
      {phase.kind === 'working' ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> <Trans>Saving…</Trans>
        </p>
      ) : null}
      {phase.kind === 'failed' ? <ErrorText code={phase.code} /> : null}
      <div className="dialog-buttons">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={phase.kind === 'working'}
          onClick={() => {
            if (phase.kind !== 'working') void handBack();
          }}
        >
          {t`Continue on two phones`}
        </button>
      </div>
    </Modal>
  );
}
