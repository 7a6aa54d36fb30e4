import { createFileRoute } from '@tanstack/react-router';
import { loadContentCatalog } from '../content/catalog';
import { AboutPage } from '../content/about-page';

export const Route = createFileRoute('/about')({
  loader: loadContentCatalog,
  component: AboutPage,
});
