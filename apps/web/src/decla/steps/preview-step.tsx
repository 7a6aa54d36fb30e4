import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { formatAddress, formatDate, formatTime, type DeclarationView, type ErrorCode, type Party, type PreviewFinding } from '@eid/domain';
import { stepDefinition, stepNumber } from '@eid/domain/device';
import { errorMessage } from '../error-messages';
import { StoredVoiceNote } from '../fields/audio-note';
import { useConnectedDeclaration, useParties, useSession } from '../session/session-context';
import { useStepValidity, useStepWaiting } from '../wizard/step-hooks';
import { STEP_TITLES } from '../wizard/step-titles';
import { CIRCUMSTANCE_LABELS } from './circumstance-labels';
import { impactLabel } from './impact-labels';
import type { StepProps } from '../wizard/step-footer';

/** validate-t1 for the declaration as it is now, again after every change. */
export function useFindings(op: 'validate-t1' | 'validate-t2'): readonly PreviewFinding[] | null {
  const session = useSession();
  const version = useSelector(session.connection, (s) => s.context.declaration?.version ?? 0);
  const [findings, setFindings] = useState<readonly PreviewFinding[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      void session.hub.call(op).then((a) => {
        if (!cancelled && a.ok) setFindings(a.r);
      });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [session, op, version]);
  return findings;
}

/** Findings split into what this device must fix and what the other driver must. */
export function splitFindings(findings: readonly PreviewFinding[], parties: readonly Party[]) {
  const mine = findings.filter((f) => f.party === null || parties.includes(f.party));
  const theirs = findings.filter((f) => f.party !== null && !parties.includes(f.party));
  return { mine, theirs };
}

/** A finding as shown: the check's own, or one this phone adds (a photo it could not send). */
type ShownFinding = Omit<PreviewFinding, 'code'> & { readonly code: ErrorCode };

