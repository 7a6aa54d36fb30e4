import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PREVIEW_PASSWORD_LENGTH, UNFINISHED_TTL_MS } from '@eid/domain/constants';

/**
 * Information (routes /info and /information): what the electronic declaration is, who can use it,
 * how it works step by step, what the drivers receive and what to do next.
 */
export function InfoPage() {
  const { t } = useLingui();
  const length = PREVIEW_PASSWORD_LENGTH;
  const minutes = UNFINISHED_TTL_MS / 60_000;
  return (
    <article className="page content-page">
      <h1>
        <Trans>How the electronic declaration works</Trans>
      </h1>
      <p className="lead">
        <Trans>
          The electronic declaration replaces the paper European accident statement. Two drivers fill it in together on their
          phones and send it to the insurers in a few minutes, without paper and without a visit to the insurer.
        </Trans>
      </p>

      <section aria-labelledby="info-what">
        <h2 id="info-what">
          <Trans>What the electronic declaration is</Trans>
        </h2>
        <p>
          <Trans>
            It is the same road accident declaration as the paper form, filled in on a phone: the vehicles and their insurance,
            the time and place, photos, damages, circumstances, a scheme of the accident and the drivers' signatures.
          </Trans>
        </p>
        <p>
          <Trans>
            The service is run by Transporto priemonių draudikų biuras. It checks the insurance of both vehicles by their plates and sends the
            finished declaration to the insurer of the party at fault and to both drivers.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="info-who">
        <h2 id="info-who">
          <Trans>Who can use it</Trans>
        </h2>
        <ul>
          <li>
            <Trans>The drivers of two vehicles that collided in Lithuania, when nobody was injured and they agree on what happened.</Trans>
          </li>
          <li>
            <Trans>No account is needed: you declare anonymously and give your personal code or driving licence number.</Trans>
          </li>
          <li>
            <Trans>At least one of the vehicles must be registered in Lithuania.</Trans>
          </li>
          <li>
            <Trans>Anyone can try the practice mode: it works like a real declaration, but saves nothing and sends nothing.</Trans>
          </li>
        </ul>
        <p>
          <Link to="/terms" hash="declaring-rules">
            {t`Read the declaring rules`}
          </Link>
        </p>
      </section>

      <section aria-labelledby="info-how">
        <h2 id="info-how">
          <Trans>How it works, step by step</Trans>
        </h2>
        <h3>
          <Trans>Two phones or one</Trans>
        </h3>
        <p>
          <Trans>
            Each driver can fill in their own part on their own phone: you both enter the same two plates, each your own first,
            and the service joins you in one declaration. Or one driver fills in both parts on one phone, and the other driver
            checks them and signs on the same screen.
          </Trans>
        </p>
        <h3>
          <Trans>The steps</Trans>
        </h3>
        <ol>
          <li>
            <Trans>Read the safety advice. If someone is injured, call 112 instead of declaring.</Trans>
          </li>
          <li>
            <Trans>Read the conditions and give your consents.</Trans>
          </li>
          <li>
            <Trans>Enter the plates of both vehicles, your own first, and any trailers.</Trans>
          </li>
          <li>
            <Trans>Give your phone number, confirmed with a code sent by SMS, or your e-mail address.</Trans>
          </li>
          <li>
            <Trans>Give the time and place of the accident, and any witnesses.</Trans>
          </li>
          <li>
            <Trans>Take photos of the accident scene, of each vehicle's plate and of the damage.</Trans>
          </li>
          <li>
            <Trans>Mark where your vehicle was hit, and describe the damage in text or with a voice note.</Trans>
          </li>
          <li>
            <Trans>Tick the circumstances of the accident that apply to your vehicle.</Trans>
          </li>
          <li>
            <Trans>Draw a scheme of the accident, starting from a suggested road, or upload a photo of a drawn scheme.</Trans>
          </li>
          <li>
            <Trans>Give your personal data as the driver.</Trans>
          </li>
          <li>
            <Trans>Check the whole declaration in the preview and correct anything that is wrong.</Trans>
          </li>
          <li>
            <Trans>Sign on the screen, choose together who caused the accident, confirm the responsible insurer and submit.</Trans>
          </li>
        </ol>
        <p>
          <Trans>
            What you enter is saved as you type. If you are interrupted, you can continue within {minutes} minutes: start again and
            enter both plates.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="info-receive">
        <h2 id="info-receive">
          <Trans>What you receive</Trans>
        </h2>
        <ul>
          <li>
            <Trans>Each driver receives their own link to view the declaration: by SMS, or by e-mail together with the PDF and a QR code.</Trans>
          </li>
          <li>
            <Trans>
              The view link asks for a password: the last {length} characters of your personal code or driving licence number, as
              given in the declaration.
            </Trans>
          </li>
          <li>
            <Trans>The PDF of the declaration opens with the same password.</Trans>
          </li>
          <li>
            <Trans>After 5 wrong passwords within 15 minutes, the link is locked for 15 minutes.</Trans>
          </li>
          <li>
            <Trans>The view shows the whole declaration with its photos and voice notes, and lets you download the PDF.</Trans>
          </li>
        </ul>
      </section>

      <section aria-labelledby="info-next">
        <h2 id="info-next">
          <Trans>What to do next</Trans>
        </h2>
        <ul>
          <li>
            <Trans>If you are the victim, claim your damage from the insurer of the party at fault: it has already received the declaration.</Trans>
          </li>
          <li>
            <Trans>If you caused the accident, your insurer may ask you for the password to open its copy of the declaration.</Trans>
          </li>
          <li>
            <Trans>Do not repair the vehicle before the insurer has inspected it or agreed to the repair.</Trans>
          </li>
          <li>
            <Trans>If the vehicle at fault was not insured, contact the bureau about your damage.</Trans>
          </li>
        </ul>
        <p>
          <Link to="/duk">{t`Frequently asked questions`}</Link>
        </p>
      </section>
    </article>
  );
}
