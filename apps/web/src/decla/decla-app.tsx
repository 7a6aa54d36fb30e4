import { useLingui } from '@lingui/react/macro';
import type { EidMode } from '@eid/domain/constants';
import { SessionProvider } from './session/session-context';
import { WizardPage } from './wizard/wizard-page';

/** The declaration proper: its session (machines, adapters) and the wizard. Loaded lazily. */
export default function DeclaApp({ mode, startStep }: { mode: EidMode; startStep: number }) {
  const { t } = useLingui();
  return (
    <SessionProvider mode={mode} startStep={startStep} fallback={<p className="loading">{t`Loading…`}</p>}>
      <WizardPage />
    </SessionProvider>
  );
}
