import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEFAULT_GPS_POSITION,
  DEFAULT_PHONE_PREFIX,
  TEXT_LIMITS,
  accidentPlaceError,
  formatDate,
  formatTime,
  internationalForm,
  isInLithuania,
  isLocationValid,
  parseDisplayDateTime,
  witnessError,
  witnessErrors,
  type Party,
  type Witness,
} from '@eid/domain';
import { ErrorText, TextField } from '../fields/fields';
import { AddressField, type AddressValue } from '../fields/address-field';
import { useConnectedDeclaration, useHinted, useParties, useParty } from '../session/session-context';
import { useAutosave, useInstruction, useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

const HOUR = 3_600_000;

const witnessValid = (w: Witness) => witnessError(w) === null;

function Witnesses({ party, both }: { party: Party; both: boolean }) {
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const [list, setList] = useState<Witness[]>(() => [...d.parties[party].witnesses]);
  const save = useInstruction();
  const flush = useAutosave(list, (value) => {
    if (value.every(witnessValid)) void save.run('witnesses', { party, witnesses: value });
  });
  const update = (i: number, w: Witness) => setList(list.map((x, j) => (j === i ? w : x)));
  return (
    <fieldset className="witnesses">
      <legend>{both ? (party === 'A' ? t`Witnesses of driver A` : t`Witnesses of driver B`) : t`Witnesses (optional)`}</legend>
      {list.length === 0 ? (
        <p className="muted">
          <Trans>No witnesses. Add them if someone saw the accident.</Trans>
        </p>
      ) : null}
      {list.map((w, i) => {
        const e = witnessErrors(w);
        const id = `witness-${party}-${i}`;
        return (
          <div key={i} className="witness" role="group" aria-label={t`Witness ${i + 1}`}>
            <TextField id={`${id}-name`} label={t`Name`} value={w.name} onChange={(name) => update(i, { ...w, name })} onBlur={flush} error={e.name} showError={hinted} autoComplete="off" maxLength={TEXT_LIMITS.name} required />
            <TextField id={`${id}-surname`} label={t`Surname`} value={w.surname} onChange={(surname) => update(i, { ...w, surname })} onBlur={flush} error={e.surname} showError={hinted} autoComplete="off" maxLength={TEXT_LIMITS.name} required />
            <TextField id={`${id}-phone`} label={t`Phone`} type="tel" inputMode="tel" value={w.phone} onChange={(phone) => update(i, { ...w, phone })}
              // PH7: a number written the national way ("8 612 00005") is read as the international one when the field is left (then saved by the autosave).
              onBlur={() => {
                const read = internationalForm(w.phone);
                if (read !== w.phone) update(i, { ...w, phone: read });
                else flush();
              }}
              error={e.phone} showError={hinted} required />
            <button type="button" className="button button--text" onClick={() => setList(list.filter((_, j) => j !== i))}>
              {t`Remove witness ${i + 1}`}
            </button>
          </div>
        );
      })}
      {list.length < TEXT_LIMITS.witnesses ? (
        <button type="button" className="button button--secondary" onClick={() => setList([...list, { name: '', surname: '', phone: DEFAULT_PHONE_PREFIX }])}>
          {t`Add a witness`}
        </button>
      ) : null}
      <ErrorText code={save.error} />
    </fieldset>
  );
}

/** Step 6: the time (which may be rolled back by maxTimeAdjust hours) and place of the accident, and witnesses. */
export function WitnessesStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const party = useParty();
  const { t } = useLingui();
  const hinted = useHinted();
  const tp = d.timePlace;
  const original = tp.originalTime ?? 0;
  const current = tp.correctedTime ?? original;
  const [date, setDate] = useState(formatDate(current));
  const [time, setTime] = useState(formatTime(current).slice(0, 5));
  const timeSave = useInstruction();
  const placeSave = useInstruction();
  const min = original - tp.maxTimeAdjust * HOUR;
  const chosen = parseDisplayDateTime(date, `${time.length === 5 ? `${time}:00` : time}`);
  const timeError = chosen === null ? 'TIME_FORMAT' : chosen > original ? 'TOO_LATE' : chosen < min ? 'TOO_EARLY' : null;
  const bounds = { min: `${formatDate(min)} ${formatTime(min).slice(0, 5)}`, max: `${formatDate(original)} ${formatTime(original).slice(0, 5)}` };
  const flushTime = useAutosave(timeError === null ? chosen : null, (value) => {
    if (value !== null && value !== tp.correctedTime) void timeSave.run('corrected-time', { time: String(value) });
  });

  const address: AddressValue | null = tp.locationAddress;
  const gps = isLocationValid(tp.originalLocation) ? tp.originalLocation : null;
  const placeOk = address !== null && accidentPlaceError(address) === null && (isLocationValid(tp.correctedLocation) || gps !== null);
  const witnessesOk = parties.every((p) => d.parties[p].witnesses.every(witnessValid));
  useStepValidity(step, timeError === null && placeOk && witnessesOk);

  const pickAddress = async (a: AddressValue) => {
    await placeSave.run('corrected-location-address', { address: { value: a.value, aob: a.aob, pat: a.pat ?? null, needPat: a.needPat } });
    if (a.latitude !== undefined && a.longitude !== undefined && isInLithuania({ latitude: a.latitude, longitude: a.longitude })) {
      await placeSave.run('corrected-location', { location: { latitude: a.latitude, longitude: a.longitude, accuracy: null } });
    }
  };

  return (
    <section className="step step-witnesses">
      <fieldset>
        <legend>
          <Trans>When</Trans>
        </legend>
        <p>
          <Trans>
            The declaration was started at {formatDate(original)} {formatTime(original).slice(0, 5)}. If the accident happened
            earlier, correct the time (up to {tp.maxTimeAdjust} hours back).
          </Trans>
        </p>
        <div className="field-row">
          <TextField id="accident-date" label={t`Date`} type="date" value={date} onChange={setDate} onBlur={flushTime} max={formatDate(original)} min={formatDate(min)} error={timeError} errorValues={bounds} showError />
          <TextField id="accident-time" label={t`Time`} type="time" value={time} onChange={setTime} onBlur={flushTime} error={null} />
        </div>
        <ErrorText code={timeSave.error} values={bounds} />
      </fieldset>
      <fieldset>
        <legend>
          <Trans>Where</Trans>
        </legend>
        <p className="muted" role="status">
          {gps
            ? t`Your phone's location: ${gps.latitude.toFixed(5)}, ${gps.longitude.toFixed(5)}.`
            : tp.locationError?.errCode === 'DENIED'
              ? t`Your phone's location is not known: this page is not allowed to use it (the browser's settings). Enter the address of the place.`
              : t`Your phone's location is not known. Enter the address of the place.`}
        </p>
        <AddressField
          place
          id="accident-address"
          label={t`Address of the accident place`}
          value={address}
          onPick={(a) => void pickAddress(a)}
          near={gps ?? (party ? DEFAULT_GPS_POSITION : null)}
          showError={hinted}
        />
        <ErrorText code={placeSave.error} />
      </fieldset>
      {parties.map((p) => (
        <Witnesses key={p} party={p} both={parties.length > 1} />
      ))}
    </section>
  );
}
