/**
 * The confirmation for what cannot be undone (issue 34): a modal dialog that says what will
 * happen, with the safe choice first and focused, and the act named on its button. Escape and
 * the safe button close it; the act runs once (its button is busy meanwhile) and a refusal is
 * said in the dialog.
 */
import { useId, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useModal } from '../shell/use-modal';

export function ConfirmDialog({
  title,
  children,
  act,
  onAct,
  onClose,
  danger = false,
}: {
  title: string;
  children: ReactNode;
  /** The act's name on its button ("Sign out everywhere"). */
  act: string;
  /** Resolves when done (the dialog then closes); a thrown error's message is shown in the dialog. */
  onAct: () => Promise<void>;
  onClose: () => void;
  danger?: boolean;
}) {
  const { t } = useLingui();
  const ref = useModal();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ReactNode>(null);
  return (
    <dialog ref={ref} className="dialog confirm-dialog" aria-labelledby={titleId} onCancel={onClose} onClose={onClose}>
      <h2 id={titleId}>{title}</h2>
      <div className="confirm-dialog-body">{children}</div>
      {refusal ? <div role="alert">{refusal}</div> : null}
      <div className="dialog-buttons">
        {/* The safe choice first: autofocus puts a tap of Enter on it. */}
        <button type="button" className="button button--secondary" autoFocus onClick={onClose}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button'}
          disabled={busy}
          aria-busy={busy}
          onClick={async () => {
            setBusy(true);
            setRefusal(null);
            try {
              await onAct();
            } catch (e) {
              setRefusal(e instanceof RefusalShown ? e.node : t`Something went wrong. Try again.`);
              setBusy(false);
            }
          }}
        >
          {act}
        </button>
      </div>
    </dialog>
  );
}

/** Thrown by an act to show its own refusal (a typed code's message) in the dialog. */
export class RefusalShown extends Error {
  constructor(readonly node: ReactNode) {
    super('refused');
  }
}
