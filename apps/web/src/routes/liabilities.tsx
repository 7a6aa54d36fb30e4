import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { LiabilitiesPage } from '../account/records-pages';

/** Liabilities (app-shell §2): login needed, custom toolbar, no footer. */
export const Route = createFileRoute('/liabilities')({
  beforeLoad: (at) => requireLogin('/liabilities', at),
  loader: loadAccountCatalog,
  component: LiabilitiesPage,
});
