/**
 * Step 13: the two on-screen signatures (with the "too abstract" check), the guilty party (A, B or
 * both, with the conflict flow of the guilt machine), the responsible insurer (chosen once), and
 * submit with the dialog states of the submit machine. Loaded lazily with the signature pad.
 */
import { dataText } from '../../shell/client-log';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import { useLingui } from '@lingui/react/macro';
import {
  GUILTY_CHOICES,
  accidentDay,
  insurerHolds,
  submitStatus,
  type GuiltyChoice,
  type Party,
  type SubmitStatus,
} from '@eid/domain';
import { BACKEND_BASE_PATH } from '@eid/domain/protocol';
import { provideGuiltPorts, provideSubmitPorts, type SubmitActor } from '@eid/domain/device';
import { ErrorText } from '../fields/fields';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useStepValidity } from '../wizard/step-hooks';
import { SubmitDialog } from '../dialogs/submit-dialog';
import type { StepProps } from '../wizard/step-footer';
import { SignatureBox, type PadHandle } from './signature-box';
import { InsurerChoice } from './insurer-choice';

function GuiltChoice({ parties }: { parties: Party[] }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const machine = useMemo(
    () =>
      provideGuiltPorts({
        // The write answers only its version and delta: the guilt it resolved to is read back.
        set: async (party, choice) => {
          await session.request('guilty', { party, op: 'SET', choice });
          return session.request('guilty-status');
        },
        reset: async (party) => {
          await session.request('guilty', { party, op: 'RESET' });
          return session.request('guilty-status');
        },
        // The machine follows the same declaration the screens show, not a copy handed over by an effect.
        watch: (onGuilt) => session.watchDeclaration((d) => d.guilt, onGuilt, (a, b) => JSON.stringify(a) === JSON.stringify(b)),
      }),
    [session],
  );
  const actor = useActorRef(machine, { input: { parties, guilt: d.guilt } });
  const snap = useSelector(actor, (s) => s);
  const g = snap.context.guilt;
  const labels: Record<GuiltyChoice, string> = { A: t`Driver A`, B: t`Driver B`, BOTH: t`Both drivers` };
  return (
    <fieldset className="guilt">
      <legend>{t`Who caused the accident?`}</legend>
      {parties.map((party) => {
        const own = party === 'A' ? g.achoice : g.bchoice;
        const groupLabel = parties.length > 1 ? t`Choice of driver ${party}` : t`Your choice`;
        return (
          <div key={party}>
          {parties.length > 1 ? <p className="segmented-label" aria-hidden="true">{groupLabel}</p> : null}
          <div role="radiogroup" aria-label={groupLabel} className="segmented">
            {GUILTY_CHOICES.map((c) => (
              <label key={c} className={own === c ? 'segmented-on' : ''}>
                <input
                  type="radio"
                  name={`guilt-${party}`}
                  value={c}
                  checked={own === c}
                  disabled={snap.hasTag('busy')}
                  onChange={() => actor.send({ type: 'user.choose', choice: c, party })}
                />
                {labels[c]}
              </label>
            ))}
          </div>
          </div>
        );
      })}
      <p role="status" className={`guilt-status guilt-status--${String(snap.value)}`}>
        {snap.matches('resolved')
          ? t`Agreed: ${labels[g.resolved ?? 'BOTH']}.`
          : snap.matches('conflict')
            ? t`Your choices differed. Talk it over and both choose again.`
            : snap.matches('waiting')
              ? t`Waiting for the other driver to choose.`
              : snap.context.hadConflict
                ? t`Your choices differed. Talk it over and both choose again.`
                : (parties[0] === 'A' ? g.bchosen : g.achosen)
                  ? t`The other driver has chosen. Now you choose.`
                  : t`Both drivers choose; the choices must agree.`}
      </p>
      <ErrorText code={snap.context.error} />
    </fieldset>
  );
}

