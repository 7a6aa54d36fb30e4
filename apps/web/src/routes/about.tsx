import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../content/about-page';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});
