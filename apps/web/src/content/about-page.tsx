import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { OFFICE_EMAIL as EMAIL, OFFICE_PHONE as PHONE, OFFICE_PHONE_HREF as PHONE_HREF, OfficeHours } from '../shell/office-hours';

/** About (route /about): the service, the bureau that runs it, and the office contacts with the office hours. */
export function AboutPage() {
  const { t } = useLingui();
  return (
    <article className="page content-page">
      <h1>
        <Trans>About the service</Trans>
      </h1>
      <p className="lead">
        <Trans>
          The electronic road accident declaration lets drivers declare an accident together on their phones and send it to the
          insurers at once.
        </Trans>
      </p>

      <section aria-labelledby="about-service">
        <h2 id="about-service">
          <Trans>The electronic declaration</Trans>
        </h2>
        <p>
          <Trans>
            The electronic declaration has the same content as the paper European accident statement. The service checks the
            insurance of the vehicles by their plates, helps with photos and the accident scheme, and delivers the signed
            declaration to both drivers and to the insurer of the party at fault.
          </Trans>
        </p>
        <p>
          <Trans>
            It works in any modern browser on a phone, a tablet or a computer, in Lithuanian, English, Polish, Latvian, Ukrainian,
            Russian and German (each driver in their own), and can be installed on the home screen. It is free of charge and needs no account.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="about-bureau">
        <h2 id="about-bureau">
          <Trans>The bureau</Trans>
        </h2>
        <p>
          <Trans>
            The service is run by Transporto priemonių draudikų biuras, which unites the insurers that offer motor third-party liability
            insurance in Lithuania.
          </Trans>
        </p>
        <ul>
          <li>
            <Trans>It keeps the information system of motor third-party liability insurance: policies, vehicles and accidents.</Trans>
          </li>
          <li>
            <Trans>It compensates damage caused by uninsured or unidentified vehicles and recovers it from those responsible.</Trans>
          </li>
          <li>
            <Trans>It is Lithuania's Green Card bureau, compensation body and information centre for accidents abroad.</Trans>
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-contacts">
        <h2 id="about-contacts">
          <Trans>Contact the office</Trans>
        </h2>
        <h3>
          <Trans>Office hours</Trans>
        </h3>
        <OfficeHours />
        <p className="muted">
          <Trans>Lithuanian time. The office is closed on weekends and public holidays.</Trans>
        </p>
        <h3>
          <Trans>Phone and e-mail</Trans>
        </h3>
        <dl>
          <dt>{t`Phone`}</dt>
          <dd>
            <a href={PHONE_HREF}>{PHONE}</a>
          </dd>
          <dt>{t`E-mail`}</dt>
          <dd>
            <a href={`mailto:${EMAIL}`}>{EMAIL}</a>
          </dd>
        </dl>
      </section>

      <section aria-labelledby="about-more">
        <h2 id="about-more">
          <Trans>Read more</Trans>
        </h2>
        <ul>
          <li>
            <Link to="/info">{t`How the electronic declaration works`}</Link>
          </li>
          <li>
            <Link to="/duk">{t`Frequently asked questions`}</Link>
          </li>
          <li>
            <Link to="/terms">{t`Terms and privacy`}</Link>
          </li>
        </ul>
      </section>
    </article>
  );
}
