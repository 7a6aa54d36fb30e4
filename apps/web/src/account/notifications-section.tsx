/**
 * Settings M (SPEC BR4): how the person is told of new messages and reminders — by e-mail, by SMS —
 * and whether and how many days before an insurance document ends it is reminded. Saved with the
 * Save button; the defaults until the person chooses.
 */
import { useEffect, useId, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REMINDER_DAYS, type AccountView, type NotificationPreferences, type ReminderDays } from '@eid/domain';
import { api } from '../shell/api';
import { notify } from '../shell/snackbar';
import { Refusal, useSend } from './form-field';
import { EmailAddressForm } from './email-address-form';

function Check({ label, checked, onChange, hint, disabled = false }: { label: string; checked: boolean; onChange: (on: boolean) => void; hint?: string; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function NotificationsSection({ account }: { account: AccountView }) {
  const { t } = useLingui();
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const { busy, refusal, send } = useSend();
  const daysId = useId();
  useEffect(() => {
    let live = true;
    api.call('notifications').then(
      (p) => live && setPrefs(p),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!prefs) return <p role="status">{t`Loading…`}</p>;
  const hasEmail = account.email !== null && account.emailConfirmed;
  const change = (changes: Partial<NotificationPreferences>) => setPrefs({ ...prefs, ...changes });
  return (
    <section aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t`Notifications`}</h2>
      {account.hasPassword ? null : <EmailAddressForm account={account} />}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send(async () => {
            setPrefs(await api.call('saveNotifications', { body: prefs }));
            notify('success', t`Your notification choices are saved.`);
          });
        }}
      >
        <fieldset>
          <legend>{t`Tell me about new messages and reminders`}</legend>
          {/* Issue 34: without a confirmed address the box is not shown ticked (nothing could be sent): it says why instead. */}
          <Check
            label={t`By e-mail`}
            checked={hasEmail && prefs.email}
            disabled={!hasEmail}
            onChange={(email) => change({ email })}
            hint={hasEmail ? (account.email ?? '') : t`Not available until your account has a confirmed e-mail address (add one above). Messages and reminders can come by SMS.`}
          />
          <Check label={t`By SMS`} checked={prefs.sms} onChange={(sms) => change({ sms })} hint={account.person.phone ?? t`Give your phone number in Personal data first.`} />
        </fieldset>
        <fieldset>
          <legend>{t`Insurance documents`}</legend>
          <Check label={t`Remind me before an insurance document ends`} checked={prefs.expiryReminders} onChange={(expiryReminders) => change({ expiryReminders })} />
          <div className="field">
            <label htmlFor={daysId}>{t`How many days before`}</label>
            <select id={daysId} value={prefs.reminderDays} disabled={!prefs.expiryReminders} onChange={(e) => change({ reminderDays: Number(e.currentTarget.value) as ReminderDays })}>
              {REMINDER_DAYS.map((d) => (
                <option key={d} value={d}>
                  <Plural value={d} one="# day" other="# days" />
                </option>
              ))}
            </select>
          </div>
          {prefs.expiryReminders && !(hasEmail && prefs.email) && !prefs.sms ? (
            <p className="field-hint" role="status">
              <Trans>Choose e-mail or SMS: without one no reminder can reach you.</Trans>
            </p>
          ) : null}
        </fieldset>
        <Refusal refusal={refusal} />
        <button type="submit" className="button" disabled={busy}>
          {t`Save`}
        </button>
      </form>
    </section>
  );
}
