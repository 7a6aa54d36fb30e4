import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { stepDefinition, TOOLBAR, type StepName } from '@eid/domain';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { useSession, useParty } from '../session/session-context';
import { scrollToFirstError } from './step-hooks';
import { StepFooter, type StepProps } from './step-footer';
import { STEP_TITLES, WITNESSES_TITLE_B } from './step-titles';
import { NavMenu } from './nav-menu';
import { ConnectionStatus } from '../dialogs/connection-status';
import { IntroStep } from '../steps/intro-step';
import { DemoStep } from '../steps/demo-step';
import { TermsStep } from '../steps/terms-step';
import { PlatesStep } from '../steps/plates-step';
import { ContactsStep } from '../steps/contacts-step';
import { WitnessesStep } from '../steps/witnesses-step';
import { PhotosStep } from '../steps/photos-step';
import { DamagesStep } from '../steps/damages-step';
import { ConditionsStep } from '../steps/conditions-step';
import { DriverStep } from '../steps/driver-step';
import { PreviewStep } from '../steps/preview-step';
import { EndStep } from '../steps/end-step';

// The drawing canvas and the signature pad are heavy: each loads with its step only.
const SchemeStep = lazy(() => import('../steps/scheme-step').then((m) => ({ default: m.SchemeStep })));
const SignaturesStep = lazy(() => import('../steps/signatures-step').then((m) => ({ default: m.SignaturesStep })));

const STEP_COMPONENTS: Readonly<Record<StepName, ComponentType<StepProps>>> = {
  intro: IntroStep,
  demo: DemoStep,
  terms: TermsStep,
  plates: PlatesStep,
  contacts: ContactsStep,
  witnesses: WitnessesStep,
  photos: PhotosStep,
  damages: DamagesStep,
  conditions: ConditionsStep,
  scheme: SchemeStep,
  driver: DriverStep,
  preview: PreviewStep,
  signatures: SignaturesStep,
  end: EndStep,
};

export function WizardPage() {
  const session = useSession();
  const step = useSelector(session.wizard, (s) => s.context.step);
  const def = stepDefinition(step);
  const party = useParty();
  const { i18n } = useLinguiRuntime();
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step starts at the top with its title focused, so screen readers announce it.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  // A press on the disabled next button shows the topmost error.
  useEffect(() => {
    const sub = session.wizard.on('step.hint', () => setTimeout(() => scrollToFirstError(body.current), 0));
    return () => sub.unsubscribe();
  }, [session]);

  const title = def.name === 'witnesses' && party === 'B' ? WITNESSES_TITLE_B : STEP_TITLES[def.name];
  const Step = STEP_COMPONENTS[def.name];
  const toolbar = def.flags.toolbar;

  return (
    <div className={`decla decla--step-${def.name}`} data-step={step} data-mode={session.mode}>
      {toolbar !== TOOLBAR.hidden ? (
        <header className={`decla-toolbar${toolbar === TOOLBAR.mini ? ' decla-toolbar--mini' : ''}`}>
          <Link to="/" className="brand" aria-label={t`EID home page`}>
            EID
          </Link>
          {session.mode === 'practice' ? (
            <span className="badge badge--practice">
              <Trans>Practice</Trans>
            </span>
          ) : null}
          <span className="decla-toolbar-spacer" />
          {def.langPicker ? <LanguageSwitcher /> : null}
          {toolbar === TOOLBAR.full && def.navAccess ? (
            <button type="button" className="icon-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
              <span aria-hidden="true">☰</span>
              <span className="visually-hidden">
                <Trans>Steps</Trans>
              </span>
            </button>
          ) : null}
        </header>
      ) : null}
      <ConnectionStatus />
      <div className="decla-body" ref={body}>
        <h1 ref={heading} tabIndex={-1} className={def.hasTitle ? 'step-title' : 'visually-hidden'}>
          {def.hasTitle ? <span className="step-number">{t`Step ${step - 4} of 9`}</span> : null}
          {i18n._(title)}
        </h1>
        <Suspense fallback={<p className="loading">{t`Loading…`}</p>}>
          <Step step={step} />
        </Suspense>
      </div>
      {!def.flags.noFooter && !def.flags.customFooter ? <StepFooter /> : null}
      {menuOpen ? <NavMenu onClose={() => setMenuOpen(false)} /> : null}
    </div>
  );
}