function useSubmitActor(parties: Party[], status: SubmitStatus): SubmitActor {
  const session = useSession();
  const own = parties[0] ?? null;
  const machine = useMemo(
    () =>
      provideSubmitPorts({
        validate: () => session.request('validate-t2'),
        submit: async () => {
          const captcha = await session.captcha.token('submit');
          // A token is used once: the next submit (after a refusal) gets a fresh one ready.
          session.captcha.prefetch('submit');
          const s = await session.request('submit-eid', { captcha });
          if (session.mode === 'practice' && s.stateEID === 'SUCCESS') await session.request('demo-done');
          return s;
        },
        withdraw: () => session.request('withdraw-submit'),
        // The machine follows the same declaration the screens show, not a copy handed over by an effect.
        watch: (onStatus) => session.watchDeclaration((d) => submitStatus(d, own), onStatus, (a, b) => JSON.stringify(a) === JSON.stringify(b)),
        informAdmin: async () => {
          const c = session.connection.getSnapshot().context.credentials;
          await session.backend.fetch(`${BACKEND_BASE_PATH}/log/warn${c ? `?node_id=${encodeURIComponent(c.declarationId)}` : ''}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({ src: 'submit', message: 'long submit: the driver asks the administrator to look', data: dataText({ declarationId: c?.declarationId ?? null }) }),
          });
        },
      }),
    [session, own],
  );
  return useActorRef(machine, { input: { parties, status } });
}

export function SignaturesStep({ step }: StepProps) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const parties = useParties();
  const hinted = useHinted();
  const status = submitStatus(d, parties[0] ?? null);
  const submit = useSubmitActor(parties, status);
  const [dialogOpen, setDialogOpen] = useState(false);

  // The submit's captcha is solved while the driver signs.
  useEffect(() => session.captcha.prefetch('submit'), [session]);

  // The pads: a signature drawn and not yet saved counts as given; Submit saves it first.
  const [pads, setPads] = useState<Partial<Record<Party, PadHandle>>>({});
  const onPad = useCallback((party: Party, pad: PadHandle | null) => setPads((all) => ({ ...all, [party]: pad ?? undefined })), []);
  const padsRef = useRef(pads);
  useEffect(() => {
    padsRef.current = pads;
  }, [pads]);

  useEffect(() => {
    session.setSubmitter(async () => {
      for (const pad of Object.values(padsRef.current)) if (pad?.drawn) await pad.flush();
      setDialogOpen(true);
      submit.send({ type: 'user.submit' });
      const s = await waitFor(submit, (x) => x.matches('success') || x.matches('fail') || x.matches('error') || x.matches('idle') || x.matches('closedWhileWaiting'), { timeout: Infinity });
      if (s.matches('success') || s.matches('fail')) return;
      if (s.matches('error')) throw Object.assign(new Error('submit'), { code: s.context.error ?? s.context.findings[0]?.code ?? null });
      throw Object.assign(new Error('submit'), { code: null });
    });
    return () => session.setSubmitter(null);
  }, [session, submit]);

  const signed = parties.every((p) => d.parties[p].signature !== null || pads[p]?.drawn === true);
  const insured = parties.every((p) => insurerHolds(d.parties[p], accidentDay(d, null)));
  const agreed = d.guilt.status === 'RESOLVED';
  useStepValidity(step, signed && insured && agreed);
  return (
    <section className="step step-signatures">
      <GuiltChoice parties={parties} />
      {parties.map((p) => (
        <InsurerChoice key={p} party={p} both={parties.length > 1} />
      ))}
      {parties.map((p) => (
        <SignatureBox key={p} party={p} both={parties.length > 1} onChange={onPad} />
      ))}
      {hinted && !(signed && insured && agreed) ? (
        <div className="step-error" tabIndex={-1}>
          <ErrorText code={!agreed ? 'PREVIEW_GUILTY_MISSING' : !insured ? 'PREVIEW_INSURER_NOT_FOUND' : 'PREVIEW_SIGNATURES_NOT_SAVED'} />
        </div>
      ) : null}
      {dialogOpen ? <SubmitDialog actor={submit} onClose={() => setDialogOpen(false)} /> : null}
    </section>
  );
}
