import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isErrorCode, type ErrorCode, type JoinRequest } from '@eid/domain';
import { useDeclaration, useSession } from '../session/session-context';
import { ErrorText } from '../fields/fields';

/**
 * Phones ask for the other seat by plates (JN1, JN3): the driver already in sees which vehicle asks
 * and the code each asking phone shows, and lets in only the phone of the driver standing next to
 * them. Several requests at once mean someone else knows the plates too: each is listed with its
 * code, none replaces another, and the driver lets in the one whose code they see on that phone.
 * Until then no asking phone receives anything of the declaration.
 */
export function JoinRequestDialog() {
  const session = useSession();
  const { t } = useLingui();
  const declaration = useDeclaration();
  const requests = declaration?.joinRequests ?? [];
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  // The refusal of an answer, for the request it answered (another request starts clean).
  const [failed, setFailed] = useState<{ readonly code: string; readonly error: ErrorCode } | null>(null);
  const open = requests.length > 0;

  useEffect(() => {
    const el = ref.current;
    if (open && el && !el.open) el.showModal?.();
    if (!open && el?.open) el.close();
  }, [open]);

  const answer = async (code: string, accept: boolean) => {
    setBusy(true);
    setFailed(null);
    try {
      await session.request('answer-join', { code, accept });
    } catch (e) {
      const c = (e as { code?: unknown } | null)?.code;
      setFailed({ code, error: isErrorCode(c) ? c : 'SERVER_ERROR' });
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (code: string) => (failed && failed.code === code && requests.some((r) => r.code === code) ? failed.error : null);
  const spoken = (code: string) => code.split('').join(' ');
  const [first] = requests;
  const count = requests.length;
  const plate = first?.plate ?? '';

  return (
    <dialog ref={ref} className="dialog join-dialog" aria-labelledby="join-title" aria-describedby="join-what" onCancel={(e) => e.preventDefault()}>
      {first && requests.length === 1 ? (
        <>
          <h2 id="join-title">{t`Is the other driver next to you?`}</h2>
          <p id="join-what">
            <Trans>
              A phone asks to join this declaration as the driver of {plate}. Let it in only if it belongs to the driver standing next to you and
              shows this code:
            </Trans>
          </p>
          <p className="join-code" aria-label={t`Code ${spoken(first.code)}`}>
            {first.code}
          </p>
          <p>
            <Trans>Until you confirm, that phone sees nothing of what you entered.</Trans>
          </p>
          {errorFor(first.code) ? <ErrorText code={errorFor(first.code)!} /> : null}
          <div className="dialog-buttons dialog-buttons--stacked">
            <button type="button" className="button" disabled={busy} onClick={() => void answer(first.code, true)}>
              {t`Yes, the code is the same: let them join`}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void answer(first.code, false)}>
              {t`No, I do not know this phone`}
            </button>
          </div>
        </>
      ) : first ? (
        <>
          <h2 id="join-title">{t`Several phones ask to join`}</h2>
          <p id="join-what">
            <Trans>
              {count} phones ask to join this declaration as the driver of {plate}. Only one of them can be the driver standing next to
              you: look at the code on their phone and let in that one. Refuse the others.
            </Trans>
          </p>
          <ul className="join-requests">
            {requests.map((r: JoinRequest) => (
              <li key={r.code} className="join-request">
                <span className="join-code join-code--small" aria-label={t`Code ${spoken(r.code)}`}>
                  {r.code}
                </span>
                <span className="join-request-buttons">
                  <button type="button" className="button" disabled={busy} aria-label={t`Let in the phone showing ${spoken(r.code)}`} onClick={() => void answer(r.code, true)}>
                    {t`Let in`}
                  </button>
                  <button type="button" className="button button--secondary" disabled={busy} aria-label={t`Refuse the phone showing ${spoken(r.code)}`} onClick={() => void answer(r.code, false)}>
                    {t`Refuse`}
                  </button>
                </span>
                {errorFor(r.code) ? <ErrorText code={errorFor(r.code)!} /> : null}
              </li>
            ))}
          </ul>
          <p>
            <Trans>Until you let one in, no phone sees anything of what you entered.</Trans>
          </p>
        </>
      ) : null}
    </dialog>
  );
}
