import { Trans, useLingui } from '@lingui/react/macro';
import { HISTORY_YEARS, STORAGE_KEYS, UNFINISHED_TTL_MS } from '@eid/domain/constants';

/**
 * The terms (route /terms, app-shell §2): the self-service terms of use, the declaring rules and the
 * privacy policy, each a part with its own id for links (`#terms-of-use`, `#declaring-rules`,
 * `#privacy`). The retention periods are this service's own.
 */
export function TermsPage() {
  const { t } = useLingui();
  const minutes = UNFINISHED_TTL_MS / 60_000;
  const years = HISTORY_YEARS;
  const storage = [
    { key: STORAGE_KEYS.uilang, use: t`The interface language you chose` },
    { key: STORAGE_KEYS.eidMode, use: t`Whether you declare for real or practise` },
    { key: STORAGE_KEYS.darkTheme, use: t`The dark theme, when you turned it on` },
    { key: STORAGE_KEYS.cookiesAgreed, use: t`That you have answered the cookie notice` },
    { key: STORAGE_KEYS.gaAllowed, use: t`Your analytics choice: T allowed, N denied` },
    { key: STORAGE_KEYS.instanceId, use: t`A random id of this browser, sent with error reports` },
    { key: STORAGE_KEYS.connectionState, use: t`Your edits not yet confirmed by the server, so that nothing you type is lost` },
    { key: STORAGE_KEYS.nodeId, use: t`The id of this device's connection to the declaration` },
    { key: STORAGE_KEYS.token, use: t`The key that lets this device continue its declaration` },
    { key: STORAGE_KEYS.stateConnection, use: t`A snapshot for resuming an unfinished declaration` },
    { key: STORAGE_KEYS.schemeObjects, use: t`The draft of the accident scheme you are drawing` },
    { key: STORAGE_KEYS.eidPlates, use: t`The plates you entered for the declaration in progress` },
    {
      key: STORAGE_KEYS.signedIn,
      use: t`That this browser signed in to an account: a flag only. The session itself is the eid_session cookie, which the page cannot read; it ends after 30 minutes unused, 12 hours at most, or when you sign out.`,
    },
  ];
  return (
    <article className="page content-page">
      <h1>
        <Trans>Terms and privacy</Trans>
      </h1>
      <p className="lead">
        <Trans>
          These terms apply to the electronic road accident declaration service of Transporto priemonių draudikų biuras. Please read them
          before you declare an accident.
        </Trans>
      </p>
      <nav aria-label={t`Parts of this page`}>
        <ul>
          <li>
            <a href="#terms-of-use">{t`Terms of use`}</a>
          </li>
          <li>
            <a href="#declaring-rules">{t`Declaring rules`}</a>
          </li>
          <li>
            <a href="#privacy">{t`Privacy policy`}</a>
          </li>
        </ul>
      </nav>

      <section id="terms-of-use" aria-labelledby="terms-of-use-title">
        <h2 id="terms-of-use-title">{t`Terms of use`}</h2>
        <p>
          <Trans>
            The electronic declaration is a self-service: the drivers fill in the declaration themselves and are responsible for
            what they enter. The service is free and needs no account.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>Use the service only to declare a real accident in which you were one of the drivers, or to practise in the practice mode.</Trans>
          </li>
          <li>
            <Trans>Give true and complete data. A false declaration may lead to a refusal of compensation and to liability under the law.</Trans>
          </li>
          <li>
            <Trans>Upload only photos and voice notes of the accident, and do not try to disrupt the service or to guess links or passwords.</Trans>
          </li>
          <li>
            <Trans>The practice mode is for learning: it saves nothing and sends nothing to anyone.</Trans>
          </li>
          <li>
            <Trans>If the service is unavailable or the declaration cannot be completed, fill in a paper declaration instead.</Trans>
          </li>
          <li>
            <Trans>These terms may change. The version you agreed to is recorded with your declaration.</Trans>
          </li>
        </ul>
      </section>

      <section id="declaring-rules" aria-labelledby="declaring-rules-title">
        <h2 id="declaring-rules-title">{t`Declaring rules`}</h2>
        <h3>
          <Trans>When the electronic declaration may be used</Trans>
        </h3>
        <ul>
          <li>
            <Trans>The accident happened in Lithuania.</Trans>
          </li>
          <li>
            <Trans>Two vehicles were involved, and both drivers are at the scene.</Trans>
          </li>
          <li>
            <Trans>Nobody was injured or killed.</Trans>
          </li>
          <li>
            <Trans>The drivers agree on the circumstances of the accident and on who caused it.</Trans>
          </li>
          <li>
            <Trans>Neither driver is under the influence of alcohol or drugs, and both have the right to drive.</Trans>
          </li>
          <li>
            <Trans>At least one of the vehicles is registered in Lithuania: a declaration for two foreign vehicles is not possible.</Trans>
          </li>
        </ul>
        <p>
          <Trans>Otherwise call the police on 112, or fill in a paper declaration when the police are not needed.</Trans>
        </p>
        <h3>
          <Trans>Filling in the declaration</Trans>
        </h3>
        <ul>
          <li>
            <Trans>Each driver fills in their own part on their own phone, or one phone is used to fill in both parts.</Trans>
          </li>
          <li>
            <Trans>A photo of the accident, a photo of each vehicle's plate and a photo of each vehicle's damage are required.</Trans>
          </li>
          <li>
            <Trans>Both drivers must name the same party at fault: driver A, driver B or both. If their choices differ, both choose again.</Trans>
          </li>
          <li>
            <Trans>Each driver checks the preview and signs their own part on the screen.</Trans>
          </li>
          <li>
            <Trans>An unfinished declaration is deleted {minutes} minutes after the last activity.</Trans>
          </li>
        </ul>
        <h3>
          <Trans>After the declaration is submitted</Trans>
        </h3>
        <p>
          <Trans>
            When both drivers have signed and submitted, the service produces the declaration as a password-protected PDF. Each
            driver receives their own view link by SMS or e-mail, and the declaration is sent to the insurer of the party at fault.
          </Trans>
        </p>
        <p>
          <Trans>
            A submitted declaration cannot be edited, cancelled or deleted. The victim claims compensation from the insurer of the
            party at fault.
          </Trans>
        </p>
      </section>

      <section id="privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t`Privacy policy`}</h2>
        <h3>
          <Trans>Who is responsible for your data</Trans>
        </h3>
        <p>
          <Trans>
            The controller of your personal data is the bureau, Transporto priemonių draudikų biuras. For questions about your data and for
            requests, write to info@eid.lt.
          </Trans>
        </p>
        <h3>
          <Trans>What data the service processes</Trans>
        </h3>
        <ul>
          <li>
            <Trans>The plates, the vehicles and their insurance, partly from the register of insured vehicles.</Trans>
          </li>
          <li>
            <Trans>Each driver's name, surname, personal code or driving licence number, date of birth and address.</Trans>
          </li>
          <li>
            <Trans>Your phone number or e-mail address, and the phone confirmation code.</Trans>
          </li>
          <li>
            <Trans>The time and place of the accident, including the location of your phone when you allow it.</Trans>
          </li>
          <li>
            <Trans>Photos, voice notes, the scheme, the circumstances, the damages and the signatures.</Trans>
          </li>
          <li>
            <Trans>Technical data: the ids of your browser and connection, and reports of errors in the app.</Trans>
          </li>
        </ul>
        <h3>
          <Trans>Why the data are processed</Trans>
        </h3>
        <p>
          <Trans>
            To produce the declaration and deliver it to the drivers and to the insurers for the handling of the claim, as the law
            on motor third-party liability insurance provides, and to keep the service working and secure. Analytics is used only
            with your consent.
          </Trans>
        </p>
        <h3>
          <Trans>Who receives the data</Trans>
        </h3>
        <p>
          <Trans>
            The other driver of the declaration, the insurer of the party at fault and the insurers that handle the claim. SMS and
            e-mail are delivered through message providers. The data are not sold and are not used for advertising.
          </Trans>
        </p>
        <h3>
          <Trans>How long the data are kept</Trans>
        </h3>
        <ul>
          <li>
            <Trans>An unfinished declaration is deleted {minutes} minutes after the last activity.</Trans>
          </li>
          <li>
            <Trans>
              A submitted declaration, its documents, photos and voice notes are kept for {years} years and then deleted: the
              history covers the last {years} years.
            </Trans>
          </li>
          <li>
            <Trans>The delivery log, which records who received which message and when, is kept for {years} years.</Trans>
          </li>
          <li>
            <Trans>Reports of errors in the app are kept for 90 days.</Trans>
          </li>
          <li>
            <Trans>A phone confirmation code expires once it has been used.</Trans>
          </li>
          <li>
            <Trans>A practice declaration is never saved: it exists only in the open page.</Trans>
          </li>
        </ul>
        <h3>
          <Trans>Cookies and storage in your browser</Trans>
        </h3>
        <p>
          <Trans>
            Analytics runs only if you allow it in the cookie notice. Your choice is kept under gaAllowed: T allowed, N denied.
            Without your consent no analytics runs and no third-party scripts are loaded.
          </Trans>
        </p>
        <p>
          <Trans>The app keeps these entries in your browser's local storage:</Trans>
        </p>
        <dl>
          {storage.map((s) => (
            <div key={s.key}>
              <dt>
                <code>{s.key}</code>
              </dt>
              <dd>{s.use}</dd>
            </div>
          ))}
        </dl>
        <p>
          <Trans>
            The entries of a declaration are removed from your browser when the declaration ends. When you open a sent declaration
            with its password, a cookie lets this browser download its files for one hour.
          </Trans>
        </p>
        <h3>
          <Trans>Security</Trans>
        </h3>
        <p>
          <Trans>
            The declaration PDF is encrypted, and passwords are not stored, only checked. A view link is locked for a while after
            several wrong passwords, and files can be downloaded only in a browser where the password was entered.
          </Trans>
        </p>
        <h3>
          <Trans>Your rights</Trans>
        </h3>
        <p>
          <Trans>
            You may ask for access to your data, for their correction, erasure where the law allows it, or restriction, and object
            to their processing. You may withdraw your analytics consent at any time. You may also complain to the State Data
            Protection Inspectorate.
          </Trans>
        </p>
      </section>
    </article>
  );
}
