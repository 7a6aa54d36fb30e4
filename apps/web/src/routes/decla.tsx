import { createFileRoute } from '@tanstack/react-router';
import { loadAccount } from '../shell/account-session';

/** The declaration: drawn by the shell itself, before and after the router (shell/app.tsx, decla/decla-entry.tsx). */
export const Route = createFileRoute('/decla')({
  // Who is declaring is known before the wizard starts: a signed-in driver's steps 5 and 11 start from the account (AC13).
  beforeLoad: async () => {
    await loadAccount();
  },
});
