/**
 * The claim form as a wizard (issue 17; SPEC UE3, UE6): one step at a time, saved as it is typed
 * (0.8 s after the last change, and at once on Next, Back or leaving the page), opened again at the
 * first step that still has an error; Next shows the step's errors (the domain's rules) and moves
 * to the first; the review lists what is missing, tells who will handle the claim, and submits.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { claimCompetence, claimErrors, claimStepErrors, CLAIM_STEPS, type Claim, type ClaimData, type ClaimStep, DEFAULT_LOCALE, isLocale} from '@eid/domain';
import { ErrorText } from '../../decla/fields/fields';
import { AccountCallError } from '../../shell/account-session';
import { saveClaim, submitClaim, useClaimLists } from './claim-api';
import { AccidentStep, CulpritStep, DamageStep, PaymentStep, VictimStep, type StepProps } from './claim-steps';
import { DocumentsStep } from './claim-documents';
import { useCompetenceWords } from './claim-words';

const SAVE_AFTER_MS = 800;
const REVIEW = CLAIM_STEPS.length;

export function ClaimWizard({ initial, onSubmitted }: { initial: Claim; onSubmitted: (c: Claim) => void }) {
  const { t, i18n } = useLingui();
  const lang = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  const lists = useClaimLists();
  const [claim, setClaim] = useState(initial);
  const [data, setData] = useState<ClaimData>(initial.data);
  /** Opened at the first step with something to do; the steps before it are said to be filled (issue 34: they were passed over silently). */
  const [opened] = useState(() => {
    const first = CLAIM_STEPS.findIndex((s) => Object.keys(claimStepErrors(initial.data, s, initial.documents)).length > 0);
    return first === -1 ? REVIEW : first;
  });
  const [step, setStep] = useState(opened);
  const [show, setShow] = useState(false);
  const [saving, setSaving] = useState<'saved' | 'saving' | 'failed'>('saved');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const pending = useRef<ClaimData | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const words = useCompetenceWords();

  /** One save at a time, in order: a later form never loses to an earlier one still on its way. */
  const inflight = useRef<Promise<void>>(Promise.resolve());
  const flush = useCallback((): Promise<void> => {
    inflight.current = inflight.current.then(async () => {
      const next = pending.current;
      if (!next) return;
      pending.current = null;
      setSaving('saving');
      try {
        const saved = (await saveClaim(initial.id, next)).claim;
        setClaim((c) => ({ ...saved, documents: saved.documents.length >= c.documents.length ? saved.documents : c.documents }));
        setSaving(pending.current ? 'saving' : 'saved');
        setSaveError(null);
      } catch (e) {
        pending.current ??= next;
        setSaving('failed');
        setSaveError(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
      }
    });
    return inflight.current;
  }, [initial.id]);

  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => void flush(), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [data, flush]);

  // A save lost to the connection is tried again every 5 s until it goes through.
  useEffect(() => {
    if (saving !== 'failed' || (saveError !== 'NETWORK_ERROR' && saveError !== 'RATE_LIMITED')) return;
    const timer = setTimeout(() => void flush(), 5000);
    return () => clearTimeout(timer);
  }, [saving, saveError, flush]);

  useEffect(() => {
    const leave = () => void flush();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', leave);
      void flush();
    };
  }, [flush]);

  const set = (change: (d: ClaimData) => ClaimData) => {
    setData((d) => {
      const next = change(d);
      pending.current = next;
      return next;
    });
    setSaving('saving');
  };

  const go = async (to: number) => {
    await flush();
    setShow(false);
    setStep(to);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const errors = step < REVIEW ? claimStepErrors(data, CLAIM_STEPS[step] as ClaimStep, claim.documents) : claimErrors(data, claim.documents);
  const next = () => {
    if (Object.keys(errors).length > 0) {
      setShow(true);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.claim-wizard [aria-invalid="true"], .claim-wizard .field-error:not(:empty)')?.focus?.());
      return;
    }
    void go(step + 1);
  };

  const submit = async () => {
    setRefusal(null);
    await flush();
    // What is on the screen is what is sent: not while the last change is unsaved.
    if (pending.current) {
      setRefusal(saveError ?? 'NETWORK_ERROR');
      return;
    }
    try {
      onSubmitted((await submitClaim(initial.id)).claim);
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
    }
  };

  const titles: Record<ClaimStep, string> = { accident: t`The accident`, victim: t`You`, culprit: t`The driver at fault`, damage: t`The damage`, documents: t`Documents`, payment: t`Payment` };
  /** The review's buttons, each a whole phrase ("Edit You" read badly). */
  const edits: Record<ClaimStep, string> = { accident: t`Edit the accident`, victim: t`Edit your details`, culprit: t`Edit the driver at fault`, damage: t`Edit the damage`, documents: t`Edit the documents`, payment: t`Edit the payment` };
  const stepsDone = CLAIM_STEPS.map((s) => Object.keys(claimStepErrors(data, s, claim.documents)).length === 0);
  const props: StepProps = { claimId: claim.id, data, set, errors, show, lists, lang };
  const competence = claimCompetence(data);
  const title = step < REVIEW ? titles[CLAIM_STEPS[step] as ClaimStep] : t`Check and send`;
  return (
    <div className="claim-wizard">
      <nav aria-label={t`Steps of the claim`}>
        <ol className="claim-stepper">
          {[...CLAIM_STEPS, 'review' as const].map((s, i) => {
            const name = s === 'review' ? t`Check and send` : titles[s];
            const state = s === 'review' ? '' : stepsDone[i] ? t`complete` : t`to fill in`;
            return (
              <li key={s}>
                <button
                  type="button"
                  className={`claim-stepper-step${i === step ? ' claim-stepper-step--current' : ''}${s !== 'review' && stepsDone[i] ? ' claim-stepper-step--done' : ''}`}
                  aria-current={i === step ? 'step' : undefined}
                  aria-label={state ? t`Step ${i + 1}: ${name}, ${state}` : t`Step ${i + 1}: ${name}`}
                  onClick={() => void go(i)}
                >
                  <span aria-hidden="true">{s !== 'review' && stepsDone[i] && i !== step ? '✓' : i + 1}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="claim-progress">{t`Step ${step + 1} of ${REVIEW + 1}`}</p>
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {opened > 0 && step === opened && !show ? (
        <p className="notice">
          {opened === REVIEW
            ? t`Every step is filled in from your declaration. Check them with the steps above, then send.`
            : t`Opened at "${titles[CLAIM_STEPS[opened] as ClaimStep]}", the first step with something to fill in. The steps before it are filled in from your declaration: check them with Back or the steps above.`}
        </p>
      ) : null}
      <p role="status" className="claim-saved">
        {saving === 'saving' ? t`Saving…` : saving === 'failed' && (saveError === 'NETWORK_ERROR' || saveError === 'RATE_LIMITED') ? t`Not saved: no connection. It will be saved when the connection is back.` : saving === 'failed' ? null : t`Saved.`}
      </p>
      {saving === 'failed' && saveError !== 'NETWORK_ERROR' && saveError !== 'RATE_LIMITED' ? (
        <div role="alert">
          <ErrorText code={saveError} />
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step < REVIEW) next();
          else void submit();
        }}
      >
        {step === 0 ? <AccidentStep {...props} /> : null}
        {step === 1 ? <VictimStep {...props} /> : null}
        {step === 2 ? <CulpritStep {...props} /> : null}
        {step === 3 ? <DamageStep {...props} /> : null}
        {step === 4 ? <DocumentsStep claim={claim} onClaim={(c) => setClaim((old) => ({ ...old, documents: c.documents, version: c.version }))} errors={errors} show={show} /> : null}
        {step === 5 ? <PaymentStep {...props} /> : null}
        {step === REVIEW ? (
          <section aria-label={t`Check and send`}>
            <p>{words(competence)}</p>
            <ul className="claim-review">
              {CLAIM_STEPS.map((s, i) => {
                const count = Object.keys(claimStepErrors(data, s, claim.documents)).length;
                return (
                  <li key={s}>
                    <span>{titles[s]}: {count === 0 ? t`complete` : t`${count} to fix`}</span>{' '}
                    <button type="button" className="button button--text" onClick={() => void go(i)}>
                      {edits[s]}
                    </button>
                  </li>
                );
              })}
            </ul>
            <div role="alert">{refusal ? <ErrorText code={refusal} /> : null}</div>
          </section>
        ) : null}
        <div className="claim-nav">
          {step > 0 ? (
            <button type="button" className="button button--outlined" onClick={() => void go(step - 1)}>
              {t`Back`}
            </button>
          ) : null}
          <button type="submit" className="button" aria-disabled={step === REVIEW && Object.keys(errors).length > 0}>
            {step < REVIEW ? t`Next` : t`Send the claim`}
          </button>
        </div>
        {step === REVIEW && Object.keys(errors).length > 0 ? <p className="field-hint">{t`The claim can be sent when every step is complete.`}</p> : null}
      </form>
    </div>
  );
}
