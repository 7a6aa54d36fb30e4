/** Reading the signed-in person's records (SPEC BR1-BR4): one call per page, refused calls said by their code. */
import { useEffect, useState } from 'react';
import type { HttpResult } from '@eid/domain/protocol';
import { AccountCallError } from '../shell/account-session';
import { api } from '../shell/api';

export type Loaded<T> = { readonly kind: 'loading' } | { readonly kind: 'done'; readonly value: T } | { readonly kind: 'failed'; readonly error: AccountCallError };

type RecordsCall = 'documents' | 'liabilities' | 'accidents';
const read = (name: RecordsCall) => (name === 'documents' ? api.call('documents') : name === 'liabilities' ? api.call('liabilities') : api.call('accidents'));

export function useRecords<N extends RecordsCall>(name: N): Loaded<HttpResult<N>> {
  const [state, setState] = useState<Loaded<HttpResult<N>>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    (read(name) as Promise<HttpResult<N>>).then(
      (value) => live && setState({ kind: 'done', value }),
      (e: unknown) => live && setState({ kind: 'failed', error: e instanceof AccountCallError ? e : new AccountCallError('GENERIC_ERROR') }),
    );
    return () => {
      live = false;
    };
  }, [name]);
  return state;
}
