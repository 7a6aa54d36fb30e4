/**
 * Step 13: who insures each vehicle (declaration-flow §3 responsible insurer, chosen once): the
 * registry's insurer confirmed or another of the registry's chosen (IN1), or — SPEC IN2–IN4 — a
 * vehicle insured abroad, given by its green card (a foreign plate's country first), or one not
 * insured (what follows when the registry has no policy for it). The same rules as the hub's decide
 * what may be sent; the bureau receives the declaration of either special case.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  TEXT_LIMITS,
  accidentDay,
  greenCardFormErrors,
  insuranceKind,
  insurerHolds,
  insurerRole,
  registeredAbroad,
  registryFoundNoPolicy,
  type GreenCardForm,
  type InsurerRecord,
  type Party,
  type ResponsibleInsurer,
} from '@eid/domain';
import { ErrorText, SelectField, TextField } from '../fields/fields';
import { useRegionNames } from '../fields/use-region-names';
import { useConnectedDeclaration, useSession } from '../session/session-context';
import { useInstruction } from '../wizard/step-hooks';

type Pending = { readonly kind: 'registry'; readonly insurer: ResponsibleInsurer } | { readonly kind: 'none' };

export function InsurerChoice({ party, both }: { party: Party; both: boolean }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const chosen = d.parties[party].responsibleInsurer;
  const vehicle = d.parties[party].vehicle;
  const [proposed, setProposed] = useState<ResponsibleInsurer | null>(null);
  const [all, setAll] = useState<readonly InsurerRecord[]>([]);
  const [other, setOther] = useState<string>('');
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const save = useInstruction();
  const dialog = useRef<HTMLDialogElement>(null);

  // The register's lists: read again on "Try again", and when the vehicle or the choice changes.
  const [attempt, setAttempt] = useState(0);
  const [listed, setListed] = useState<'loading' | 'ok' | 'failed'>('loading');
  useEffect(() => {
    void session.hub.call('proposed-insurers').then((a) => a.ok && setProposed(a.r[party === 'A' ? 0 : 1] ?? null));
    void session.hub.call('list-insurers').then(
      (a) => {
        if (a.ok) setAll(a.r);
        setListed(a.ok ? 'ok' : 'failed');
      },
      () => setListed('failed'),
    );
  }, [session, party, attempt, vehicle.plate, vehicle.country, chosen.special]);
  // Asked when the screen opened: once chosen, the focus goes to what was chosen (not lost with the removed buttons).
  const [askedAtFirst] = useState(() => !insurerHolds(d.parties[party], accidentDay(d, null)));
  useEffect(() => {
    const el = dialog.current;
    if (confirming && el && !el.open) el.showModal?.();
    if (!confirming && el?.open) el.close();
  }, [confirming]);

  // A choice that no longer holds for the vehicle (IN2) is asked for again.
  if (insurerHolds(d.parties[party], accidentDay(d, null))) return <ChosenInsurer party={party} both={both} chosen={chosen} focus={askedAtFirst} />;

  const choose = (insurer: ResponsibleInsurer) => void save.run('responsible-insurer', { party, drkId: insurer.drkId });
  const picked = all.find((i) => String(i.id) === other);
  const abroad = registeredAbroad(vehicle);
  const noPolicy = registryFoundNoPolicy(vehicle);
  const hasProposal = proposed !== null && proposed.drkId !== -1;
  const pendingName = confirming?.kind === 'registry' ? confirming.insurer.name : '';
  return (
    <fieldset className="insurer">
      <legend>{both ? t`Responsible insurer of vehicle ${party}` : t`Your vehicle's insurer`}</legend>
      {hasProposal ? (
        <p>
          <Trans>The register says the vehicle is insured by {proposed.name}.</Trans>{' '}
          <button type="button" className="button button--small" onClick={() => choose(proposed)}>
            {t`Confirm ${proposed.name}`}
          </button>
        </p>
      ) : noPolicy ? (
        <p>
          <Trans>The register has no valid policy for this vehicle.</Trans>{' '}
          <button type="button" className="button button--small" onClick={() => setConfirming({ kind: 'none' })}>
            {t`Confirm: not insured`}
          </button>
        </p>
      ) : abroad ? (
        <p className="muted">
          <Trans>The vehicle is registered abroad: give what its green card (or insurance policy) says.</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>The register does not know the insurer of this vehicle: choose it.</Trans>
        </p>
      )}
      {abroad ? <GreenCardFields party={party} country={vehicle.country} day={accidentDay(d, null)} /> : null}
      <div className="field">
        <label htmlFor={`insurer-${party}`}>{abroad ? t`Or an insurer of Lithuania` : t`Another insurer`}</label>
        <div className="field-input">
          <select id={`insurer-${party}`} value={other} onChange={(e) => setOther(e.currentTarget.value)}>
            <option value="">{t`— choose —`}</option>
            {all.map((i) => (
              <option key={i.id} value={String(i.id)}>
                {i.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={!picked}
        onClick={() => picked && setConfirming({ kind: 'registry', insurer: { drkId: picked.id, name: picked.name, www: picked.www, damageWww: picked.damageWww } })}
      >
        {t`Choose this insurer`}
      </button>
      {listed === 'failed' ? (
        <div role="alert">
          <ErrorText code="INSURANCE_STATUS_UNRESOLVED" />
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t`Try again`}
          </button>
        </div>
      ) : null}
      {/* Not offered while the register's list could not be read: it would be the only way on, and a wrong one. */}
      {hasProposal || noPolicy || listed !== 'ok' ? null : (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setConfirming({ kind: 'none' })}>
            {t`The vehicle is not insured`}
          </button>
        </p>
      )}
      <ErrorText code={save.error} />
      <dialog ref={dialog} className="dialog" aria-labelledby={`insurer-change-${party}`} onCancel={() => setConfirming(null)}>
        <h2 id={`insurer-change-${party}`}>{confirming?.kind === 'none' ? t`The vehicle is not insured?` : t`Change the insurer?`}</h2>
        <p>
          {confirming?.kind === 'none'
            ? t`The declaration will go to the bureau, which handles the claims of uninsured vehicles. This cannot be changed once chosen.`
            : hasProposal
              ? t`The register names ${proposed.name}. You chose ${pendingName}. The insurer cannot be changed once chosen.`
              : t`You chose ${pendingName}. The insurer cannot be changed once chosen.`}
        </p>
        <div className="dialog-buttons">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (confirming?.kind === 'registry') choose(confirming.insurer);
              if (confirming?.kind === 'none') void save.run('not-insured', { party });
              setConfirming(null);
            }}
          >
            {confirming?.kind === 'none' ? t`Yes, not insured` : t`Choose it`}
          </button>
        </div>
      </dialog>
    </fieldset>
  );
}

