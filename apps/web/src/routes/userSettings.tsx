import { createFileRoute } from '@tanstack/react-router';
import { USER_SETTINGS_SECTIONS } from '@eid/domain/shell';
import { requireLogin } from '../shell/login-gate';
import { loadAccountCatalog } from '../account/catalog';
import { SettingsPage } from '../account/settings-page';

/** Settings (app-shell §2): login needed. */
export const Route = createFileRoute('/userSettings')({
  // The section by a query parameter: L login, D data, M messages, C cookies.
  validateSearch: (search: Record<string, unknown>): { s?: keyof typeof USER_SETTINGS_SECTIONS } =>
    typeof search.s === 'string' && search.s in USER_SETTINGS_SECTIONS ? { s: search.s as keyof typeof USER_SETTINGS_SECTIONS } : {},
  beforeLoad: (at) => requireLogin('/userSettings', at),
  loader: loadAccountCatalog,
  component: function UserSettingsRoute() {
    const { s } = Route.useSearch();
    return <SettingsPage section={s ?? 'L'} />;
  },
});
