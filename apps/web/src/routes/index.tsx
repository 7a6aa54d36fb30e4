import { createFileRoute } from '@tanstack/react-router';

/** The home page: drawn by the shell itself, before and after the router (shell/app.tsx, shell/home-page.tsx). */
export const Route = createFileRoute('/')({});
