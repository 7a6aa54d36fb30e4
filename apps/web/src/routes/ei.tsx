import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { AccidentsPage } from '../account/records-pages';

/** The accident list (app-shell §2): login needed. */
export const Route = createFileRoute('/ei')({
  beforeLoad: (at) => requireLogin('/ei', at),
  loader: loadAccountCatalog,
  component: AccidentsPage,
});
