import { rememberPermissionRequest } from '../../shell/permissions';
import { useSelector } from '@xstate/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CancelJoin, SeatWaitNotice } from './seat-wait-notice';
import { useRegionNames } from '../fields/use-region-names';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  PLATE_MAX_LENGTH,
  POSITION_ACCURACY_MAX_M,
  STORAGE_KEYS,
  normalisePlate,
  plateEntryErrors,
  platePairErrors,
  registryFoundNoPolicy,
  type KeyValuePort,
  type Locale,
  type Party,
  type Plates,
  type LocationError,
  type Position,
} from '@eid/domain';
import { CheckboxField, ErrorText, SelectField, TextField } from '../fields/fields';
import { useDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import type { StepProps } from '../wizard/step-footer';

/** Registration countries offered (ISO codes; names come from the browser in the UI language). */

interface Entry {
  country: string;
  plate: string;
  noPlate: boolean;
  vin: string;
  hasTrailer: boolean;
  trailerPlate: string;
}

const blank = (): Entry => ({ country: DEFAULT_COUNTRY, plate: '', noPlate: false, vin: '', hasTrailer: false, trailerPlate: '' });

interface Stored {
  own: Entry;
  other: Entry;
  oneDevice: boolean;
}

/** The plates entered so far, from the session's storage: the browser's for a live declaration, the page's in practice (kept nowhere). */
function loadStored(storage: KeyValuePort): Stored {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEYS.eidPlates) ?? 'null') as Partial<Stored> | null;
    if (raw && raw.own && raw.other) return { own: { ...blank(), ...raw.own }, other: { ...blank(), ...raw.other }, oneDevice: !!raw.oneDevice };
  } catch {
    // a damaged entry is ignored
  }
  return { own: blank(), other: blank(), oneDevice: false };
}

const toPlates = (e: Entry): Plates => ({
  country: e.country,
  plate: e.noPlate ? '' : normalisePlate(e.plate),
  vin: e.noPlate ? e.vin.trim().toUpperCase() : '',
  trailerPlate: e.hasTrailer ? normalisePlate(e.trailerPlate) : '',
  hasTrailer: e.hasTrailer,
  noPlate: e.noPlate,
});


type GeoResult = { position: Position | null; state: 'locating' | 'found' | 'unavailable'; error: LocationError | null };

const GEO_CODES: Readonly<Record<number, LocationError['errCode']>> = { 1: 'DENIED', 2: 'UNAVAILABLE', 3: 'TIMEOUT' };

/**
 * The GPS position for the connect (and the accident place); null when not available, with why
 * (declaration-flow §3: errCode, errMessage), which the declaration keeps.
 */
function useGeoPosition(): GeoResult {
  const [result, setResult] = useState<GeoResult>(() =>
    'geolocation' in navigator
      ? { position: null, state: 'locating', error: null }
      : { position: null, state: 'unavailable', error: { errCode: 'UNSUPPORTED', errMessage: 'This browser has no geolocation.' } },
  );
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    // The permission request is remembered in its cookie (declaration-flow §6).
    rememberPermissionRequest('location');
    let done = false;
    navigator.geolocation.getCurrentPosition(
      (p) => {
        done = true;
        // A "position" known to within more than 100 km (a laptop placed by its network) is none (FU13).
        const accuracy = p.coords.accuracy ?? null;
        if (accuracy !== null && accuracy > POSITION_ACCURACY_MAX_M) {
          setResult({ position: null, state: 'unavailable', error: { errCode: 'INACCURATE', errMessage: `Accuracy ${Math.round(accuracy)} m.`.slice(0, 200) } });
        } else setResult({ position: { latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy }, state: 'found', error: null });
      },
      (e) => {
        done = true;
        setResult({ position: null, state: 'unavailable', error: { errCode: GEO_CODES[e.code] ?? 'UNAVAILABLE', errMessage: (e.message || '').slice(0, 200) } });
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
    const timer = setTimeout(() => !done && setResult({ position: null, state: 'unavailable', error: { errCode: 'TIMEOUT', errMessage: 'No answer in 12 s.' } }), 12_000);
    return () => clearTimeout(timer);
  }, []);
  return result;
}

