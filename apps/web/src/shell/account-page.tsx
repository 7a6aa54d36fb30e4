/**
 * The account sections that later versions bring (messages, chat, claims ...), behind the login
 * gate: the page says so and leads back to the account or the declaration.
 */
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export function AccountPage({ title }: { title: string }) {
  return (
    <article className="page account-page">
      <h1>{title}</h1>
      <p>
        <Trans>This section is not available yet. Your declarations reach you by SMS or e-mail with a link and a password.</Trans>
      </p>
      <p>
        <Link to="/user" className="button">
          <Trans>To my account</Trans>
        </Link>
      </p>
    </article>
  );
}
