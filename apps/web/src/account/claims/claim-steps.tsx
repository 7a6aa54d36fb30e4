/**
 * The claim wizard's steps (SPEC UE6): the accident and the police, the victim and their
 * representative, the culprit and their vehicle and insurer, the damage and the witnesses, and the
 * payment. Each step writes its part of the form; the rules that mark its fields are the domain's.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { bankByCode, ibanBankCode, INSURER_ID_DEFAULT, VICTIM_KINDS, type ClaimData, type ClaimErrors, type Locale } from '@eid/domain';
import { ClaimArea, ClaimCheck, ClaimSelect, ClaimText } from './claim-fields';
import { countryOptions, schemeUrl, type ClaimLists } from './claim-api';

export interface StepProps {
  readonly claimId: string;
  readonly data: ClaimData;
  readonly set: (change: (d: ClaimData) => ClaimData) => void;
  readonly errors: ClaimErrors;
  readonly show: boolean;
  readonly lists: ClaimLists | null;
  readonly lang: Locale;
}

type Section = 'victim' | 'representative' | 'culprit' | 'location' | 'damage' | 'police' | 'competence' | 'payment' | 'scheme';
const patch = <S extends Section>(p: StepProps, section: S, value: Partial<ClaimData[S]>) => p.set((d) => ({ ...d, [section]: { ...d[section], ...value } }));

export function AccidentStep(p: StepProps) {
  const { t } = useLingui();
  const { location: l, police } = p.data;
  return (
    <fieldset>
      {/* The step's heading says it already: named for screen readers, not shown twice. */}
      <legend className="visually-hidden">{t`The accident`}</legend>
      <ClaimSelect label={t`Country of the accident`} required value={l.country} options={countryOptions(p.lang, true).map((c) => ({ value: c.code, label: c.name }))} onChange={(country) => patch(p, 'location', { country })} error={p.errors['location.country']} show={p.show} />
      <ClaimText label={t`Date`} type="date" required value={l.date} onChange={(date) => patch(p, 'location', { date })} error={p.errors['location.date']} show={p.show} />
      <ClaimText label={t`Time`} type="time" value={l.time} onChange={(time) => patch(p, 'location', { time })} show={p.show} />
      <ClaimText label={t`Place (street and house number, town)`} required maxLength={300} value={l.address} onChange={(address) => patch(p, 'location', { address })} error={p.errors['location.address']} show={p.show} />
      <ClaimCheck label={t`The police were informed`} checked={police.informed} onChange={(informed) => patch(p, 'police', { informed })} />
      {police.informed ? <ClaimArea label={t`Which police office, and the case number if you have it`} required value={police.comment} onChange={(comment) => patch(p, 'police', { comment })} error={p.errors['police.comment']} show={p.show} /> : null}
    </fieldset>
  );
}

