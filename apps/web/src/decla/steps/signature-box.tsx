/**
 * A driver's signature on step 13 (issue 18 item 4): drawn on a pad, saved by itself once the
 * driver stops drawing (or by Submit), then shown in the pad's place with "Sign again".
 */
import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { Trans, useLingui } from '@lingui/react/macro';
import { isSignatureDecent, measureSignature, type Party } from '@eid/domain';
import { ErrorText } from '../fields/fields';
import { useStoredBinary } from '../fields/use-stored-binary';
import { codeOf } from '../session/decla-session';
import { useConnectedDeclaration, useSession } from '../session/session-context';
import { canvasToBlob } from '../../ui/canvas-blob';

/** A signature being drawn is saved this long after the last stroke (issue 18 item 4). */
const SIGNATURE_SAVE_DELAY_MS = 1200;

/** What the step needs of a pad: whether it holds an unsaved signature, and saving it now (throws the refusal's code). */
export interface PadHandle {
  readonly drawn: boolean;
  flush(): Promise<void>;
}

export function SignatureBox({ party, both, onChange }: { party: Party; both: boolean; onChange: (party: Party, pad: PadHandle | null) => void }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // Drawn, stopped, and not enough to keep: said (it is not saved), until the next stroke.
  const [tooShort, setTooShort] = useState(false);
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
        const blob = await canvasToBlob(el, 'image/png');
        if (!blob) throw new Error('empty');
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
    // Issue 34: the layout must not move under a finger. While a stroke is drawn, a change above the pad (the insurer's
    // confirmation arriving on a slow connection) is met by scrolling the page as much, before it is painted: the pad
    // stays where the finger is, and the stroke goes on where it is drawn.
    let heldTop: number | null = null;
    const hold = new ResizeObserver(() => {
      if (heldTop === null) return;
      const moved = el.getBoundingClientRect().top - heldTop;
      if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
    });
    hold.observe(el.closest('.step') ?? document.body);
    p.addEventListener('beginStroke', () => {
      heldTop = el.getBoundingClientRect().top;
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setTooShort(false);
    });
    p.addEventListener('endStroke', () => {
      heldTop = null;
      setDrawn(!p.isEmpty());
      // Saved by itself once the driver stops drawing; a signature not yet decent waits for more strokes.
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void save.current().catch((e: unknown) => {
          const code = codeOf(e);
          if (code === 'SIGNATURE_TOO_ABSTRACT') setTooShort(true);
          else setError(code);
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
      hold.disconnect();
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
            {saving
              ? t`Saving…`
              : tooShort
                ? t`Not saved: too short to keep as a signature. Go on signing as you usually do.`
                : drawn
                  ? t`Saved by itself when you stop drawing.`
                  : signed
                    ? t`Your earlier signature stays until you sign here.`
                    : null}
          </p>
          <div className="signature-buttons">
            <button type="button" className="button button--text" disabled={!drawn || saving} onClick={() => { pad.current?.clear(); setDrawn(false); setTooShort(false); setError(null); }}>
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
