/**
 * `/eiPreview?id=…` (app-shell §2; SPEC BR5): the statement of a declaration the signed-in person
 * took part in, opened without the preview password — the session proves who it is; another
 * person's statement is refused like a wrong password.
 */
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { StatementView } from '@eid/domain';
import { AccountCallError } from '../shell/account-session';
import { api } from '../shell/api';
import { ErrorText } from '../decla/fields/fields';
import { StatementDetail } from '../statement/statement-page';

export function AccountStatement({ id }: { id: string | undefined }) {
  const { t } = useLingui();
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'done'; view: StatementView } | { kind: 'failed'; code: string }>(() => (id ? { kind: 'loading' } : { kind: 'failed', code: 'PREVIEW_LOAD_FAILED' }));
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    api.call('accountStatement', { params: { statementId: id } }).then(
      (view) => live && setState({ kind: 'done', view }),
      (e: unknown) => live && setState({ kind: 'failed', code: e instanceof AccountCallError ? e.code : 'GENERIC_ERROR' }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (state.kind === 'done') return <StatementDetail view={state.view} />;
  return (
    <article className="page statement">
      <h1>{t`Road accident declaration`}</h1>
      {state.kind === 'loading' ? (
        <p role="status">{t`Loading…`}</p>
      ) : (
        <>
          <div role="alert">
            <ErrorText code={state.code} />
          </div>
          <Link to="/ei">{t`To my accidents`}</Link>
        </>
      )}
    </article>
  );
}
