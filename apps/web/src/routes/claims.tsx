import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { ClaimsPage } from '../account/claims/claims-pages';

/** Claims (app-shell §1, §2; issue 17): login needed. */
export const Route = createFileRoute('/claims')({
  beforeLoad: (at) => requireLogin('/claims', at),
  loader: loadAccountCatalog,
  component: ClaimsPage,
});