export function VictimStep(p: StepProps) {
  const { t } = useLingui();
  const v = p.data.victim;
  const r = p.data.representative;
  const e = (k: string) => p.errors[k];
  return (
    <>
      <fieldset>
        <legend>{t`You, the victim`}</legend>
        <ClaimSelect label={t`The claim is made by`} value={v.kind} options={VICTIM_KINDS.map((k) => ({ value: k, label: k === 'PERSON' ? t`A person` : t`A company` }))} onChange={(kind) => patch(p, 'victim', { kind })} show={p.show} />
        {v.kind === 'PERSON' ? (
          <>
            <ClaimText label={t`First name`} required autoComplete="given-name" value={v.firstName} onChange={(firstName) => patch(p, 'victim', { firstName })} error={e('victim.firstName')} show={p.show} />
            <ClaimText label={t`Last name`} required autoComplete="family-name" value={v.lastName} onChange={(lastName) => patch(p, 'victim', { lastName })} error={e('victim.lastName')} show={p.show} />
            <ClaimText label={t`Personal code`} inputMode="numeric" maxLength={11} value={v.personalCode} onChange={(personalCode) => patch(p, 'victim', { personalCode })} error={e('victim.personalCode')} show={p.show} />
          </>
        ) : (
          <>
            <ClaimText label={t`Company name`} required autoComplete="organization" value={v.companyName} onChange={(companyName) => patch(p, 'victim', { companyName })} error={e('victim.companyName')} show={p.show} />
            <ClaimText label={t`Company code`} required inputMode="numeric" maxLength={9} value={v.companyCode} onChange={(companyCode) => patch(p, 'victim', { companyCode })} error={e('victim.companyCode')} show={p.show} />
          </>
        )}
        <ClaimText label={t`Phone`} type="tel" required autoComplete="tel" value={v.phone} onChange={(phone) => patch(p, 'victim', { phone })} error={e('victim.phone')} show={p.show} hint={t`With the country code, e.g. +370 612 34567`} />
        <ClaimText label={t`E-mail`} type="email" required autoComplete="email" maxLength={254} value={v.email} onChange={(email) => patch(p, 'victim', { email })} error={e('victim.email')} show={p.show} />
        <ClaimText label={t`Address`} required autoComplete="street-address" maxLength={300} value={v.address} onChange={(address) => patch(p, 'victim', { address })} error={e('victim.address')} show={p.show} />
      </fieldset>
      <fieldset>
        <legend>{t`Your representative`}</legend>
        <ClaimCheck label={t`Someone represents me in this claim`} checked={r.present} onChange={(present) => patch(p, 'representative', { present })} />
        {r.present ? (
          <>
            <p className="field-hint">
              <Trans>Add the authorization at the documents step.</Trans>
            </p>
            <ClaimText label={t`Representative's first name`} required value={r.firstName} onChange={(firstName) => patch(p, 'representative', { firstName })} error={e('representative.firstName')} show={p.show} />
            <ClaimText label={t`Representative's last name`} required value={r.lastName} onChange={(lastName) => patch(p, 'representative', { lastName })} error={e('representative.lastName')} show={p.show} />
            <ClaimText label={t`Representative's phone`} type="tel" required value={r.phone} onChange={(phone) => patch(p, 'representative', { phone })} error={e('representative.phone')} show={p.show} />
            <ClaimText label={t`Representative's e-mail`} type="email" maxLength={254} value={r.email} onChange={(email) => patch(p, 'representative', { email })} error={e('representative.email')} show={p.show} />
          </>
        ) : null}
      </fieldset>
    </>
  );
}

export function CulpritStep(p: StepProps) {
  const { t } = useLingui();
  const c = p.data.culprit;
  const k = p.data.competence;
  const e = (key: string) => p.errors[key];
  const lt = c.vehicleCountry === 'LT';
  return (
    <>
      <fieldset>
        <legend>{t`The driver at fault and the vehicle`}</legend>
        <ClaimText label={t`Plate number`} required value={c.plate} onChange={(plate) => patch(p, 'culprit', { plate: plate.toUpperCase() })} error={e('culprit.plate')} show={p.show} />
        <ClaimSelect label={t`Country of registration`} value={c.vehicleCountry} options={countryOptions(p.lang).map((o) => ({ value: o.code, label: o.name }))} onChange={(vehicleCountry) => patch(p, 'culprit', { vehicleCountry })} show={p.show} />
        <ClaimText label={t`Make`} list="claim-makes" value={c.make} onChange={(make) => patch(p, 'culprit', { make })} show={p.show} />
        <datalist id="claim-makes">{p.lists?.makes.map((m) => <option key={m} value={m} />)}</datalist>
        <ClaimText label={t`Model`} value={c.model} onChange={(model) => patch(p, 'culprit', { model })} show={p.show} />
        <ClaimText label={t`Driver's first name`} value={c.firstName} onChange={(firstName) => patch(p, 'culprit', { firstName })} error={e('culprit.firstName')} show={p.show} />
        <ClaimText label={t`Driver's last name`} value={c.lastName} onChange={(lastName) => patch(p, 'culprit', { lastName })} error={e('culprit.lastName')} show={p.show} />
        <ClaimText label={t`Driver's phone`} type="tel" value={c.phone} onChange={(phone) => patch(p, 'culprit', { phone })} error={e('culprit.phone')} show={p.show} />
        <ClaimText label={t`A phone number written on the vehicle`} type="tel" value={c.vehiclePhone} onChange={(vehiclePhone) => patch(p, 'culprit', { vehiclePhone })} error={e('culprit.vehiclePhone')} show={p.show} />
      </fieldset>
      <fieldset>
        <legend>{t`Its insurance`}</legend>
        <ClaimCheck label={t`The vehicle was insured`} checked={c.insured} onChange={(insured) => patch(p, 'culprit', { insured })} />
        {c.insured && lt ? (
          <ClaimSelect label={t`Insurer`} required placeholder={t`Choose the insurer`} value={c.insurerId} options={(p.lists?.insurers ?? []).map((i) => ({ value: i.id, label: i.name }))} onChange={(insurerId) => patch(p, 'culprit', { insurerId: insurerId > INSURER_ID_DEFAULT ? insurerId : INSURER_ID_DEFAULT })} error={e('culprit.insurerId')} show={p.show} />
        ) : null}
        {c.insured && !lt ? (
          <>
            <ClaimText label={t`Insurer`} required value={k.insurerName} onChange={(insurerName) => patch(p, 'competence', { insurerName })} error={e('competence.insurerName')} show={p.show} />
            <ClaimSelect label={t`Insurer's country`} placeholder={t`Choose the country`} value={k.insurerCountry} options={countryOptions(p.lang).map((o) => ({ value: o.code, label: o.name }))} onChange={(insurerCountry) => patch(p, 'competence', { insurerCountry })} show={p.show} />
            <ClaimText label={t`Its correspondent or claims representative in Lithuania, if any`} value={k.representativeName} onChange={(representativeName) => patch(p, 'competence', { representativeName })} show={p.show} />
          </>
        ) : null}
        {c.insured ? (
          <>
            <ClaimText label={t`Policy number`} value={c.policyNo} onChange={(policyNo) => patch(p, 'culprit', { policyNo })} show={p.show} />
            <ClaimText label={t`When you asked the insurer to pay, if you did`} type="date" value={k.inquiryDate} onChange={(inquiryDate) => patch(p, 'competence', { inquiryDate })} show={p.show} />
            <ClaimText label={t`The insurer's case number, if it gave one`} value={k.caseNo} onChange={(caseNo) => patch(p, 'competence', { caseNo })} show={p.show} />
          </>
        ) : null}
      </fieldset>
      {p.data.scheme.fromDeclaration ? (
        <figure className="claim-scheme">
          <img src={schemeUrl(p.claimId)} alt={t`The scheme of the accident from the declaration`} />
          <figcaption>{t`The scheme from your declaration is sent with the claim.`}</figcaption>
        </figure>
      ) : null}
    </>
  );
}

