import { useCallback, useEffect, useState } from 'react';
import { useRegionNames } from '../fields/use-region-names';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BIRTH_DATE_MIN,
  CODE_MASK_LENGTH,
  TEXT_LIMITS,
  COUNTRIES,
  driverFormErrors,
  freeAddress,
  isLithuanianDriver,
  isVehicleId,
  registryFoundNoPolicy,
  normaliseLicence,
  fillEmptyDriverFields,
  formatDate,
  isDriverFormComplete,
  parsePersonalCode,
  type DeclarationView,
  type Driver,
  type Party,
} from '@eid/domain';
import { ErrorText, SelectField, TextField } from '../fields/fields';
import { AddressField, type AddressValue } from '../fields/address-field';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { usePrefill } from '../session/driver-prefill';
import { useAutosave, useInstruction, useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

type Form = Pick<Driver, 'name' | 'surname' | 'code' | 'dob' | 'address' | 'country'>;

export function driverDone(d: DeclarationView, p: Party, today: string): boolean {
  const dr = d.parties[p].driver;
  return isDriverFormComplete(dr, today);
}

function VehicleDetails({ party, onViInvalid }: { party: Party; onViInvalid: (party: Party, invalid: boolean) => void }) {
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const v = d.parties[party].vehicle;
  const fromRegistry = v.result === 'OK';
  const [make, setMake] = useState(v.make);
  const [model, setModel] = useState(v.model);
  const [insurer, setInsurer] = useState(v.insurerNameEntered || v.insurerName);
  const [policy, setPolicy] = useState(v.policyNo);
  const [vi, setVi] = useState(v.vi);
  const viError = vi.trim() !== '' && !isVehicleId(vi) ? 'VI_INVALID' : null;
  // VI3: an identifier the rule refuses keeps the step from going on (it is not saved, so it would be lost).
  const viInvalid = v.noPlate && viError !== null;
  useEffect(() => onViInvalid(party, viInvalid), [onViInvalid, party, viInvalid]);
  const save = useInstruction();
  const flush = useAutosave({ make, model, insurer, policy, vi }, (x) =>
    void save.run('set-vehicle-data', {
      party,
      // VI3: an identifier the rule refuses is not sent (its error shows under the field).
      vehicle: { make: x.make.trim(), model: x.model.trim(), insurerNameEntered: x.insurer.trim(), policyNo: x.policy.trim(), ...(x.vi.trim() === '' || isVehicleId(x.vi) ? { vi: x.vi.trim() } : {}) },
    }),
  );
  if (fromRegistry) {
    return (
      <p className="muted">
        {t`Vehicle ${v.plate}: ${v.make} ${v.model}, insured by ${v.insurerName}.`}
      </p>
    );
  }
  // IN4: registered, without a policy: its data is the register's; who insures it is asked at the signatures.
  if (registryFoundNoPolicy(v)) {
    return (
      <p className="muted">
        {t`Vehicle ${v.plate}: ${v.make} ${v.model}. The register has no valid policy for it.`}
      </p>
    );
  }
  return (
    <fieldset>
      <legend>
        <Trans>Vehicle</Trans>
      </legend>
      <p className="muted">
        <Trans>The register has no data of this vehicle: enter what is in its documents.</Trans>
      </p>
      <TextField id={`make-${party}`} label={t`Make`} value={make} onChange={setMake} onBlur={flush} maxLength={TEXT_LIMITS.short} />
      <TextField id={`model-${party}`} label={t`Model`} value={model} onChange={setModel} onBlur={flush} maxLength={TEXT_LIMITS.short} />
      <TextField id={`insurer-${party}`} label={t`Insurer`} value={insurer} onChange={setInsurer} onBlur={flush} maxLength={TEXT_LIMITS.short} />
      <TextField id={`policy-${party}`} label={t`Policy number`} value={policy} onChange={setPolicy} onBlur={flush} maxLength={TEXT_LIMITS.short} />
      {v.noPlate ? (
        <TextField
          id={`vi-${party}`}
          label={t`Virtual identifier (if the vehicle has one)`}
          hint={t`From the vehicle's documents, for example X1111A.`}
          value={vi}
          onChange={(x) => setVi(x.toUpperCase())}
          onBlur={flush}
          error={viError}
          maxLength={12}
          autoCapitalize="characters"
        />
      ) : null}
      <ErrorText code={save.error} />
    </fieldset>
  );
}

function DriverForm({ party, both, today, onViInvalid }: { party: Party; both: boolean; today: string; onViInvalid: (party: Party, invalid: boolean) => void }) {
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const current = d.parties[party].driver;
  const session = useSession();
  const prefill = usePrefill(party);
  // AC13: a signed-in driver's empty fields start from the account (and are saved like typed ones).
  const [start] = useState(() =>
    fillEmptyDriverFields({ name: current.name, surname: current.surname, code: current.code, dob: current.dob, address: current.address }, prefill),
  );
  const [form, setFormState] = useState<Form>({ ...start.value, country: current.country });
  const [prefilled, setPrefilled] = useState<ReadonlyArray<keyof Form>>(start.filled);
  const setForm = (next: Form) => {
    setPrefilled((fields) => fields.filter((k) => next[k] === form[k]));
    setFormState(next);
  };
  /** declaration-flow §4: in practice mode a prefilled text shows italic until changed. */
  const italic = (k: keyof Form) => session.mode === 'practice' && (prefilled as ReadonlyArray<keyof Form>).includes(k);
  const lithuanian = isLithuanianDriver(form.country);
  const countryNames = useRegionNames();
  const save = useInstruction();
  const errors = driverFormErrors(form, today);
  const flush = useAutosave(form, (f) => {
    const latest = d.parties[party].driver;
    void save.run('set-driver-data', {
      party,
      driver: {
        surname: f.surname.trim(),
        name: f.name.trim(),
        dob: f.dob,
        country: f.country,
        address: !f.address ? null : isLithuanianDriver(f.country) ? { value: f.address.value, aob: f.address.aob, pat: f.address.pat, needPat: f.address.needPat } : freeAddress(f.address.value),
        tel: latest.tel,
        email: latest.email,
        informMethod: latest.informMethod,
        code: f.code.trim(),
      },
    });
  }, 700, start.filled.length === 0);
  const setCode = (code: string) => {
    const clean = normaliseLicence(code).slice(0, CODE_MASK_LENGTH);
    // A valid personal code says the birth date: fill it in.
    const info = isLithuanianDriver(form.country) ? parsePersonalCode(clean) : null;
    setForm({ ...form, code: clean, dob: info ? info.birthDate : form.dob });
  };
  const id = `driver-${party}`;
  return (
    <section className="driver-form" aria-label={both ? t`Driver ${party}` : undefined}>
      {both ? <h2>{t`Driver ${party}`}</h2> : null}
      <TextField id={`${id}-name`} label={t`Name`} value={form.name} onChange={(name) => setForm({ ...form, name })} onBlur={flush} error={errors.name} showError={hinted} prefilled={italic('name')} autoComplete="given-name" maxLength={TEXT_LIMITS.name} required />
      <TextField id={`${id}-surname`} label={t`Surname`} value={form.surname} onChange={(surname) => setForm({ ...form, surname })} onBlur={flush} error={errors.surname} showError={hinted} prefilled={italic('surname')} autoComplete="family-name" maxLength={TEXT_LIMITS.name} required />
      <SelectField
        id={`${id}-country`}
        label={t`Country of your driving licence`}
        value={form.country}
        onChange={(country) => setForm({ ...form, country, address: null })}
        options={COUNTRIES.map((c) => ({ value: c, label: countryNames?.of(c) ?? c }))}
        hint={lithuanian ? t`Lithuania: your personal code and an address from the register.` : t`From abroad: the licence number of that country and your address as you write it.`}
      />
      <TextField
        id={`${id}-code`}
        label={lithuanian ? t`Personal code or driving licence number` : t`Driving licence number`}
        value={form.code}
        onChange={setCode}
        onBlur={flush}
        prefilled={italic('code')}
        error={errors.code}
        showError={hinted}
        inputMode="text"
        autoComplete="off"
        maxLength={CODE_MASK_LENGTH}
        hint={
          lithuanian
            ? t`11-digit Lithuanian personal code, or the 8-character driving licence number. Its last 6 characters will open the declaration.`
            : t`As on your licence, letters and digits. Its last 6 characters will open the declaration.`
        }
        required
      />
      <TextField id={`${id}-dob`} label={t`Date of birth`} type="date" value={form.dob} onChange={(dob) => setForm({ ...form, dob })} onBlur={flush} error={errors.dob} showError={hinted} prefilled={italic('dob')} min={BIRTH_DATE_MIN} max={today} required />
      {lithuanian ? (
        <AddressField
          id={`${id}-address`}
          label={t`Home address`}
          value={form.address as AddressValue | null}
          onPick={(a) => setForm({ ...form, address: { value: a.value, aob: a.aob, pat: a.pat, needPat: a.needPat } })}
          showError={hinted}
          required
        />
      ) : (
        <TextField
          id={`${id}-address`}
          label={t`Home address`}
          value={form.address?.value ?? ''}
          onChange={(value) => setForm({ ...form, address: value.trim() === '' ? null : { ...freeAddress(value), value } })}
          onBlur={flush}
          error={errors.address}
          showError={hinted}
          autoComplete="street-address"
          maxLength={TEXT_LIMITS.address}
          hint={t`Street and house, town, postcode, as you would write it on a letter.`}
          required
        />
      )}
      <VehicleDetails party={party} onViInvalid={onViInvalid} />
      <ErrorText code={save.error} />
    </section>
  );
}

/** Step 11: each driver's personal data (personal code or licence, birth date matching it, address). */
export function DriverStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const [today] = useState(() => formatDate(Date.now()));
  const [viInvalid, setViInvalid] = useState<Readonly<Record<Party, boolean>>>({ A: false, B: false });
  const onViInvalid = useCallback((p: Party, invalid: boolean) => setViInvalid((x) => (x[p] === invalid ? x : { ...x, [p]: invalid })), []);
  const done = (p: Party) => driverDone(d, p, today) && !viInvalid[p];
  useStepValidity(step, parties.every(done), { validA: done('A'), validB: done('B') });
  return (
    <section className="step step-driver">
      <p className="step-lead">
        <Trans>Your personal data as in your documents.</Trans>
      </p>
      {parties.map((p) => (
        <DriverForm key={p} party={p} both={parties.length > 1} today={today} onViInvalid={onViInvalid} />
      ))}
    </section>
  );
}
