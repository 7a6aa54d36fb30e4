import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { plural } from '@lingui/core/macro';
import { type DeclarationView, type Party } from '@eid/domain';
import { canJump, stepDefinition, stepFill, WIZARD_STEPS } from '@eid/domain/device';
import { useDeclaration, useParty, useSession } from '../session/session-context';
import { STEP_TITLES } from './step-titles';
import { LeaveDialog } from '../dialogs/leave-dialog';
import { HandBackDialog } from '../dialogs/take-over';

const pct = (f: number) => `${Math.round(f * 100)} %`;

/** A one-line preview of a step's data in the menu (steps with navPreview). */
/** (The count by the `plural` macro: the active language's plural forms.) */
function preview(d: DeclarationView, name: string, party: Party): string | null {
  const p = d.parties[party];
  switch (name) {
    case 'contacts':
      return p.driver.informMethod === 'email' ? p.driver.email : p.driver.informMethod === 'tel' ? p.driver.tel : null;
    case 'witnesses':
      return d.timePlace.locationAddress?.value ?? null;
    case 'photos': {
      const n = p.photos.length;
      return plural(n, { one: '# photo', other: '# photos' });
    }
    case 'damages':
      return p.damages.text || null;
    case 'conditions':
      return p.conditions.length ? p.conditions.join(', ') : null;
    case 'driver':
      return `${p.driver.name} ${p.driver.surname}`.trim() || null;
    default:
      return null;
  }
}

/** The navigation menu (steps 5 to 13): each step's progress for both drivers, reached steps open. */
export function NavMenu({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const d = useDeclaration();
  const party = useParty() ?? 'A';
  const other: Party = party === 'A' ? 'B' : 'A';
  const { step, furthest } = useSelector(session.wizard, (s) => s.context);
  const dialog = useRef<HTMLDialogElement>(null);
  const [leaving, setLeaving] = useState(false);
  const [handingBack, setHandingBack] = useState<'asking' | 'done' | null>(null);
  // One phone filling for both in a live declaration may give the other part back (FU15).
  const oneLive = d?.mode === 'live' && d.status === 'OPEN' && !d.twoUserMode;

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  return (
    <dialog ref={dialog} className="nav-menu" aria-labelledby="nav-menu-title" onClose={onClose} onCancel={onClose}>
      <div className="dialog-head">
        <h2 id="nav-menu-title">
          <Trans>Steps</Trans>
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
          ×
        </button>
      </div>
      <ol className="nav-steps">
        {WIZARD_STEPS.filter((s) => s.navAccess).map((s) => {
          const reachable = canJump(step, s.no, furthest);
          const own = d ? stepFill(d, s.no, party) : 0;
          const theirs = d ? stepFill(d, s.no, other) : 0;
          const summary = d && s.navPreview ? preview(d, s.name, party) : null;
          return (
            <li key={s.no} aria-current={s.no === step ? 'step' : undefined}>
              <button
                type="button"
                disabled={!reachable}
                onClick={() => {
                  session.wizard.send({ type: 'user.goto', step: s.no });
                  onClose();
                }}
              >
                <span className="nav-step-title">{i18n._(STEP_TITLES[stepDefinition(s.no).name])}</span>
                {summary ? <span className="nav-step-preview">{summary}</span> : null}
                <span className="nav-step-progress">
                  {t`You ${pct(own)}`} · {t`Other driver ${pct(theirs)}`}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {oneLive || handingBack === 'done' ? (
        <div className="nav-hand-back">
          {handingBack === 'done' ? (
            <p role="status">{t`Driver ${other} can join again from their phone: they start the declaration and enter both plates, and you confirm the code.`}</p>
          ) : (
            <button type="button" className="button button--text" aria-haspopup="dialog" onClick={() => setHandingBack('asking')}>
              <Trans>Continue on two phones</Trans>
            </button>
          )}
        </div>
      ) : null}
      {handingBack === 'asking' ? <HandBackDialog other={other} onClose={() => setHandingBack(null)} onDone={() => setHandingBack('done')} /> : null}
      <button type="button" className="button button--text" onClick={() => setLeaving(true)}>
        <Trans>Leave the declaration</Trans>
      </button>
      {leaving ? (
        <LeaveDialog
          onClose={() => setLeaving(false)}
          onLeft={() => {
            setLeaving(false);
            onClose();
          }}
        />
      ) : null}
    </dialog>
  );
}
