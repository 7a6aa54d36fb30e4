import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { systemUpdatePhase, type SystemUpdate } from '@eid/domain';
import { api } from '../../shell/api';

/** How often a phone in a live declaration asks whether an update is announced. */
export const SYSTEM_UPDATE_POLL_MS = 60_000;

/**
 * SU2 (declaration-flow §4 "system update in progress"): a live declaration's screen says when the
 * bureau announced an update, and while it runs that what is typed is kept on the phone. Asked on
 * opening, every minute and when the phone is back online; the wording follows the clock.
 */
export function SystemUpdateBanner() {
  const { t, i18n } = useLingui();
  const [update, setUpdate] = useState<SystemUpdate | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let alive = true;
    const ask = () =>
      void api
        .call('systemUpdate')
        .then((r) => alive && setUpdate(r.update))
        .catch(() => undefined);
    ask();
    const timer = setInterval(ask, SYSTEM_UPDATE_POLL_MS);
    window.addEventListener('online', ask);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('online', ask);
    };
  }, []);
  // The wording changes when it starts and when it ends.
  useEffect(() => {
    if (!update) return;
    const next = [update.from, update.until].find((at) => at > Date.now());
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [update, now]);
  const phase = systemUpdatePhase(update, now);
  if (!update || phase === 'NONE') return null;
  const day = i18n.date(new Date(update.from), { dateStyle: 'medium' });
  const start = i18n.date(new Date(update.from), { timeStyle: 'short' });
  const end = i18n.date(new Date(update.until), { timeStyle: 'short' });
  return (
    <p className="banner banner--warning system-update" role="status">
      {phase === 'ANNOUNCED'
        ? t`The service will be updated on ${day} from ${start} to ${end}. What you enter stays on this phone; if you can, finish before the update starts.`
        : t`The service is being updated until ${end}. What you enter is kept on this phone and sent when the update is over. A new declaration cannot be started until then.`}
    </p>
  );
}
