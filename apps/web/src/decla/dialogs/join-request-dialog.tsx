import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isErrorCode, type ErrorCode } from '@eid/domain';
import { useDeclaration, useSession } from '../session/session-context';
import { ErrorText } from '../fields/fields';

/**
 * A device asks for the other seat by plates (JN1): the driver already in sees which vehicle asks
 * and the code that the asking phone shows, and confirms only the driver standing next to them.
 * Until then the asking phone receives nothing of the declaration.
 */
export function JoinRequestDialog() {
  const session = useSession();
  const { t } = useLingui();
  const declaration = useDeclaration();
  const request = declaration?.joinRequest ?? null;
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  // The refusal of an answer, for the request it answered (a newer request starts clean).
  const [failed, setFailed] = useState<{ readonly code: string; readonly error: ErrorCode } | null>(null);
  const code = request?.code ?? null;
  const error = failed && failed.code === code ? failed.error : null;

  useEffect(() => {
    const el = ref.current;
    if (code && el && !el.open) el.showModal?.();
    if (!code && el?.open) el.close();
  }, [code]);

  const answer = async (accept: boolean) => {
    if (!request) return;
    setBusy(true);
    setFailed(null);
    try {
      await session.request('answer-join', { code: request.code, accept });
    } catch (e) {
      const c = (e as { code?: unknown } | null)?.code;
      setFailed({ code: request.code, error: isErrorCode(c) ? c : 'SERVER_ERROR' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="dialog join-dialog" aria-labelledby="join-title" aria-describedby="join-what" onCancel={(e) => e.preventDefault()}>
      {request ? (
        <>
          <h2 id="join-title">{t`Is the other driver next to you?`}</h2>
          <p id="join-what">
            <Trans>
              A phone asks to join this declaration as the driver of {request.plate}. Let it in only if it belongs to the driver standing next to you and
              shows this code:
            </Trans>
          </p>
          <p className="join-code" aria-label={t`Code ${request.code.split('').join(' ')}`}>
            {request.code}
          </p>
          <p>
            <Trans>Until you confirm, that phone sees nothing of what you entered.</Trans>
          </p>
          {error ? <ErrorText code={error} /> : null}
          <div className="dialog-buttons dialog-buttons--stacked">
            <button type="button" className="button" disabled={busy} onClick={() => void answer(true)}>
              {t`Yes, the code is the same: let them join`}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer(false)}>
              {t`No, I do not know this phone`}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
