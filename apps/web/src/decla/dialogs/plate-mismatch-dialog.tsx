import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlateRecognitionOutcome } from '@eid/domain';

export interface Mismatch {
  readonly status: 'ERROR_WRONG_PLATE' | 'ERROR_NOT_IN_EID';
  /** What recognition read on the photo. */
  readonly read: string;
  /** The plate in the declaration. */
  readonly declared: string;
  readonly photoId: string;
}

/**
 * The plate-recognition mismatch dialog (declaration-flow §2): retake the photo, change the plate in
 * the declaration to the one read, or keep things as they are. The choice is logged by the caller.
 */
export function PlateMismatchDialog({ mismatch, onChoose }: { mismatch: Mismatch; onChoose: (outcome: PlateRecognitionOutcome) => void }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  const { read, declared } = mismatch;
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="plate-mismatch-title" onCancel={() => onChoose('NOTHING')}>
      <h2 id="plate-mismatch-title">{t`Is this the right plate?`}</h2>
      <p>
        {mismatch.status === 'ERROR_WRONG_PLATE' ? (
          <Trans>
            The photo shows {read}, the plate of the other vehicle. Take a photo of your own plate, {declared}.
          </Trans>
        ) : (
          <Trans>
            The photo shows {read}, but the declaration has {declared}.
          </Trans>
        )}
      </p>
      <div className="dialog-buttons dialog-buttons--stacked">
        <button type="button" className="button" onClick={() => onChoose('REFOTO')}>
          {t`Take the photo again`}
        </button>
        {mismatch.status === 'ERROR_NOT_IN_EID' ? (
          <button type="button" className="button button--secondary" onClick={() => onChoose('SWITCH')}>
            {t`Change the plate to ${read}`}
          </button>
        ) : null}
        <button type="button" className="button button--text" onClick={() => onChoose('NOTHING')}>
          {t`Keep it as it is`}
        </button>
      </div>
    </dialog>
  );
}
