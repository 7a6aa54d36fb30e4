import { useSecondsLeft } from '../fields/use-seconds-left';
import { Trans, useLingui } from '@lingui/react/macro';

/** JN6: the seat is still counted on the phone used before; this one asks again by itself when the time is up. */
export function SeatWaitNotice({ until, onCancel }: { until: number; onCancel: () => void }) {
  const seconds = useSecondsLeft(until);
  return (
    <section className="step step-plates">
      <div className="admission" role="status">
        <p>
          <Trans>
            This vehicle's part is still counted on the phone used before: a phone that was switched off or closed the page is
            counted for up to a minute.
          </Trans>
        </p>
        <p role="timer" className="seat-wait-time">
          <span className="spinner" aria-hidden="true" /> <Trans>Trying again by itself in {seconds} s.</Trans>
        </p>
        <p>
<Trans>Then, if the other driver is already in, they confirm it is you with a code and you continue where you stopped.</Trans>
        </p>
      </div>
      <CancelJoin onCancel={onCancel} />
    </section>
  );
}

/** The way back from a join in progress (issue 34): the plates stay as typed; Next asks again. */
export function CancelJoin({ onCancel }: { onCancel: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="button button--secondary cancel-join" onClick={onCancel}>
      {t`Stop and change the plates`}
    </button>
  );
}
