import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { trackEvent } from '@eid/domain/shell';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { TOOLBAR } from '@eid/domain';
import { FILL_STEPS, FIRST_FILL_STEP, stepDefinition, stepOrdinal, type StepName } from '@eid/domain/device';
import { LanguageSwitcher } from '../../i18n/language-switcher';
import { isLocale } from '../../i18n/i18n';
import { useSession, useParty } from '../session/session-context';
import { scrollToFirstError } from './step-hooks';
import { StepFooter, type StepProps } from './step-footer';
import { PhotoQueueStatus } from './photo-queue-status';
import { STEP_TITLES, WITNESSES_TITLE_B } from './step-titles';
import { ConnectionStatus } from '../dialogs/connection-status';
import { OpeningDeclaration } from '../opening';
import { JoinRequestDialog } from '../dialogs/join-request-dialog';
import { SystemUpdateBanner } from '../dialogs/system-update-banner';
import { CaptchaDialogHost } from '../../captcha/captcha-dialog';
import { IntroStep } from '../steps/intro-step';
import { DemoStep } from '../steps/demo-step';
import { TermsStep } from '../steps/terms-step';
import { PlatesStep } from '../steps/plates-step';
import { EndStep } from '../steps/end-step';
import { ChunkBoundary } from '../../shell/lazy-chunk';
import { AppLink } from '../../shell/navigation';
import { withChunkTimeout } from '../../shell/chunk-timeout';
import { analytics } from '../../shell/analytics';

/**
 * Steps 5 to 13 load with their step (and the next one is fetched ahead while the driver fills the
 * current), so the first screen carries only the intro to the plates; the drawing canvas and the
 * signature pad are the heaviest of them.
 */
const LOADERS = {
  contacts: withChunkTimeout(() => import('../steps/contacts-step').then((m) => ({ default: m.ContactsStep }))),
  witnesses: withChunkTimeout(() => import('../steps/witnesses-step').then((m) => ({ default: m.WitnessesStep }))),
  photos: withChunkTimeout(() => import('../steps/photos-step').then((m) => ({ default: m.PhotosStep }))),
  damages: withChunkTimeout(() => import('../steps/damages-step').then((m) => ({ default: m.DamagesStep }))),
  conditions: withChunkTimeout(() => import('../steps/conditions-step').then((m) => ({ default: m.ConditionsStep }))),
  scheme: withChunkTimeout(() => import('../steps/scheme-step').then((m) => ({ default: m.SchemeStep }))),
  driver: withChunkTimeout(() => import('../steps/driver-step').then((m) => ({ default: m.DriverStep }))),
  preview: withChunkTimeout(() => import('../steps/preview-step').then((m) => ({ default: m.PreviewStep }))),
  signatures: withChunkTimeout(() => import('../steps/signatures-step').then((m) => ({ default: m.SignaturesStep }))),
} as const;

// The menu shows each step's progress (which needs the phone and e-mail rules): loaded when opened.
const NavMenu = lazy(withChunkTimeout(() => import('./nav-menu').then((m) => ({ default: m.NavMenu }))));

/** Starts loading a step's screen (a no-op for steps that are part of the first load). */
function preloadStep(name: StepName): void {
  const load = (LOADERS as Partial<Record<StepName, () => Promise<unknown>>>)[name];
  if (load) void load().catch(() => undefined);
}

const STEP_COMPONENTS: Readonly<Record<StepName, ComponentType<StepProps>>> = {
  intro: IntroStep,
  demo: DemoStep,
  terms: TermsStep,
  plates: PlatesStep,
  contacts: lazy(LOADERS.contacts),
  witnesses: lazy(LOADERS.witnesses),
  photos: lazy(LOADERS.photos),
  damages: lazy(LOADERS.damages),
  conditions: lazy(LOADERS.conditions),
  scheme: lazy(LOADERS.scheme),
  driver: lazy(LOADERS.driver),
  preview: lazy(LOADERS.preview),
  signatures: lazy(LOADERS.signatures),
  end: EndStep,
};

