import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { DocumentsPage } from '../account/records-pages';

/** Insurance documents (app-shell §2): login needed. */
export const Route = createFileRoute('/documents')({
  beforeLoad: (at) => requireLogin('/documents', at),
  loader: loadAccountCatalog,
  component: DocumentsPage,
});
