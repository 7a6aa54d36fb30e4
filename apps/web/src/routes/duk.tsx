import { createFileRoute } from '@tanstack/react-router';
import { loadContentCatalog } from '../content/catalog';
import { FaqPage } from '../content/faq-page';

export const Route = createFileRoute('/duk')({
  loader: loadContentCatalog,
  component: FaqPage,
});