export function WizardPage() {
  const session = useSession();
  const step = useSelector(session.wizard, (s) => s.context.step);
  const def = stepDefinition(step);
  const ordinal = stepOrdinal(step);
  const party = useParty();
  const { i18n } = useLinguiRuntime();
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  // Issue 34: a reload of a declaration in progress showed "Safety first" until the hub's answer took the driver back to
  // their step. While that first answer is awaited, the page says it is opening the declaration instead. (Offline, the
  // link goes on reconnecting: the last known declaration or the steps show, as before.)
  const resuming = useSelector(session.session, (s) => s.context.resuming);
  const linkOpening = useSelector(session.connection, (s) => s.matches({ link: 'opening' }) || s.matches({ link: 'handshaking' }));
  const reopening = resuming && linkOpening;
  const body = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A new step starts at the top with its title focused, so screen readers announce it; the next
  // step's screen is fetched meanwhile.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
    if (step < 14) preloadStep(stepDefinition(step + 1).name);
    // Where drivers are (and give up): the step's number and the mode, nothing they typed (SH5).
    trackEvent(analytics, 'declaration_step', { step, mode: session.mode });
  }, [step, session]);

  // Issue 37: a language picked after joining is this driver's language for their PDF, SMS and e-mails.
  useEffect(() => {
    if (isLocale(i18n.locale)) session.changeFillLang(i18n.locale).catch(() => undefined);
  }, [i18n.locale, session]);

  // A press on the disabled next button shows the topmost error.
  useEffect(() => {
    const sub = session.wizard.on('step.hint', () => setTimeout(() => scrollToFirstError(body.current), 0));
    return () => sub.unsubscribe();
  }, [session]);

  if (reopening && step < FIRST_FILL_STEP) return <OpeningDeclaration mode={session.mode} />;

  const title = def.name === 'witnesses' && party === 'B' ? WITNESSES_TITLE_B : STEP_TITLES[def.name];
  const Step = STEP_COMPONENTS[def.name];
  const toolbar = def.flags.toolbar;

  return (
    <div className={`decla decla--step-${def.name}`} data-step={step} data-mode={session.mode}>
      {toolbar !== TOOLBAR.hidden ? (
        <header className={`decla-toolbar${toolbar === TOOLBAR.mini ? ' decla-toolbar--mini' : ''}`}>
          <AppLink to="/" className="brand" aria-label={t`EID home page`}>
            EID
          </AppLink>
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
      <PhotoQueueStatus />
      {session.mode === 'live' ? <SystemUpdateBanner /> : null}
      <JoinRequestDialog />
      <CaptchaDialogHost gate={session.captcha} />
      <div className="decla-body" ref={body}>
        {/* The unnumbered screens before "Step 1 of 9" say what they are (issue 18 item 12). */}
        {step > 1 && step < FIRST_FILL_STEP ? <p className="step-number step-before">{t`Getting started, then ${FILL_STEPS.length} steps`}</p> : null}
        <h1 ref={heading} tabIndex={-1} className={def.hasTitle ? 'step-title' : 'visually-hidden'}>
          {ordinal ? <span className="step-number">{t`Step ${ordinal.index} of ${ordinal.total}`}</span> : null}
          {i18n._(title)}
        </h1>
        <ChunkBoundary key={step}>
          <Suspense
            fallback={
              <p className="loading loading--page" role="status">
                <span className="spinner spinner--large" aria-hidden="true" /> {t`Loading…`}
              </p>
            }
          >
            <Step step={step} />
          </Suspense>
        </ChunkBoundary>
      </div>
      {!def.flags.noFooter && !def.flags.customFooter ? <StepFooter /> : null}
      {menuOpen ? (
        <ChunkBoundary onClose={() => setMenuOpen(false)}>
          <Suspense fallback={null}>
            <NavMenu onClose={() => setMenuOpen(false)} />
          </Suspense>
        </ChunkBoundary>
      ) : null}
    </div>
  );
}

