/**
 * The account area's pages (messages, claims, accidents, documents, settings ...) behind the login
 * gate. Signing in arrives with the account issue; until then a visitor who passes the gate (a
 * declaration in progress on this device) learns what the area will hold and how to get back.
 */
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export function AccountPage({ title }: { title: string }) {
  return (
    <article className="page account-page">
      <h1>{title}</h1>
      <p>
        <Trans>Signing in to the account is not available yet. Your declarations reach you by SMS or e-mail with a link and a password.</Trans>
      </p>
      <p>
        <Link to="/decla" className="button">
          <Trans>Back to the declaration</Trans>
        </Link>
      </p>
    </article>
  );
}
