import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  CONTACT_TAB_INDEX,
  DEFAULT_PHONE_PREFIX,
  PHONE_CODE_LENGTH,
  PHONE_CODE_RESEND_MS,
  contactPairErrors,
  isEmail,
  phoneError,
  samePhoneNumber,
  internationalForm,
  toE164,
  type Declaration,
  type DeclarationView,
  type InformMethod,
  type Party,
} from '@eid/domain';
import { useSecondsLeft } from '../fields/use-seconds-left';
import { ErrorText, TextField } from '../fields/fields';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { usePrefill } from '../session/driver-prefill';
import { codeOf } from '../session/decla-session';
import { useAutosave, useInstruction, useStepValidity } from '../wizard/step-hooks';
import { StepFooter, type StepProps } from '../wizard/step-footer';

const other = (p: Party): Party => (p === 'A' ? 'B' : 'A');

/** Is this party's contact given and confirmed (the phone by its code, the e-mail saved)? */
export function contactDone(d: DeclarationView | Declaration, p: Party): boolean {
  const dr = d.parties[p].driver;
  if (dr.informMethod === 'tel') return dr.telConfirmed;
  if (dr.informMethod === 'email') return isEmail(dr.email);
  return false;
}

function ContactForm({ party, both }: { party: Party; both: boolean }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const hinted = useHinted();
  const driver = d.parties[party].driver;
  const theirs = d.parties[other(party)].driver;
  const [method, setMethod] = useState<InformMethod>(driver.informMethod ?? 'tel');
  // AC13: a signed-in driver's phone and confirmed e-mail are offered (the phone is still confirmed by its code).
  const prefill = usePrefill(party);
  const storedTel = driver.tel === DEFAULT_PHONE_PREFIX ? '' : driver.tel;
  const [tel, setTel] = useState(storedTel || prefill?.tel || DEFAULT_PHONE_PREFIX);
  const [email, setEmail] = useState(driver.email || prefill?.email || '');
  /** declaration-flow §4: in practice mode a prefilled text shows italic until changed. */
  const italic = (typed: string, stored: string, offered: string | undefined) => session.mode === 'practice' && !stored && !!offered && typed === offered;
  const [code, setCode] = useState('');
  const [practiceCode, setPracticeCode] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useSecondsLeft(resendAt);
  const sending = useInstruction();
  const confirming = useInstruction();
  const saving = useInstruction();
  const linking = useInstruction();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const sendLink = async (address: string) => {
    const r = await linking.run('confirm-email-a', { party });
    if (r?.sent) setLinkSentTo(address);
  };

  const pair = contactPairErrors({ tel: method === 'tel' ? tel : '', email: method === 'email' ? email : '' }, { tel: theirs.tel, email: theirs.email });
  const telError = phoneError(tel) ?? (pair.includes('PHONES_MUST_DIFFER') ? 'PHONES_MUST_DIFFER' : null);
  const emailError = email.trim() === '' ? 'REQUIRED' : !isEmail(email) ? 'EMAIL_INVALID' : pair.includes('EMAILS_MUST_DIFFER') ? 'EMAILS_MUST_DIFFER' : null;
  // PH6: the typed number and the confirmed one are compared as numbers ("+370 8612…" is "+370612…").
  const confirmed = driver.informMethod === 'tel' && driver.telConfirmed && samePhoneNumber(driver.tel, tel);

  const flushEmail = useAutosave(method === 'email' && emailError === null ? email.trim() : null, (value) => {
    if (value === null) return;
    void (async () => {
      if (await saving.run('set-driver-email', { party, email: value })) {
        if ((await saving.run('set-partial-driver-data', { party, name: 'informMethod', value: 'email' })) && linkSentTo !== value) await sendLink(value);
      }
    })();
  });

  const label = both ? (party === 'A' ? t`Driver A` : t`Driver B`) : null;
  const idp = `contact-${party}`;
  return (
    <fieldset className="contact-form">
      {label ? <legend>{label}</legend> : <legend className="visually-hidden">{t`Contact`}</legend>}
      <div role="radiogroup" aria-label={t`How should we contact you?`} className="segmented">
        {(['tel', 'email'] as const).map((m) => (
          <label key={m} className={method === m ? 'segmented-on' : ''}>
            <input
              type="radio"
              name={`${idp}-method`}
              value={m}
              checked={method === m}
              tabIndex={method === m ? 0 : -1}
              data-tab={CONTACT_TAB_INDEX[m]}
              onChange={() => setMethod(m)}
            />
            {m === 'tel' ? t`Phone` : t`E-mail`}
          </label>
        ))}
      </div>
      {method === 'tel' ? (
        <>
          <TextField
            id={`${idp}-tel`}
            prefilled={italic(tel, storedTel, prefill?.tel)}
            label={t`Mobile phone`}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={tel}
            onChange={(v) => {
              setTel(v);
              setCodeSent(false);
            }}
            // PH7: "8 612 00005" as people write it is read as +370 612 00005 when the field is left.
            onBlur={() => {
              const read = internationalForm(tel);
              if (read !== tel) setTel(read);
            }}
            error={telError}
            showError={hinted}
            hint={t`With the country code, e.g. +370 612 34567.`}
            required
          />
          {confirmed ? (
            <p className="confirmed" role="status">
              <span aria-hidden="true">✓ </span>
              <Trans>Phone confirmed.</Trans>
            </p>
          ) : (
            <>
              <button
                type="button"
                className="button button--secondary"
                disabled={telError !== null || sending.busy || resendIn > 0}
                onClick={async () => {
                  let captcha: string;
                  try {
                    captcha = await session.captcha.token('phone-code');
                  } catch (error) {
                    sending.setError(codeOf(error));
                    return;
                  }
                  session.captcha.prefetch('phone-code');
                  const r = await sending.run('send-phone-code', { party, tel, captcha });
                  if (r) {
                    // PH6: the field shows the number the code went to (a trunk "8" after +370 is dropped).
                    setTel(toE164(tel) ?? tel);
                    setCodeSent(true);
                    setPracticeCode(r.practiceCode ?? null);
                    // The hub sends the same number a new code after PHONE_CODE_RESEND_MS: the button says when.
                    setResendAt(Date.now() + PHONE_CODE_RESEND_MS);
                  }
                }}
              >
                {!codeSent ? t`Send the code by SMS` : resendIn > 0 ? t`Send the code again in ${resendIn} s` : t`Send the code again`}
              </button>
              {sending.error === 'RATE_LIMITED' ? (
                // FU11: too many codes to this number: how long, and that the e-mail works at once.
                <div className="field-error" role="alert">
                  <p>
                    {sending.retryAfterMs !== null
                      ? t`Too many codes were sent to this number. Try again in ${Math.max(1, Math.ceil(sending.retryAfterMs / 60_000))} min, or confirm by e-mail now.`
                      : t`Too many codes were sent to this number. Try again later, or confirm by e-mail now.`}
                  </p>
                  <button type="button" className="button button--secondary" onClick={() => setMethod('email')}>
                    {t`Confirm by e-mail instead`}
                  </button>
                </div>
              ) : (
                <ErrorText code={sending.error} />
              )}
              {codeSent ? (
                <>
                  {practiceCode ? (
                    <p className="notice notice--practice" role="status">
                      <Trans>Practice: no SMS is sent. Your code is {practiceCode}.</Trans>
                    </p>
                  ) : (
                    <p role="status">
                      <Trans>We sent a {PHONE_CODE_LENGTH}-digit code to {tel}.</Trans>
                    </p>
                  )}
                  <TextField
                    id={`${idp}-code`}
                    label={t`Confirmation code`}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={PHONE_CODE_LENGTH}
                    value={code}
                    onChange={(v) => {
                      const digits = v.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH);
                      setCode(digits);
                      // Issue 18 item 2: six digits typed (or pasted) confirm by themselves; nobody must find the button.
                      if (digits.length === PHONE_CODE_LENGTH && digits !== code && !confirming.busy) void confirming.run('confirm-phone-code', { party, code: digits });
                    }}
                    error={code.length === PHONE_CODE_LENGTH ? confirming.error : code === '' ? 'REQUIRED' : 'PHONE_CODE_INVALID'}
                    showError={hinted || confirming.error !== null}
                    onDone={() => code.length === PHONE_CODE_LENGTH && void confirming.run('confirm-phone-code', { party, code })}
                  />
                  <button
                    type="button"
                    className="button"
                    disabled={code.length !== PHONE_CODE_LENGTH || confirming.busy}
                    onClick={() => void confirming.run('confirm-phone-code', { party, code })}
                  >
                    {t`Confirm`}
                  </button>
                </>
              ) : null}
            </>
          )}
        </>
      ) : (
        <>
          <TextField
            id={`${idp}-email`}
            prefilled={italic(email, driver.email, prefill?.email)}
            label={t`E-mail`}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            onBlur={flushEmail}
            onDone={flushEmail}
            error={emailError}
            showError={hinted}
            required
          />
          <ErrorText code={saving.error} />
          {driver.informMethod === 'email' && driver.email && driver.email === email.trim() ? (
            driver.emailConfirmed ? (
              <p className="confirmed" role="status" title={t`The e-mail address is confirmed.`}>
                <span aria-hidden="true">✓ </span>
                <Trans>E-mail confirmed.</Trans>
              </p>
            ) : (
              <div className="email-confirmation" role="status" title={t`The e-mail address is not confirmed yet.`}>
                {session.mode === 'practice' ? (
                  <p className="notice notice--practice">
                    <Trans>Practice: no e-mail is sent.</Trans>
                  </p>
                ) : (
                  <>
                    <p>
                      {linkSentTo === driver.email ? (
                        <Trans>We sent a confirmation link to {driver.email}. Open it to confirm the address; you may go on meanwhile.</Trans>
                      ) : (
                        <Trans>The address is not confirmed yet.</Trans>
                      )}
                    </p>
                    <button type="button" className="button button--secondary button--small" disabled={linking.busy} onClick={() => void sendLink(driver.email)}>
                      {linkSentTo === driver.email ? t`Send the link again` : t`Send a confirmation link`}
                    </button>
                    <ErrorText code={linking.error} />
                  </>
                )}
              </div>
            )
          ) : null}
        </>
      )}
    </fieldset>
  );
}

/** Step 5: how each driver is contacted: a phone confirmed by an SMS code, or an e-mail. */
export function ContactsStep({ step }: StepProps) {
  const d = useConnectedDeclaration();
  const parties = useParties();
  const done = parties.length > 0 && parties.every((p) => contactDone(d, p));
  useStepValidity(step, done);
  return (
    <section className="step step-contacts">
      <p className="step-lead">
        <Trans>The declaration and its link will be sent to you. Give a phone (we check it with an SMS code) or an e-mail.</Trans>
      </p>
      {parties.map((p) => (
        <ContactForm key={p} party={p} both={parties.length > 1} />
      ))}
      <StepFooter />
    </section>
  );
}