function VehicleFields({ entry, onChange, which, showErrors, conflict }: { entry: Entry; onChange: (e: Entry) => void; which: 'own' | 'other'; showErrors: boolean; conflict: boolean }) {
  const { t } = useLingui();
  const names = useRegionNames();
  const errors = plateEntryErrors(entry);
  const prefix = which === 'own' ? 'own' : 'other';
  return (
    <fieldset className="vehicle-entry">
      <legend>{which === 'own' ? t`Your vehicle` : t`The other vehicle`}</legend>
      <SelectField
        id={`${prefix}-country`}
        label={t`Registration country`}
        value={entry.country}
        onChange={(country) => onChange({ ...entry, country })}
        options={COUNTRIES.map((c) => ({ value: c, label: names?.of(c) ?? c }))}
      />
      {entry.noPlate ? (
        <TextField
          id={`${prefix}-vin`}
          label={t`VIN (vehicle identification number)`}
          value={entry.vin}
          onChange={(vin) => onChange({ ...entry, vin: vin.toUpperCase() })}
          error={errors.vin}
          showError={showErrors}
          conflict={conflict}
          maxLength={20}
          autoCapitalize="characters"
          required
        />
      ) : (
        <TextField
          id={`${prefix}-plate`}
          label={t`Plate number`}
          value={entry.plate}
          // Normalised as typed: letters and digits only, upper case, at most 12 (declaration-flow §5).
          onChange={(plate) => onChange({ ...entry, plate: normalisePlate(plate).slice(0, PLATE_MAX_LENGTH) })}
          error={errors.plate}
          showError={showErrors}
          conflict={conflict}
          maxLength={PLATE_MAX_LENGTH}
          autoCapitalize="characters"
          autoComplete="off"
          required
        />
      )}
      <CheckboxField id={`${prefix}-noplate`} checked={entry.noPlate} onChange={(noPlate) => onChange({ ...entry, noPlate })} label={t`The vehicle has no plate`} />
      <CheckboxField id={`${prefix}-trailer`} checked={entry.hasTrailer} onChange={(hasTrailer) => onChange({ ...entry, hasTrailer })} label={t`With a trailer`} />
      {entry.hasTrailer ? (
        <TextField
          id={`${prefix}-trailer-plate`}
          label={t`Trailer plate number`}
          value={entry.trailerPlate}
          onChange={(p) => onChange({ ...entry, trailerPlate: normalisePlate(p).slice(0, PLATE_MAX_LENGTH) })}
          error={errors.trailer}
          showError={showErrors}
          conflict={conflict}
          maxLength={PLATE_MAX_LENGTH}
          autoCapitalize="characters"
          required
        />
      ) : null}
    </fieldset>
  );
}

/** After connecting: the vehicles as the registry knows them. */
function ConnectedVehicles() {
  const d = useDeclaration();
  const parties = useParties();
  const { t } = useLingui();
  if (!d) return null;
  return (
    <div className="vehicle-summary">
      {(['A', 'B'] as const).map((p: Party) => {
        const v = d.parties[p].vehicle;
        const trailer = d.parties[p].trailer;
        return (
          <section key={p} className="summary-card" aria-label={t`Vehicle ${p}`}>
            <h2>
              {t`Vehicle ${p}`} {parties.includes(p) ? <span className="badge">{t`yours`}</span> : null}
            </h2>
            <dl>
              <dt>{t`Plate number`}</dt>
              <dd>{v.noPlate ? t`no plate` : v.plate}</dd>
              <dt>{t`Make and model`}</dt>
              <dd>{`${v.make} ${v.model}`.trim() || '—'}</dd>
              <dt>{t`Insurer`}</dt>
              {/* IN4: registered, with no valid policy in the register: said now, and asked again at the signatures. */}
              <dd>{v.insurerName || (registryFoundNoPolicy(v) ? t`No valid policy in the register: who insures it is asked before signing.` : '—')}</dd>
              {trailer ? (
                <>
                  <dt>{t`Trailer`}</dt>
                  <dd>{`${trailer.plate} ${trailer.make}`.trim()}</dd>
                </>
              ) : null}
            </dl>
          </section>
        );
      })}
    </div>
  );
}

