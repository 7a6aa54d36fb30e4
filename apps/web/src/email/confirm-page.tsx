import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CONFIRM_EMAIL_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';
import { rewriteQuery } from '../shell/query';
import type { HttpResult } from '@eid/domain/protocol';

type State = { kind: 'checking' } | { kind: 'confirmed'; email: string; finished: boolean } | { kind: 'failed'; code: string };

/**
 * The e-mail confirmation link (`/confirm?t=...`; `/correspconfirm?t=...` is the same link in its
 * older form): the token goes to the server, which confirms the address in the declaration and
 * tells both drivers' screens.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', code: 'CONFIRMATION_LINK_INVALID' }));
  useEffect(() => {
    if (!token) return;
    // The token is not left in the address bar or the history once read.
    rewriteQuery({ t: null });
    void fetch(CONFIRM_EMAIL_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as Partial<HttpResult<'confirmEmail'>> & { code?: string };
        if (res.ok && body.email) setState({ kind: 'confirmed', email: body.email, finished: body.status === 'FINISHED' });
        else setState({ kind: 'failed', code: body.code ?? 'GENERIC_ERROR' });
      })
      .catch(() => setState({ kind: 'failed', code: 'NETWORK_ERROR' }));
  }, [token]);
  return (
    <article className="page confirm-email">
      <h1>{t`E-mail confirmation`}</h1>
      {state.kind === 'checking' ? <p className="loading">{t`Checking…`}</p> : null}
      {state.kind === 'confirmed' ? (
        <p className="confirmed" role="status">
          <span aria-hidden="true">✓ </span>
          {state.finished ? (
            <Trans>The declaration was already sent to {state.email}.</Trans>
          ) : (
            <Trans>The address {state.email} is confirmed. You may close this page and go on with the declaration.</Trans>
          )}
        </p>
      ) : null}
      {state.kind === 'failed' ? <ErrorText code={state.code} /> : null}
      <p>
        <Link to="/">{t`To the home page`}</Link>
      </p>
    </article>
  );
}
