import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { requireLogin } from '../shell/login-gate';
import { AccountPage } from '../shell/account-page';

/** Accident (app-shell §2): login needed. */
export const Route = createFileRoute('/eiPreview')({
  beforeLoad: (at) => requireLogin('/eiPreview', at),
  component: function EiPreviewRoute() {
    const { t } = useLingui();
    return <AccountPage title={t`Accident`} />;
  },
});
