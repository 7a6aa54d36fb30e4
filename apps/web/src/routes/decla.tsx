import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { SessionProvider } from '../decla/session/session-context';
import { WizardPage } from '../decla/wizard/wizard-page';
import { storedMode } from '../decla/mode';

export const Route = createFileRoute('/decla')({
  component: DeclaRoute,
});

function DeclaRoute() {
  const { t } = useLingui();
  return (
    <SessionProvider mode={storedMode()} fallback={<p className="loading">{t`Loading…`}</p>}>
      <WizardPage />
    </SessionProvider>
  );
}
