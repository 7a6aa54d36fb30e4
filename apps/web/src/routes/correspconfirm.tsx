import { createFileRoute } from '@tanstack/react-router';
import { loadFormsCatalog } from '../decla/catalog';
import { ConfirmEmailPage } from '../email/confirm-page';

/** The e-mail confirmation link in its older form (app-shell §2). */
export const Route = createFileRoute('/correspconfirm')({
  loader: loadFormsCatalog,
  validateSearch: (search: Record<string, unknown>): { t?: string } => (typeof search.t === 'string' ? { t: search.t } : {}),
  component: function ConfirmRoute() {
    const { t } = Route.useSearch();
    return <ConfirmEmailPage token={t ?? ''} />;
  },
});
