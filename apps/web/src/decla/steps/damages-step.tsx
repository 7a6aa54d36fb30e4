import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { IMPACT_POINTS, TEXT_LIMITS, type DeclarationView, type ImpactMeta, type ImpactPointId, type Party } from '@eid/domain';
import { impactLabel } from './impact-labels';
import { ErrorText, TextField } from '../fields/fields';
import { AudioNote } from '../fields/audio-note';
import { useConnectedDeclaration, useHinted, useParties } from '../session/session-context';
import { useAutosave, useInstruction, useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

/** Where each of the domain's impact points sits on the car outline (percent of the box). */
const POSITIONS: Readonly<Record<ImpactPointId, { x: number; y: number }>> = {
  front: { x: 50, y: 8 },
  'front-right': { x: 82, y: 18 },
  right: { x: 90, y: 50 },
  'rear-right': { x: 82, y: 82 },
  rear: { x: 50, y: 92 },
  'rear-left': { x: 18, y: 82 },
  left: { x: 10, y: 50 },
  'front-left': { x: 18, y: 18 },
};
export const IMPACT_ZONES = IMPACT_POINTS.map((p) => ({ ...p, ...POSITIONS[p.id] }));

export function damagesDescribed(d: DeclarationView, p: Party): boolean {
  const dm = d.parties[p].damages;
  return dm.impactMeta.points.length > 0 || dm.text.trim() !== '' || dm.imageId !== null || d.parties[p].audio.some((a) => a.type === 'DAMAGES');
}

function ImpactPicker({ value, onChange, label }: { value: ImpactMeta; onChange: (m: ImpactMeta) => void; label: string }) {
  const { t, i18n } = useLingui();
  const name = (id: string) => {
    const label = impactLabel(id);
    return label ? i18n._(label) : id;
  };
  const toggle = (id: string) => {
    const points = value.points.includes(id) ? value.points.filter((p) => p !== id) : [...value.points, id];
    const first = IMPACT_ZONES.find((z) => z.id === points[0]);
    onChange({ points, direction: first ? first.angle : null });
  };
  return (
    <fieldset className="impact">
      <legend>{label}</legend>
      {/* Which way the drawing faces (issue 18 item 12). */}
      <p className="impact-front">
        <span aria-hidden="true">↑ </span>
        {t`Front of the vehicle`}
      </p>
      <div className="impact-car">
        <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
          <rect x="30" y="14" width="40" height="72" rx="10" className="impact-body" />
          <rect x="35" y="26" width="30" height="14" rx="3" className="impact-glass" />
          <rect x="35" y="62" width="30" height="10" rx="3" className="impact-glass" />
        </svg>
        {IMPACT_ZONES.map((z) => (
          <button
            key={z.id}
            type="button"
            className="impact-zone"
            style={{ left: `${z.x}%`, top: `${z.y}%` }}
            aria-pressed={value.points.includes(z.id)}
            onClick={() => toggle(z.id)}
          >
            <span className="visually-hidden">{name(z.id)}</span>
            <span aria-hidden="true">{value.points.includes(z.id) ? '✸' : '○'}</span>
          </button>
        ))}
      </div>
      <p className="muted">{value.points.length ? value.points.map(name).join(', ') : t`Tap where your vehicle was hit.`}</p>
    </fieldset>
  );
}

function PartyDamages({ party, both }: { party: Party; both: boolean }) {
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const [text, setText] = useState(d.parties[party].damages.text);
  const [impact, setImpact] = useState<ImpactMeta>(d.parties[party].damages.impactMeta);
  const save = useInstruction();
  const flushText = useAutosave(text, (value) => void save.run('set-impact-text', { party, text: value }));
  useAutosave(impact, (value) => void save.run('set-impact-meta', { party, impactMeta: value }), 0);
  const missing = !damagesDescribed(d, party) && impact.points.length === 0 && text.trim() === '';
  return (
    <section className="party-damages" aria-label={both ? t`Vehicle ${party}` : undefined}>
      {both ? <h2>{t`Vehicle ${party}`}</h2> : null}
      <ImpactPicker value={impact} onChange={setImpact} label={t`Where was the vehicle hit?`} />
      <TextField
        id={`damages-${party}`}
        label={t`Describe the damages`}
        multiline
        value={text}
        onChange={setText}
        onBlur={flushText}
        maxLength={TEXT_LIMITS.damages}
        error={missing ? 'PREVIEW_IMPACT' : null}
        showError={hinted}
        placeholder={t`E.g. dented rear bumper, broken left tail light`}
      />
      <AudioNote party={party} type="DAMAGES" />
      <ErrorText code={save.error} />
    </section>
  );
}

/** Step 8: the damages of each vehicle by hit zones (with the direction), text and a voice note. */
export function DamagesStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const valid = parties.every((p) => damagesDescribed(d, p));
  useStepValidity(step, valid, { validA: damagesDescribed(d, 'A'), validB: damagesDescribed(d, 'B') });
  return (
    <section className="step step-damages">
      <p className="step-lead">
        <Trans>Mark where your vehicle was hit and describe the visible damages.</Trans>
      </p>
      {parties.map((p) => (
        <PartyDamages key={p} party={p} both={parties.length > 1} />
      ))}
    </section>
  );
}