/** Step 4: the plates of both vehicles; next connects the two drivers by them. */
export function PlatesStep({ step }: StepProps) {
  const session = useSession();
  const { t, i18n } = useLingui();
  const hinted = useHinted();
  const [form, setForm] = useState<Stored>(() => loadStored(session.storage));
  const geo = useGeoPosition();
  const practice = session.mode === 'practice';
  const oneDevice = practice || form.oneDevice;
  const connected = session.connected;
  const admission = useSelector(session.connection, (s) => s.context.admission);
  const seatWaitUntil = useSyncExternalStore(session.seatWait.subscribe, session.seatWait.until);

  const pairErrors = platePairErrors(toPlates(form.own), toPlates(form.other));
  const ownErrors = plateEntryErrors(form.own);
  const otherErrors = plateEntryErrors(form.other);
  const valid =
    connected ||
    (pairErrors.length === 0 && Object.values(ownErrors).every((e) => e === null) && Object.values(otherErrors).every((e) => e === null));
  useStepValidity(step, valid);

  // The connect's proof of work is solved while the driver types the plates (JN5).
  useEffect(() => {
    if (!practice && !connected) session.captcha.prefetch('connect');
  }, [session, practice, connected]);

  useEffect(() => {
    session.storage.setItem(STORAGE_KEYS.eidPlates, JSON.stringify(form));
    session.setConnectRequest({
      mode: session.mode,
      plates: { A: toPlates(form.own), B: toPlates(form.other) },
      location: geo.position,
      locationError: geo.error,
      fillLang: i18n.locale as Locale,
      oneDevice,
    });
  }, [session, form, geo.position, geo.error, i18n.locale, oneDevice]);

  if (seatWaitUntil !== null) return <SeatWaitNotice until={seatWaitUntil} onCancel={() => session.cancelJoin()} />;

  if (admission) {
    return (
      <section className="step step-plates">
        <h2>
          <Trans>Waiting to be let in</Trans>
        </h2>
        <div className="admission" role="status" aria-live="polite">
          <p>
            <Trans>The other driver is asked to let you join. Show them this code; they confirm it on their phone:</Trans>
          </p>
          <p className="join-code" aria-label={t`Code ${admission.code.split('').join(' ')}`}>
            {admission.code}
          </p>
          <p>
            <span className="spinner" aria-hidden="true" /> <Trans>Waiting for the other driver…</Trans>
          </p>
        </div>
        <CancelJoin onCancel={() => session.cancelJoin()} />
      </section>
    );
  }

  if (connected) {
    return (
      <section className="step step-plates">
        <ConnectedVehicles />
      </section>
    );
  }

  return (
    <section className="step step-plates">
      <p className="step-lead">
        <Trans>Enter both plates. The other driver enters the same two plates on their phone, their own first: that joins you.</Trans>
      </p>
      <VehicleFields which="own" entry={form.own} onChange={(own) => setForm({ ...form, own })} showErrors={hinted} conflict={pairErrors.length > 0} />
      <VehicleFields which="other" entry={form.other} onChange={(other) => setForm({ ...form, other })} showErrors={hinted} conflict={pairErrors.length > 0} />
      {pairErrors.map((code) => (
        <div key={code} className="step-error" tabIndex={-1}>
          <ErrorText code={code} />
        </div>
      ))}
      <CheckboxField
        id="one-device"
        checked={oneDevice}
        disabled={practice}
        onChange={(v) => setForm({ ...form, oneDevice: v })}
        label={t`I fill in the declaration for both drivers on this device`}
        hint={practice ? t`In practice mode you fill in both parts.` : t`The other driver then reviews and signs on this screen.`}
      />
      <p className="geo-status" role="status">
        {geo.state === 'locating' ? t`Finding your location…` : geo.state === 'found' ? t`Location found.` : t`Location not available: you will enter the address.`}
      </p>
    </section>
  );
}
