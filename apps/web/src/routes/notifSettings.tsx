import { createFileRoute, redirect } from '@tanstack/react-router';

/** The notification-settings redirect (app-shell §2): the messages section of the settings. */
export const Route = createFileRoute('/notifSettings')({
  beforeLoad: () => {
    throw redirect({ to: '/userSettings', search: { s: 'M' }, replace: true });
  },
});
