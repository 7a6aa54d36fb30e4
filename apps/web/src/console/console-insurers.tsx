/**
 * Issue 36 item 2: the insurers' clients, a supervisor's view. The list (insurer, name, webhook,
 * registered, state), a registration, new credentials and a revocation (each confirmed: neither
 * can be undone). The credentials are shown once, right after they are made, with what to do with
 * them; the server keeps no copy it could show again.
 */
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { InsurerClientView, InsurerCredentials } from '@eid/domain/insurer';
import { ErrorText } from '../decla/fields/fields';
import { ConfirmDialog, RefusalShown } from '../ui/confirm-dialog';
import { DataTable } from '../ui/data-table';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { InsurerSelect, Show, useWhen } from './console-parts';
import { Field, useForm } from './console-staff';
import { WebhookDeliveries } from './console-webhooks';

type Asking = { readonly act: 'rotate' | 'revoke'; readonly client: InsurerClientView } | null;

export function InsurersView({ offset }: { offset: number }) {
  const { t } = useLingui();
  const when = useWhen();
  const { loaded, reload } = useConsoleCall('insurerClients', {});
  const [insurerId, setInsurerId] = useState('');
  const [name, setName] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [shown, setShown] = useState<{ client: InsurerClientView; credentials: InsurerCredentials } | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const add = useForm(
    () => consoleCall('addInsurerClient', { body: { insurerId: Number(insurerId), name, webhookUrl: webhookUrl.trim() ? webhookUrl.trim() : null } }),
    (r) => {
      if (r.credentials) setShown({ client: r.client, credentials: r.credentials });
      setName('');
      setWebhookUrl('');
      reload();
    },
  );
  const act = async (a: NonNullable<Asking>) => {
    try {
      const r = await consoleCall(a.act === 'rotate' ? 'rotateInsurerClient' : 'revokeInsurerClient', { params: { clientId: a.client.id } });
      setShown(r.credentials ? { client: r.client, credentials: r.credentials } : null);
    } catch (e) {
      throw new RefusalShown(<ErrorText code={e instanceof ConsoleCallError ? e.code : 'GENERIC_ERROR'} />);
    }
    setAsking(null);
    reload();
  };
  return (
    <section>
      <h1>{t`Insurers' systems`}</h1>
      <p>{t`An insurer's system reads the declarations of its insured with these credentials (OAuth 2.0 client credentials) and receives a signed notice at its webhook address when one is finished.`}</p>
      {shown ? <CredentialsShown client={shown.client} credentials={shown.credentials} onDone={() => setShown(null)} /> : null}
      <Show loaded={loaded}>
        {(v) => (
          <>
            {v.clients.length === 0 ? (
              <p>{t`No insurer's system is registered yet.`}</p>
            ) : (
              <DataTable
                caption={t`Registered systems`}
                rows={v.clients}
                rowKey={(c) => c.id}
                columns={[
                  { header: t`Insurer`, cell: (c) => c.insurerName },
                  { header: t`Name`, cell: (c) => c.name },
                  { header: t`Client ID`, cell: (c) => <code>{c.id}</code> },
                  { header: t`Webhook`, cell: (c) => (c.webhookUrl ? <span className="chat-meta">{c.webhookUrl}</span> : t`None (it only pulls)`) },
                  { header: t`Registered`, cell: (c) => when(c.createdAt) },
                  {
                    header: t`State`,
                    cell: (c) =>
                      c.revokedAt !== null ? (
                        t`Revoked ${when(c.revokedAt)}`
                      ) : (
                        <span className="console-actions">
                          <button type="button" className="link-button" onClick={() => setAsking({ act: 'rotate', client: c })}>
                            {t`New credentials for ${c.name}`}
                          </button>
                          <button type="button" className="link-button" onClick={() => setAsking({ act: 'revoke', client: c })}>
                            {t`Revoke ${c.name}`}
                          </button>
                        </span>
                      ),
                  },
                ]}
              />
            )}
            <form onSubmit={(e) => void add.submit(e)}>
              <h2>{t`Register an insurer's system`}</h2>
              <InsurerSelect insurers={v.insurers} value={insurerId} onChange={setInsurerId} />
              <Field label={t`Name of the system`} value={name} onChange={setName} />
              <Field label={t`Webhook address (https, optional)`} type="url" value={webhookUrl} onChange={setWebhookUrl} />
              {add.refusal ? (
                <div role="alert">
                  <ErrorText code={add.refusal} />
                </div>
              ) : null}
              <button type="submit" className="button" disabled={add.sending} aria-busy={add.sending}>
                {t`Register`}
              </button>
            </form>
          </>
        )}
      </Show>
      <WebhookDeliveries offset={offset} />
      {asking ? (
        <ConfirmDialog
          title={asking.act === 'rotate' ? t`New credentials for ${asking.client.name}?` : t`Revoke ${asking.client.name}?`}
          act={asking.act === 'rotate' ? t`Make new credentials` : t`Revoke`}
          danger={asking.act === 'revoke'}
          onClose={() => setAsking(null)}
          onAct={() => act(asking)}
        >
          <p>
            {asking.act === 'rotate'
              ? t`The present secret stops working at once; the system's tokens end within 5 minutes. Webhooks are signed with the new secret from now on.`
              : t`The system gets no more tokens, its present tokens stop at once, and no more webhooks are sent to it. This cannot be undone: register it again to reconnect.`}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/**
 * The credentials, shown once. Not a live region (a screen reader would read the secrets aloud
 * unasked): the heading takes the focus, and the secrets are read only by whoever moves on to them.
 */
function CredentialsShown({ client, credentials, onDone }: { client: InsurerClientView; credentials: InsurerCredentials; onDone: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [credentials.clientSecret]);
  return (
    <section className="office-closed" aria-labelledby="credentials-shown">
      <h2 id="credentials-shown" ref={heading} tabIndex={-1}>
        {t`Credentials of ${client.name} (${client.insurerName})`}
      </h2>
      <p>{t`Give these to the insurer's integration team over a safe channel now: they are not shown again. Lost ones are replaced with new credentials.`}</p>
      <dl>
        <dt>{t`Client ID`}</dt>
        <dd>
          <code>{credentials.clientId}</code>
        </dd>
        <dt>{t`Client secret`}</dt>
        <dd>
          <code>{credentials.clientSecret}</code>
        </dd>
        <dt>{t`Webhook signing secret`}</dt>
        <dd>
          <code>{credentials.webhookSecret}</code>
        </dd>
      </dl>
      <button type="button" className="button button--secondary" onClick={onDone}>
        {t`I have passed them on`}
      </button>
    </section>
  );
}