export function Findings({ findings, onFix }: { findings: readonly ShownFinding[]; onFix: ((step: number) => void) | null }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  return (
    <ul className="findings">
      {findings.map((f, i) => (
        <li key={`${f.code}-${f.party}-${i}`} className="finding" data-code={f.code}>
          <span>
            {f.party ? <strong>{f.party}: </strong> : null}
            {i18n._(errorMessage(f.code))}
          </span>
          {onFix ? (
            <button type="button" className="button button--small" onClick={() => onFix(f.step)}>
              {t`Fix: ${i18n._(STEP_TITLES[stepDefinition(f.step).name])}`}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function PartySummary({ d, party }: { d: DeclarationView; party: Party }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const p = d.parties[party];
  const dr = p.driver;
  return (
    <section className="summary-card" aria-label={t`Driver and vehicle ${party}`}>
      <h2>{t`Driver and vehicle ${party}`}</h2>
      <dl>
        <dt>{t`Vehicle`}</dt>
        <dd>{`${p.vehicle.noPlate ? p.vehicle.vin : p.vehicle.plate} ${p.vehicle.make} ${p.vehicle.model}`.trim()}</dd>
        <dt>{t`Insurer`}</dt>
        <dd>{p.vehicle.insurerName || p.vehicle.insurerNameEntered || '—'}</dd>
        {p.trailer ? (
          <>
            <dt>{t`Trailer`}</dt>
            <dd>{p.trailer.plate}</dd>
          </>
        ) : null}
        <dt>{t`Driver`}</dt>
        <dd>{`${dr.name} ${dr.surname}`.trim() || '—'}</dd>
        <dt>{t`Address`}</dt>
        <dd>{dr.address ? formatAddress(dr.address.value, dr.address.pat) : '—'}</dd>
        <dt>{t`Contact`}</dt>
        <dd>{dr.informMethod === 'email' ? dr.email : dr.informMethod === 'tel' ? dr.tel : '—'}</dd>
        <dt>{t`Photos`}</dt>
        <dd>{p.photos.length}</dd>
        <dt>{t`Damages`}</dt>
        <dd>{[p.damages.impactMeta.points.map((id) => { const label = impactLabel(id); return label ? i18n._(label) : id; }).join(', '), p.damages.text].filter(Boolean).join(' — ') || '—'}</dd>
        <dt>{t`Circumstances`}</dt>
        <dd>{p.conditions.length ? p.conditions.map((k) => `${k}. ${i18n._(CIRCUMSTANCE_LABELS[k])}`).join('; ') : '—'}</dd>
        <dt>{t`Witnesses`}</dt>
        <dd>{p.witnesses.length ? p.witnesses.map((w) => `${w.name} ${w.surname} ${w.phone}`).join('; ') : '—'}</dd>
        <dt>{t`Voice notes`}</dt>
        <dd>{p.audio.length ? p.audio.map((a) => <StoredVoiceNote key={a.id} id={a.id} type={a.type} />) : '—'}</dd>
      </dl>
    </section>
  );
}

/** Step 12: everything both drivers entered, and what is still missing with a way back to it. */
export function PreviewStep({ step }: StepProps) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const parties = useParties();
  const { t } = useLingui();
  const findings = useFindings('validate-t1');
  const { items } = useSyncExternalStore(session.photos.subscribe, session.photos.getSnapshot);
  // Photos this phone is still sending count once they are in (issue 35): the check waits for them;
  // one that could not be sent is this driver's to fix.
  const going = items.filter((i) => i.error === null).length;
  const unsent = items.some((i) => i.error !== null);
  // While photos are still going, the check's word on photos is not the last one: not shown.
  const shownFindings = going > 0 ? (findings ?? []).filter((f) => f.step !== stepNumber('photos')) : (findings ?? []);
  const { mine: found, theirs } = splitFindings(shownFindings, parties);
  const mine: readonly ShownFinding[] = unsent ? [...found, { code: 'PHOTOS_NOT_SENT', party: null, step: stepNumber('photos') }] : found;
  useStepValidity(step, findings !== null && mine.length === 0 && going === 0);
  useStepWaiting(going > 0);
  const tp = d.timePlace;
  const when = tp.correctedTime ?? tp.originalTime;
  return (
    <section className="step step-preview">
      {findings === null ? <p className="loading">{t`Checking…`}</p> : null}
      {going > 0 ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t`Sending photos: ${going} left. The check follows when they are in.`}
        </p>
      ) : null}
      {mine.length ? (
        <div className="step-error" tabIndex={-1}>
          <h2>
            <Trans>Still missing</Trans>
          </h2>
          <Findings findings={mine} onFix={(to) => session.wizard.send({ type: 'user.goto', step: to })} />
        </div>
      ) : null}
      {theirs.length ? (
        <div className="notice">
          <h2>
            <Trans>The other driver still has to fill in</Trans>
          </h2>
          <Findings findings={theirs} onFix={null} />
        </div>
      ) : null}
      {findings !== null && findings.length === 0 && going === 0 && !unsent ? (
        <p className="confirmed" role="status">
          <Trans>Everything is filled in. Check it and continue to the signatures.</Trans>
        </p>
      ) : null}
      <section className="summary-card" aria-label={t`Time and place`}>
        <h2>{t`Time and place`}</h2>
        <dl>
          <dt>{t`Time`}</dt>
          <dd>{when ? `${formatDate(when)} ${formatTime(when).slice(0, 5)}` : '—'}</dd>
          <dt>{t`Place`}</dt>
          <dd>{tp.locationAddress?.value ?? '—'}</dd>
          <dt>{t`Scheme`}</dt>
          <dd>{d.scheme.imageId ? (d.scheme.isPhoto ? t`photo of a drawing` : t`drawn`) : '—'}</dd>
        </dl>
      </section>
      <PartySummary d={d} party="A" />
      <PartySummary d={d} party="B" />
    </section>
  );
}
