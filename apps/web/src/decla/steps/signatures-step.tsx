/**
 * Step 13: the two on-screen signatures (with the "too abstract" check), the guilty party (A, B or
 * both, with the conflict flow of the guilt machine), the responsible insurer (chosen once), and
 * submit with the dialog states of the submit machine. Loaded lazily with the signature pad.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import SignaturePad from 'signature_pad';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  BACKEND_BASE_PATH,
  GUILTY_CHOICES,
  insurerRole,
  isSignatureDecent,
  measureSignature,
  provideGuiltPorts,
  provideSubmitPorts,
  submitStatus,
  type GuiltyChoice,
  type InsurerRecord,
  type Party,
  type ResponsibleInsurer,
  type SubmitActor,
  type SubmitStatus,
} from '@eid/domain';
import { ErrorText } from '../fields/fields';
import { useStoredBinary } from '../fields/use-stored-binary';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useHinted, useParties, useSession } from '../session/session-context';
import { useInstruction, useStepValidity } from '../wizard/step-hooks';
import { SubmitDialog } from '../dialogs/submit-dialog';
import type { StepProps } from '../wizard/step-footer';

/** A signature being drawn is saved this long after the last stroke (issue 18 item 4). */
const SIGNATURE_SAVE_DELAY_MS = 1200;

/** What the step needs of a pad: whether it holds an unsaved signature, and saving it now (throws the refusal's code). */
interface PadHandle {
  readonly drawn: boolean;
  flush(): Promise<void>;
}

function SignatureBox({ party, both, onChange }: { party: Party; both: boolean; onChange: (party: Party, pad: PadHandle | null) => void }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const signature = d.parties[party].signature;
  const signed = signature !== null;
  // A saved signature is shown instead of the pad; "Sign again" brings the pad back.
  const [signing, setSigning] = useState(!signed);
  const padShown = !signed || signing;
  const savedImage = useStoredBinary('get-image', signature?.imageId ?? null).url;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  /** Saves what is on the pad; throws SIGNATURE_TOO_ABSTRACT or SIGNATURE_SAVE_FAILED. */
  const saveNow = async (target?: { p: SignaturePad; el: HTMLCanvasElement }): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current.catch(() => undefined);
    const p = target?.p ?? pad.current;
    const el = target?.el ?? canvas.current;
    if (!p || !el || p.isEmpty()) return;
    const strokes = p.toData().map((g) => g.points.map((pt) => ({ x: pt.x, y: pt.y })));
    const measures = measureSignature(strokes, el.offsetWidth, el.offsetHeight);
    if (!isSignatureDecent(measures)) throw Object.assign(new Error('signature'), { code: 'SIGNATURE_TOO_ABSTRACT' });
    const run = (async () => {
      setSaving(true);
      try {
        // The canvas's own bytes (a fetch of a data: URL would be refused by the content security policy).
        const blob = await new Promise<Blob>((resolve, reject) => el.toBlob((b) => (b ? resolve(b) : reject(new Error('empty'))), 'image/png'));
        const imageId = await session.upload(blob, 'signature');
        await session.request('signature', { party, imageId, ...measures });
        p.clear();
        setDrawn(false);
        setSigning(false);
        setError(null);
      } catch (e) {
        throw Object.assign(new Error('signature'), { code: codeOf(e) === 'SIGNATURE_TOO_ABSTRACT' ? 'SIGNATURE_TOO_ABSTRACT' : 'SIGNATURE_SAVE_FAILED' });
      } finally {
        setSaving(false);
      }
    })();
    inFlight.current = run;
    try {
      await run;
    } finally {
      if (inFlight.current === run) inFlight.current = null;
    }
  };
  const save = useRef(saveNow);
  useEffect(() => {
    save.current = saveNow;
  });

  useEffect(() => {
    onChange(party, { drawn, flush: () => save.current() });
    return () => onChange(party, null);
  }, [party, drawn, onChange]);

  useEffect(() => {
    const el = canvas.current;
    if (!padShown || !el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#0b2a4a', minWidth: 1, maxWidth: 2.8, backgroundColor: 'rgba(255,255,255,0)' });
    p.addEventListener('beginStroke', () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    });
    p.addEventListener('endStroke', () => {
      setDrawn(!p.isEmpty());
      // Saved by itself once the driver stops drawing; a signature not yet decent waits for more strokes.
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save.current().catch((e: unknown) => {
          const code = codeOf(e);
          if (code !== 'SIGNATURE_TOO_ABSTRACT') setError(code);
        });
      }, SIGNATURE_SAVE_DELAY_MS);
    });
    pad.current = p;
    return () => {
      // Leaving the step within the delay after the last stroke: the signature is saved now, not dropped.
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
        void save.current({ p, el }).catch(() => undefined);
      }
      p.off();
      pad.current = null;
    };
  }, [padShown]);

  return (
    <section className="signature" aria-label={t`Signature of driver ${party}`}>
      <h2>{both ? t`Signature of driver ${party}` : t`Your signature`}</h2>
      {signed && !signing ? (
        <>
          <p className="confirmed" role="status">
            <span aria-hidden="true">✓ </span>
            <Trans>Signed and saved.</Trans>
          </p>
          {savedImage ? <img className="signature-saved" src={savedImage} alt={both ? t`Saved signature of driver ${party}` : t`Your saved signature`} /> : null}
          <div className="signature-buttons">
            <button type="button" className="button button--secondary" onClick={() => setSigning(true)}>
              {t`Sign again`}
            </button>
          </div>
        </>
      ) : (
        <>
          <canvas ref={canvas} className="signature-pad" role="img" data-testid={`signature-${party}`} aria-label={t`Sign here with your finger or the mouse`} />
          <p className="signature-status" role="status">
            {saving ? t`Saving…` : drawn ? t`Saved by itself when you stop drawing.` : signed ? t`Your earlier signature stays until you sign here.` : null}
          </p>
          <div className="signature-buttons">
            <button type="button" className="button button--text" disabled={!drawn || saving} onClick={() => { pad.current?.clear(); setDrawn(false); setError(null); }}>
              {t`Clear`}
            </button>
            {signed ? (
              <button type="button" className="button button--text" onClick={() => { pad.current?.clear(); setDrawn(false); setError(null); setSigning(false); }}>
                {t`Keep the earlier signature`}
              </button>
            ) : null}
          </div>
        </>
      )}
      <ErrorText code={error} />
    </section>
  );
}

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

