import { createFileRoute } from '@tanstack/react-router';

/**
 * The declaration: drawn by the shell itself, before and after the router (shell/app.tsx, decla/decla-entry.tsx,
 * which waits for the account with the wizard's code).
 */
export const Route = createFileRoute('/decla')({});
