/**
 * Settings D (AC12): the person's own data, which a declaration starts from (AC13). Judged by
 * the declaration's rules before it is sent; the server judges it again. The name, surname and
 * birth date that a verified personal code vouches for are shown, not edited.
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BIRTH_DATE_MIN, TEXT_LIMITS, formatDate, lockedPersonFields, normalisePerson, personErrors, type AccountView, type PersonField } from '@eid/domain';
import { signedIn } from '../shell/account-session';
import { api } from '../shell/api';
import { notify } from '../shell/snackbar';
import { AddressField, type AddressValue } from '../decla/fields/address-field';
import { FormField, Refusal, useSend } from './form-field';

type Texts = Record<Exclude<PersonField, 'address'>, string>;

export function PersonSection({ account }: { account: AccountView }) {
  const { t } = useLingui();
  const p = account.person;
  const [texts, setTexts] = useState<Texts>({
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    birthDate: p.birthDate ?? '',
    phone: p.phone ?? '',
    licence: p.licence ?? '',
  });
  const [address, setAddress] = useState<AddressValue | null>(p.address);
  const [tried, setTried] = useState(false);
  const [today] = useState(() => formatDate(Date.now()));
  const { busy, refusal, send } = useSend();
  const locked = lockedPersonFields(account.personalCode);
  const person = normalisePerson({ ...texts, address: address ? { value: address.value, aob: address.aob, pat: address.pat ?? null, needPat: address.needPat ?? false } : null });
  const errors = personErrors(person, today);
  const serverError = (f: PersonField) => (refusal?.path === f ? refusal.code : null);
  const field = (f: Exclude<PersonField, 'address'>, label: string, type: 'text' | 'tel' | 'date', autoComplete: string, extra: { hint?: string; maxLength?: number } = {}) => (
    <FormField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={texts[f]}
      onChange={(v) => setTexts({ ...texts, [f]: v })}
      error={errors[f] ?? serverError(f)}
      showError={tried || serverError(f) !== null}
      readOnly={locked.includes(f)}
      {...(type === 'date' ? { min: BIRTH_DATE_MIN, max: today } : {})}
      {...extra}
    />
  );
  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) return;
    void send(async () => {
      signedIn(await api.call('savePerson', { body: person }));
      notify('success', t`Your data is saved. New declarations start from it.`);
    });
  };
  return (
    <section aria-labelledby="person-title">
      <h2 id="person-title">{t`Personal data`}</h2>
      <p>
        <Trans>A declaration you start while signed in is filled in with this data; you can change it there.</Trans>
      </p>
      {locked.length > 0 ? (
        <p className="muted">
          <Trans>The name, surname and date of birth come from Smart-ID or Mobile-ID and cannot be changed here.</Trans>
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {field('firstName', t`Name`, 'text', 'given-name', { maxLength: TEXT_LIMITS.name })}
        {field('lastName', t`Surname`, 'text', 'family-name', { maxLength: TEXT_LIMITS.name })}
        {field('birthDate', t`Date of birth`, 'date', 'bday')}
        {field('phone', t`Mobile phone`, 'tel', 'tel', { hint: t`With the country code, e.g. +370 612 34567.`, maxLength: 32 })}
        <AddressField id="person-address" label={t`Home address`} value={address} onPick={setAddress} showError={tried} />
        {field('licence', t`Driving licence number`, 'text', 'off', { hint: t`8 characters, as in the licence.`, maxLength: 8 })}
        <Refusal refusal={refusal?.path !== undefined && refusal.path in texts ? null : refusal} />
        <button type="submit" className="button" disabled={busy}>
          {t`Save`}
        </button>
      </form>
    </section>
  );
}
