import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Insurance documents (app-shell §2): login needed. */
export const Route = createFileRoute('/documents')({
  beforeLoad: (at) => requireLogin('/documents', at),
  component: function DocumentsRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Insurance documents`} />;
  },
});