/** A phone's keyboard may offer only a dot: a sum is written with the comma (NUM2). */
const asSum = (typed: string) => typed.replace('.', ',');

export function DamageStep(p: StepProps) {
  const { t } = useLingui();
  const d = p.data.damage;
  const e = (key: string) => p.errors[key];
  const sumHint = t`In euros, with a comma before cents, e.g. 1200,50`;
  const witness = (i: number, value: Partial<ClaimData['witnesses'][number]>) => p.set((c) => ({ ...c, witnesses: c.witnesses.map((w, j) => (j === i ? { ...w, ...value } : w)) }));
  return (
    <>
      <fieldset>
        <legend>{t`Damage to your vehicle`}</legend>
        <ClaimArea label={t`What was damaged`} value={d.vehicleDescription} onChange={(vehicleDescription) => patch(p, 'damage', { vehicleDescription })} error={e('damage.vehicleDescription')} show={p.show} />
        <ClaimText label={t`Cost of the repair (EUR)`} inputMode="decimal" maxLength={20} hint={sumHint} value={d.vehicleRepair} onChange={(typed) => patch(p, 'damage', { vehicleRepair: asSum(typed) })} error={e('damage.vehicleRepair')} show={p.show} />
        <ClaimText label={t`Value of the vehicle before the accident (EUR)`} inputMode="decimal" maxLength={20} hint={sumHint} value={d.vehicleValue} onChange={(typed) => patch(p, 'damage', { vehicleValue: asSum(typed) })} error={e('damage.vehicleValue')} show={p.show} />
      </fieldset>
      <fieldset>
        <legend>{t`Injuries`}</legend>
        <ClaimCheck label={t`Someone was injured`} checked={d.personInjured} onChange={(personInjured) => patch(p, 'damage', { personInjured })} />
        {d.personInjured ? <ClaimArea label={t`Who was injured, and how`} required value={d.personDescription} onChange={(personDescription) => patch(p, 'damage', { personDescription })} error={e('damage.personDescription')} show={p.show} /> : null}
      </fieldset>
      <fieldset>
        <legend>{t`Other damage`}</legend>
        <ClaimArea label={t`Other things damaged (belongings, a fence…)`} value={d.otherDescription} onChange={(otherDescription) => patch(p, 'damage', { otherDescription })} show={p.show} />
        <ClaimText label={t`Their cost (EUR)`} inputMode="decimal" maxLength={20} hint={sumHint} value={d.otherSum} onChange={(typed) => patch(p, 'damage', { otherSum: asSum(typed) })} error={e('damage.otherSum')} show={p.show} />
      </fieldset>
      <fieldset>
        <legend>{t`Witnesses`}</legend>
        {p.data.witnesses.map((w, i) => (
          <div key={i} className="claim-witness">
            <ClaimText label={t`Witness ${i + 1}: first name`} value={w.name} onChange={(name) => witness(i, { name })} error={e(`witnesses.${i}.name`)} show={p.show} />
            <ClaimText label={t`Witness ${i + 1}: last name`} value={w.surname} onChange={(surname) => witness(i, { surname })} error={e(`witnesses.${i}.surname`)} show={p.show} />
            <ClaimText label={t`Witness ${i + 1}: phone`} type="tel" value={w.phone} onChange={(phone) => witness(i, { phone })} error={e(`witnesses.${i}.phone`)} show={p.show} />
            <button type="button" className="button button--text" onClick={() => p.set((c) => ({ ...c, witnesses: c.witnesses.filter((_, j) => j !== i) }))}>{t`Remove witness ${i + 1}`}</button>
          </div>
        ))}
        {p.data.witnesses.length < 10 ? (
          <button type="button" className="button button--outlined" onClick={() => p.set((c) => ({ ...c, witnesses: [...c.witnesses, { name: '', surname: '', phone: '' }] }))}>{t`Add a witness`}</button>
        ) : null}
      </fieldset>
    </>
  );
}

