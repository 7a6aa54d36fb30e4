/**
 * SU1, SU3: the supervisor announces a system update (when it starts and ends, in the office's local
 * time) or calls it off. The drivers' screens say it is coming; while it runs no new declaration
 * starts. Both are written to the audit log.
 */
import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ErrorText } from '../decla/fields/fields';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { Show } from './console-parts';

/** A datetime-local input's value (local time, to the minute) of epoch ms, and back. */
const toLocalInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).getTime() : Number.NaN);

export function SystemUpdatePanel() {
  const { t, i18n } = useLingui();
  const { loaded, reload } = useConsoleCall('systemUpdate', {});
  const [from, setFrom] = useState(() => toLocalInput(Date.now() + 60 * 60_000));
  const [until, setUntil] = useState(() => toLocalInput(Date.now() + 90 * 60_000));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fromId = useId();
  const untilId = useId();
  const when = (ms: number) => i18n.date(new Date(ms), { dateStyle: 'medium', timeStyle: 'short' });

  const act = async (run: () => Promise<unknown>) => {
    setRefusal(null);
    setSending(true);
    try {
      await run();
      reload();
    } catch (error) {
      setRefusal(error instanceof ConsoleCallError ? error.code : 'GENERIC_ERROR');
    } finally {
      setSending(false);
    }
  };
  const announce = (e: FormEvent) => {
    e.preventDefault();
    const body = { from: fromLocalInput(from), until: fromLocalInput(until) };
    if (!Number.isFinite(body.from) || !Number.isFinite(body.until)) {
      setRefusal('SYSTEM_UPDATE_TIMES');
      return;
    }
    void act(() => consoleCall('announceSystemUpdate', { body }));
  };

  return (
    <section aria-labelledby={`${fromId}-title`}>
      <h2 id={`${fromId}-title`}>{t`System update`}</h2>
      <Show loaded={loaded}>
        {(v) =>
          v.update ? (
            <div role="status" className="office-closed">
              <p>{t`Announced: from ${when(v.update.from)} until ${when(v.update.until)}. The drivers' screens say so; while it runs no new declaration starts.`}</p>
              <button type="button" className="button button--secondary" disabled={sending} onClick={() => void act(() => consoleCall('cancelSystemUpdate'))}>
                {t`Call off the update`}
              </button>
            </div>
          ) : (
            <p role="status">{t`No system update is announced.`}</p>
          )
        }
      </Show>
      <form onSubmit={announce}>
        <div className="field">
          <label htmlFor={fromId}>{t`Starts`}</label>
          <input id={fromId} type="datetime-local" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        </div>
        <div className="field">
          <label htmlFor={untilId}>{t`Ends`}</label>
          <input id={untilId} type="datetime-local" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
        </div>
        {refusal ? (
          <div role="alert">
            <ErrorText code={refusal} />
          </div>
        ) : null}
        <button type="submit" className="button" disabled={sending}>
          {t`Announce the update`}
        </button>
      </form>
    </section>
  );
}
