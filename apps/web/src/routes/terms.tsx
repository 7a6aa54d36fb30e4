import { createFileRoute } from '@tanstack/react-router';
import { loadContentCatalog } from '../content/catalog';
import { TermsPage } from '../content/terms-page';

export const Route = createFileRoute('/terms')({
  loader: loadContentCatalog,
  component: TermsPage,
  // app-shell §2: the terms page scrolls smoothly to its top.
  onEnter: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
});
