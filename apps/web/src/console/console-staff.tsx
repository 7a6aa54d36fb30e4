/** The console's supervisor views and forms (SF4, AL2): staff, adding and disabling them; a message to a user; the audit actions' names. */
import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AuditAction, StaffRole } from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { InsurerSelect, Show } from './console-parts';
import { PasswordInput } from '../shell/password-input';
import { SystemUpdatePanel } from './console-system-update';

/** AL2: what each audit action is called in the log. */
export function useAuditActionName(): (action: AuditAction) => string {
  const { t } = useLingui();
  const names: Record<AuditAction, string> = {
    SIGN_IN: t`Signed in`,
    SIGN_IN_FAILED: t`Failed sign-in`,
    SIGN_OUT: t`Signed out`,
    CHATS_LISTED: t`Listed the waiting chats`,
    CHAT_READ: t`Read a chat`,
    CHAT_FILE_READ: t`Opened a chat file`,
    CHAT_ANSWERED: t`Answered a chat`,
    MESSAGE_SENT: t`Wrote to a user`,
    DECLARATIONS_LISTED: t`Listed declarations`,
    DECLARATION_READ: t`Read a declaration`,
    STATEMENT_READ: t`Read a statement`,
    CLAIMS_LISTED: t`Listed claims`,
    CLAIM_READ: t`Read a claim`,
    CLAIM_FILE_READ: t`Opened a claim's document`,
    CLAIM_STATE_SET: t`Changed a claim's state`,
    STAFF_LISTED: t`Listed staff`,
    STAFF_ADDED: t`Added a staff member`,
    STAFF_DISABLED: t`Disabled a staff member`,
    AUDIT_READ: t`Read the audit log`,
    SYSTEM_UPDATE_ANNOUNCED: t`Announced a system update`,
    SYSTEM_UPDATE_CANCELLED: t`Called off a system update`,
    INSURER_CLIENTS_LISTED: t`Listed the insurers' clients`,
    INSURER_CLIENT_ADDED: t`Registered an insurer's client`,
    INSURER_CLIENT_ROTATED: t`Gave an insurer's client new credentials`,
    INSURER_CLIENT_REVOKED: t`Revoked an insurer's client`,
    WEBHOOKS_LISTED: t`Read the webhook deliveries`,
    WEBHOOK_REPLAYED: t`Sent a webhook again`,
    INSURER_FEED_READ: t`An insurer's system read its list of declarations`,
    INSURER_DECLARATION_READ: t`An insurer's system read a declaration`,
    INSURER_FILE_READ: t`An insurer's system read a declaration's file`,
    INSURER_CLAIM_REGISTERED: t`An insurer's system registered its claim number`,
    INSURER_ANSWERS_LISTED: t`Listed the declarations insurers have not answered`,
  };
  return (action) => names[action];
}

export function useForm<T>(send: () => Promise<T>, done: (value: T) => void) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    setSending(true);
    try {
      done(await send());
    } catch (error) {
      setRefusal(error instanceof ConsoleCallError ? error.code : 'GENERIC_ERROR');
    } finally {
      setSending(false);
    }
  };
  return { refusal, sending, submit };
}

export function Field({ label, value, onChange, type = 'text', multiline = false }: { label: string; value: string; onChange: (v: string) => void; type?: string; multiline?: boolean }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea id={id} value={value} maxLength={4000} onChange={(e) => onChange(e.currentTarget.value)} /> : <div className="field-input">{type === 'password' ? <PasswordInput id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} /> : <input id={id} type={type} value={value} onChange={(e) => onChange(e.currentTarget.value)} />}</div>}
    </div>
  );
}

export function MessageToUser() {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const form = useForm(
    () => consoleCall('consoleMessage', { body: { email, topic, text } }),
    () => {
      setSent(true);
      setTopic('');
      setText('');
    },
  );
  return (
    <form onSubmit={(e) => void form.submit(e)}>
      <h1>{t`Message to a user`}</h1>
      <Field label={t`The user's e-mail address`} type="email" value={email} onChange={setEmail} />
      <Field label={t`Topic`} value={topic} onChange={setTopic} />
      <Field label={t`Message`} value={text} onChange={setText} multiline />
      {form.refusal ? <div role="alert"><ErrorText code={form.refusal} /></div> : null}
      {sent ? <p role="status">{t`The message was sent.`}</p> : null}
      <button type="submit" className="button" disabled={form.sending}>
        {t`Send`}
      </button>
    </form>
  );
}


export function StaffView() {
  const { t } = useLingui();
  const { loaded, reload } = useConsoleCall('staff', {});
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [insurerId, setInsurerId] = useState('');
  const [secret, setSecret] = useState<{ totpSecret: string; totpUri: string } | null>(null);
  const roleId = useId();
  const add = useForm(
    () => consoleCall('addStaff', { body: { email, name, role, password, insurerId: role === 'insurer' && insurerId ? Number(insurerId) : null } }),
    (r) => {
      setSecret(r);
      setPassword('');
      reload();
    },
  );
  const disable = async (id: string) => {
    await consoleCall('disableStaff', { params: { id } }).catch(() => undefined);
    reload();
  };
  return (
    <section>
      <h1>{t`Staff`}</h1>
      <Show loaded={loaded}>
        {(v) => (
          <>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t`Name`}</th>
                <th scope="col">{t`E-mail address`}</th>
                <th scope="col">{t`Role`}</th>
                <th scope="col">{t`State`}</th>
              </tr>
            </thead>
            <tbody>
              {v.staff.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td>{s.email}</td>
                  <td>{s.role === 'supervisor' ? t`Supervisor` : s.role === 'insurer' ? t`Insurer's staff: ${v.insurers.find((i) => i.id === s.insurerId)?.name ?? s.insurerId}` : t`Operator`}</td>
                  <td>
                    {s.active ? (
                      <button type="button" className="link-button" onClick={() => void disable(s.id)}>
                        {t`Disable ${s.name}`}
                      </button>
                    ) : (
                      t`Disabled`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
      <form onSubmit={(e) => void add.submit(e)}>
        <h2>{t`Add a staff member`}</h2>
        <Field label={t`Name`} value={name} onChange={setName} />
        <Field label={t`E-mail address`} type="email" value={email} onChange={setEmail} />
        <Field label={t`First password`} type="password" value={password} onChange={setPassword} />
        <div className="field">
          <label htmlFor={roleId}>{t`Role`}</label>
          <select id={roleId} value={role} onChange={(e) => setRole(e.currentTarget.value as StaffRole)}>
            <option value="operator">{t`Operator`}</option>
            <option value="supervisor">{t`Supervisor`}</option>
            <option value="insurer">{t`Insurer's staff (reads only its insurer's declarations)`}</option>
          </select>
        </div>
        {role === 'insurer' ? <InsurerSelect insurers={v.insurers} value={insurerId} onChange={setInsurerId} /> : null}
        {add.refusal ? <div role="alert"><ErrorText code={add.refusal} /></div> : null}
        <button type="submit" className="button" disabled={add.sending}>
          {t`Add`}
        </button>
      </form>
          </>
        )}
      </Show>
      {secret ? (
        <div role="status" className="office-closed">
          <p>{t`Give this key to the new member once, for their authenticator app (it is not shown again):`}</p>
          <p>
            <code>{secret.totpSecret}</code>
          </p>
          <p>
            <code className="chat-meta">{secret.totpUri}</code>
          </p>
        </div>
      ) : null}
      <SystemUpdatePanel />
    </section>
  );
}