export function PaymentStep(p: StepProps) {
  const { t } = useLingui();
  const pay = p.data.payment;
  const e = (key: string) => p.errors[key];
  const lt = pay.bankCountry === 'LT';
  // A Lithuanian bank not on the list (a credit union) is named instead of chosen.
  const bankCode = lt ? ibanBankCode(pay.accountNo) : null;
  const setIban = (accountNo: string) => {
    // A Lithuanian IBAN names its bank: the list's bank is chosen for the victim.
    const code = lt ? ibanBankCode(accountNo) : null;
    const bank = code === null ? null : bankByCode(code);
    patch(p, 'payment', bank ? { accountNo, bankCode: bank.code, bankName: bank.name } : code !== null ? { accountNo, bankCode: '', bankName: '' } : { accountNo });
  };
  return (
    <fieldset>
      <legend>{t`Where to pay`}</legend>
      <ClaimSelect label={t`Country of the bank`} value={pay.bankCountry} options={countryOptions(p.lang, true).map((o) => ({ value: o.code, label: o.name }))} onChange={(bankCountry) => patch(p, 'payment', { bankCountry, bankCode: '', bankName: '' })} show={p.show} />
      <ClaimText label={t`Account number (IBAN)`} required maxLength={42} autoComplete="off" value={pay.accountNo} onChange={setIban} error={e('payment.accountNo')} show={p.show} />
      {lt && (bankCode === null || bankByCode(bankCode) !== null) ? (
        <ClaimSelect label={t`Bank`} required placeholder={t`Choose the bank`} value={pay.bankCode} options={(p.lists?.banks ?? []).map((b) => ({ value: b.code, label: b.name }))} onChange={(bankCode) => patch(p, 'payment', { bankCode, bankName: bankByCode(bankCode)?.name ?? '' })} error={e('payment.bankCode')} show={p.show} />
      ) : (
        <ClaimText label={t`Bank`} required={lt} value={pay.bankName} onChange={(bankName) => patch(p, 'payment', { bankName })} error={e('payment.bankName')} show={p.show} />
      )}
      <ClaimSelect label={t`The account belongs to`} value={pay.type} options={VICTIM_KINDS.map((k) => ({ value: k, label: k === 'PERSON' ? t`A person` : t`A company` }))} onChange={(type) => patch(p, 'payment', { type })} show={p.show} />
      <ClaimText label={pay.type === 'PERSON' ? t`Account holder's first name` : t`Company name`} required value={pay.name} onChange={(name) => patch(p, 'payment', { name })} error={e('payment.name')} show={p.show} />
      {pay.type === 'PERSON' ? <ClaimText label={t`Account holder's last name`} required value={pay.surname} onChange={(surname) => patch(p, 'payment', { surname })} error={e('payment.surname')} show={p.show} /> : null}
    </fieldset>
  );
}