function InsurerChoice({ party, both }: { party: Party; both: boolean }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const chosen = d.parties[party].responsibleInsurer;
  const [proposed, setProposed] = useState<ResponsibleInsurer | null>(null);
  const [all, setAll] = useState<readonly InsurerRecord[]>([]);
  const [other, setOther] = useState<string>('');
  const [confirming, setConfirming] = useState<ResponsibleInsurer | null>(null);
  const save = useInstruction();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    void session.hub.call('proposed-insurers').then((a) => a.ok && setProposed(a.r[party === 'A' ? 0 : 1] ?? null));
    void session.hub.call('list-insurers').then((a) => a.ok && setAll(a.r));
  }, [session, party]);
  useEffect(() => {
    const el = dialog.current;
    if (confirming && el && !el.open) el.showModal?.();
    if (!confirming && el?.open) el.close();
  }, [confirming]);

  if (chosen.drkId !== -1) {
    // GL5: whose insurer it is and, once guilt is agreed, what it means for this driver, in plain words.
    const role = insurerRole(d.guilt, party);
    const whose = both ? t`The insurer of vehicle ${party}: ${chosen.name}.` : t`Your vehicle's insurer: ${chosen.name}.`;
    const meaning =
      role === 'AT_FAULT'
        ? both
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
      <p className="confirmed">
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
  const choose = (insurer: ResponsibleInsurer) => void save.run('responsible-insurer', { party, drkId: insurer.drkId });
  const picked = all.find((i) => String(i.id) === other);
  return (
    <fieldset className="insurer">
      <legend>{both ? t`Responsible insurer of vehicle ${party}` : t`Your vehicle's insurer`}</legend>
      {proposed && proposed.drkId !== -1 ? (
        <p>
          <Trans>The register says the vehicle is insured by {proposed.name}.</Trans>{' '}
          <button type="button" className="button button--small" onClick={() => choose(proposed)}>
            {t`Confirm ${proposed.name}`}
          </button>
        </p>
      ) : (
        <p className="muted">
          <Trans>The register does not know the insurer of this vehicle: choose it.</Trans>
        </p>
      )}
      <div className="field">
        <label htmlFor={`insurer-${party}`}>{t`Another insurer`}</label>
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
        onClick={() => picked && setConfirming({ drkId: picked.id, name: picked.name, www: picked.www, damageWww: picked.damageWww })}
      >
        {t`Choose this insurer`}
      </button>
      <ErrorText code={save.error} />
      <dialog ref={dialog} className="dialog" aria-labelledby={`insurer-change-${party}`} onCancel={() => setConfirming(null)}>
        <h2 id={`insurer-change-${party}`}>{t`Change the insurer?`}</h2>
        <p>
          {proposed && proposed.drkId !== -1
            ? t`The register names ${proposed.name}. You chose ${confirming?.name ?? ''}. The insurer cannot be changed once chosen.`
            : t`You chose ${confirming?.name ?? ''}. The insurer cannot be changed once chosen.`}
        </p>
        <div className="dialog-buttons">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (confirming) choose(confirming);
              setConfirming(null);
            }}
          >
            {t`Choose it`}
          </button>
        </div>
      </dialog>
    </fieldset>
  );
}

/** The submit port over the hub; practice declarations end with demo-done. */
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
            body: JSON.stringify({ src: 'submit', message: 'long submit: the driver asks the administrator to look', data: { declarationId: c?.declarationId ?? null } }),
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
  const insured = parties.every((p) => d.parties[p].responsibleInsurer.drkId !== -1);
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
