/** Reading the signed-in person's records (SPEC BR1-BR4): one call per page, refused calls said by their code. */
import { useEffect, useState } from 'react';
import type { AccidentView, DebtView, DocumentView, RecordsAnswer } from '@eid/domain';
import { AccountCallError, accountCall } from '../shell/account-session';

export type DocumentsAnswer = RecordsAnswer<{ readonly active: DocumentView[]; readonly upcoming: DocumentView[]; readonly expired: DocumentView[] }>;
export type DebtsAnswer = RecordsAnswer<{ readonly debts: DebtView[]; readonly totalOwedCents: number }>;
/** BR5: the account's own declarations are listed without a verified code too. */
export type AccidentsAnswer = { readonly verified: boolean; readonly accidents: AccidentView[] };

export type Loaded<T> = { readonly kind: 'loading' } | { readonly kind: 'done'; readonly value: T } | { readonly kind: 'failed'; readonly error: AccountCallError };

export function useRecords<T>(path: '/documents' | '/liabilities' | '/accidents'): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    accountCall<T>(path, { method: 'GET' }).then(
      (value) => live && setState({ kind: 'done', value }),
      (e: unknown) => live && setState({ kind: 'failed', error: e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR') }),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return state;
}
