import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { AccountStatement } from '../account/account-statement';

/** An accident's statement (app-shell §2): login needed; the statement by its id in the query. */
export const Route = createFileRoute('/eiPreview')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => (typeof search.id === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(search.id) ? { id: search.id } : {}),
  beforeLoad: (at) => requireLogin('/eiPreview', at),
  loader: loadAccountCatalog,
  component: function EiPreviewRoute() {
    const { id } = Route.useSearch();
    return <AccountStatement id={id} />;
  },
});
