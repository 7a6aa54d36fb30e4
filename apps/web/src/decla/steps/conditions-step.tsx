import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { CIRCUMSTANCE_KEYS, TEXT_LIMITS, circumstanceOptions, suggestedTemplates, type CircumstanceKey, type Party } from '@eid/domain';
import { ErrorText, TextField } from '../fields/fields';
import { AudioNote } from '../fields/audio-note';
import { useConnectedDeclaration, useHinted, useParties } from '../session/session-context';
import { useAutosave, useInstruction, useStepValidity } from '../wizard/step-hooks';
import { CIRCUMSTANCE_LABELS, TEMPLATE_NAMES } from './circumstance-labels';
import type { StepProps } from '../wizard/step-footer';

function PartyConditions({ party, both }: { party: Party; both: boolean }) {
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const hinted = useHinted();
  const [selected, setSelected] = useState<CircumstanceKey[]>([...d.parties[party].conditions]);
  const [comment, setComment] = useState(d.parties[party].comment);
  const save = useInstruction();
  useAutosave(selected, (value) => void save.run('conditions', { party, conditions: value }), 0);
  const flushComment = useAutosave(comment, (value) => void save.run('eid-comment', { party, text: value }));
  const options = circumstanceOptions(selected);
  const suggestions = suggestedTemplates(selected);
  return (
    <section className="party-conditions">
      <fieldset>
        <legend>{both ? t`Circumstances of vehicle ${party}` : t`Tick what applied to your vehicle`}</legend>
        {/* Why some are greyed, said once where everyone sees it (issue 18 item 12); each one also tells a screen reader. */}
        {options.some((o) => o.disabled > 0 && !o.checked) ? (
          <p className="field-hint cond-why-note" id={`cond-${party}-why-note`}>
            {t`Greyed out: these cannot be ticked together with what is already ticked.`}
          </p>
        ) : null}
        {options.map((o) => ({ ...o, off: o.disabled > 0 && !o.checked })).map((o) => (
          <div key={o.key} className={`field field--checkbox${o.off ? ' field--disabled' : ''}`}>
            <input
              id={`cond-${party}-${o.key}`}
              type="checkbox"
              checked={o.checked}
              disabled={o.off}
              aria-describedby={o.off ? `cond-${party}-${o.key}-why` : undefined}
              onChange={(e) => setSelected(e.currentTarget.checked ? [...selected, o.key] : selected.filter((k) => k !== o.key))}
            />
            <label htmlFor={`cond-${party}-${o.key}`}>
              <span className="cond-number">{o.key}.</span> {i18n._(CIRCUMSTANCE_LABELS[o.key])}
            </label>
            {o.off ? (
              <span id={`cond-${party}-${o.key}-why`} className="visually-hidden">
                {t`Cannot be ticked with what is already ticked.`}
              </span>
            ) : null}
          </div>
        ))}
        {selected.length === 0 && hinted ? (
          <div className="step-error" tabIndex={-1}>
            <ErrorText code="PREVIEW_CONDITIONS" />
          </div>
        ) : null}
      </fieldset>
      {suggestions.length ? (
        <p className="muted">
          {t`Suggested schemes:`} {suggestions.map((s) => i18n._(TEMPLATE_NAMES[s])).join(', ')}
        </p>
      ) : null}
      <p className="muted">
        {t`Ticked: ${selected.length} of ${CIRCUMSTANCE_KEYS.length}`}
      </p>
      <TextField id={`comment-${party}`} label={t`Remarks (optional)`} multiline value={comment} onChange={setComment} onBlur={flushComment} maxLength={TEXT_LIMITS.comment} />
      <AudioNote party={party} type="CONDITIONS" />
      <ErrorText code={save.error} />
    </section>
  );
}

/** Step 9: the accident circumstances 1 to 19; incompatible ones are disabled. */
export function ConditionsStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const filled = (p: Party) => d.parties[p].conditions.length > 0;
  useStepValidity(step, parties.every(filled), { validA: filled('A'), validB: filled('B') });
  return (
    <section className="step step-conditions">
      <p className="step-lead">
        <Trans>Tick every circumstance that describes what your vehicle was doing.</Trans>
      </p>
      {parties.map((p) => (
        <PartyConditions key={p} party={p} both={parties.length > 1} />
      ))}
    </section>
  );
}
