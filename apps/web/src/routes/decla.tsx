import { createFileRoute } from '@tanstack/react-router';
import { DeclaEntry } from '../decla/decla-entry';
import { loadAccount } from '../shell/account-session';

export const Route = createFileRoute('/decla')({
  // Who is declaring is known before the wizard starts: a signed-in driver's steps 5 and 11 start from the account (AC13).
  beforeLoad: async () => {
    await loadAccount();
  },
  component: DeclaEntry,
});
