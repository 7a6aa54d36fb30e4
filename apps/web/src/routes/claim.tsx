import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { ClaimPage, ClaimsPage } from '../account/claims/claims-pages';

/** A claim (app-shell §1, §2; issue 17): login needed; the claim by its id in the query (never a personal code). */
export const Route = createFileRoute('/claim')({
  validateSearch: (search: Record<string, unknown>): { id?: string } => (typeof search.id === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(search.id) ? { id: search.id } : {}),
  beforeLoad: (at) => requireLogin('/claim', at),
  loader: loadAccountCatalog,
  component: function ClaimRoute() {
    const { id } = Route.useSearch();
    // Without a claim's id: the claims and the ways to start one.
    return id ? <ClaimPage id={id} /> : <ClaimsPage />;
  },
});
