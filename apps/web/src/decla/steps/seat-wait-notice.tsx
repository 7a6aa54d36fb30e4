import { useSecondsLeft } from '../fields/use-seconds-left';
import { Trans } from '@lingui/react/macro';

/** JN6: the seat is still counted on the phone used before; this one asks again by itself when the time is up. */
export function SeatWaitNotice({ until }: { until: number }) {
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
    </section>
  );
}
