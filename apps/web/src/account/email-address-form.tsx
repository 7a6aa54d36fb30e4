/**
 * Settings M (AC15): an account without a password — made by Smart-ID, Mobile-ID or a social
 * account — gives the address its messages and reminders go to. A link sent there confirms it; until
 * then nothing changes. (An account with a password signs in with its address, which stays.)
 */
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountEmail, type AccountView, DEFAULT_LOCALE, isLocale} from '@eid/domain';
import { api } from '../shell/api';
import { FormField, Refusal, useSend } from './form-field';

export function EmailAddressForm({ account }: { account: AccountView }) {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, refusal, send } = useSend();
  const error = accountEmail(email) ? null : 'EMAIL_INVALID';
  const current = account.emailConfirmed ? account.email : null;
  return (
    <form
      noValidate
      className="email-address-form"
      aria-labelledby="email-address-title"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (error) return;
        void send(async () => {
          await api.call('addEmail', { body: { email, lang: isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE } });
          setSentTo(email.trim());
          setTried(false);
          setEmail('');
        });
      }}
    >
      <h3 id="email-address-title">{current ? t`Your e-mail address` : t`Add an e-mail address`}</h3>
      <p>
        {current ? (
          <Trans>Messages and reminders by e-mail go to {current}. To use another address, give it here.</Trans>
        ) : (
          <Trans>You signed in with Smart-ID, Mobile-ID or a social account, so your account has no e-mail address. Give one to receive messages and reminders by e-mail.</Trans>
        )}
      </p>
      <FormField label={current ? t`New e-mail address` : t`E-mail address`} type="email" autoComplete="email" value={email} onChange={setEmail} error={error} showError={tried} />
      {sentTo !== null ? (
        <p role="status" className="field-hint">
          <Trans>We sent a link to {sentTo}. Open it within 24 hours to confirm the address; until then nothing changes.</Trans>
        </p>
      ) : null}
      <Refusal refusal={refusal} />
      <button type="submit" className="button button--secondary" disabled={busy}>
        {t`Send a confirmation link`}
      </button>
    </form>
  );
}