/** IN3: the green card as the driver reads it; checked by the hub's own rule before it is sent. */
function GreenCardFields({ party, country, day }: { party: Party; country: string; day: string | null }) {
  const { t } = useLingui();
  const names = useRegionNames();
  const save = useInstruction();
  const [form, setForm] = useState<GreenCardForm>({ country, insurerName: '', number: '', validUntil: '' });
  const [tried, setTried] = useState(false);
  const errors = greenCardFormErrors(form, { country }, day);
  const set = (patch: Partial<GreenCardForm>) => setForm((f) => ({ ...f, ...patch }));
  const id = (name: string) => `green-card-${party}-${name}`;
  const send = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    void save.run('insured-abroad', { party, greenCard: { ...form, insurerName: form.insurerName.trim(), number: form.number.trim() } });
  };
  return (
    <div className="green-card" role="group" aria-labelledby={id('title')}>
      <h3 id={id('title')}>{t`Insured abroad (green card)`}</h3>
      <SelectField
        id={id('country')}
        label={t`Insurer's country`}
        value={form.country}
        onChange={(c) => set({ country: c })}
        options={COUNTRIES.filter((c) => c !== DEFAULT_COUNTRY).map((c) => ({ value: c, label: names?.of(c) ?? c }))}
        error={errors.country ?? null}
        showError={tried}
      />
      <TextField id={id('insurer')} label={t`Insurer's name`} value={form.insurerName} onChange={(v) => set({ insurerName: v })} error={errors.insurerName ?? null} showError={tried} maxLength={TEXT_LIMITS.short} />
      <TextField id={id('number')} label={t`Green card or policy number`} value={form.number} onChange={(v) => set({ number: v })} error={errors.number ?? null} showError={tried} maxLength={TEXT_LIMITS.short} />
      <TextField id={id('until')} type="date" label={t`Valid until`} value={form.validUntil} onChange={(v) => set({ validUntil: v })} error={errors.validUntil ?? null} showError={tried} />
      <button type="button" className="button button--secondary" onClick={send} disabled={save.busy}>
        {t`Save the insurer from abroad`}
      </button>
      <ErrorText code={save.error} />
    </div>
  );
}

/** GL5: whose insurer it is and, once guilt is agreed, what it means for this driver, in plain words. */
function ChosenInsurer({ party, both, chosen, focus }: { party: Party; both: boolean; chosen: ResponsibleInsurer; focus: boolean }) {
  const shown = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) shown.current?.focus();
  }, [focus]);
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const names = useRegionNames();
  const kind = insuranceKind(chosen);
  const role = insurerRole(d.guilt, party);
  const card = chosen.greenCard;
  let whose: ReactNode;
  if (kind === 'ABROAD' && card) {
    const country = names?.of(card.country) ?? card.country;
    whose = both
      ? t`The insurer of vehicle ${party}: ${chosen.name} (${country}), green card ${card.number}, valid until ${card.validUntil}.`
      : t`Your vehicle's insurer: ${chosen.name} (${country}), green card ${card.number}, valid until ${card.validUntil}.`;
  } else if (kind === 'NONE') {
    whose = both ? t`Vehicle ${party} is not insured.` : t`Your vehicle is not insured.`;
  } else {
    whose = both ? t`The insurer of vehicle ${party}: ${chosen.name}.` : t`Your vehicle's insurer: ${chosen.name}.`;
  }
  const viaBureau = kind === 'ABROAD' || kind === 'NONE';
  const meaning =
    role === 'AT_FAULT'
      ? viaBureau
        ? both
          ? t`Driver ${party} is at fault: the bureau handles the other driver's claim and receives this declaration.`
          : t`You are at fault: the bureau handles the other driver's claim and receives this declaration.`
        : both
          ? t`Driver ${party} is at fault, so this insurer pays the other driver's damage.`
          : t`You are at fault, so your insurer pays the other driver's damage.`
      : role === 'VICTIM'
        ? both
          ? t`Driver ${party} is not at fault: their damage is paid by the insurer of the driver at fault.`
          : t`You are not at fault: your damage is paid by the insurer of the driver at fault, not by yours.`
        : role === 'BOTH'
          ? t`Both drivers are at fault: each insurer pays the other driver's damage.`
          : null;
  return (
    <p className="confirmed" ref={shown} tabIndex={-1}>
      {whose}
      {meaning ? (
        <>
          <br />
          {meaning}
        </>
      ) : null}
    </p>
  );
}
