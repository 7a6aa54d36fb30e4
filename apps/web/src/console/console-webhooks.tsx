/**
 * Issue 36 item 4: the webhook deliveries to insurers' systems, a supervisor's view beside the
 * clients: each delivery's state, attempts and last answer, its attempts one by one, and a replay
 * (sent again with its id: a receiver that had it takes it once).
 */
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { WebhookState } from '@eid/domain/insurer';
import { ErrorText } from '../decla/fields/fields';
import { DataTable } from '../ui/data-table';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { Pager, Show, useWhen } from './console-parts';

export function WebhookDeliveries({ offset }: { offset: number }) {
  const { t } = useLingui();
  const when = useWhen();
  const { loaded, reload } = useConsoleCall('webhookDeliveries', { query: { offset: String(offset) } });
  const [open, setOpen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const stateName: Record<WebhookState, string> = { PENDING: t`Waiting to be sent`, DELIVERED: t`Delivered`, FAILED: t`Failed` };
  const replay = async (id: string) => {
    setRefusal(null);
    try {
      await consoleCall('replayWebhook', { params: { deliveryId: id } });
    } catch (e) {
      setRefusal(e instanceof ConsoleCallError ? e.code : 'GENERIC_ERROR');
    }
    reload();
  };
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">{t`Webhook deliveries`}</h2>
      {refusal ? (
        <div role="alert">
          <ErrorText code={refusal} />
        </div>
      ) : null}
      <Show loaded={loaded}>
        {(v) => (
          <>
            {v.deliveries.length === 0 ? (
              <p>{t`No webhook has been sent yet.`}</p>
            ) : (
              <DataTable
                caption={t`Webhook deliveries, newest first`}
                rows={v.deliveries}
                rowKey={(d) => d.id}
                columns={[
                  { header: t`Made`, cell: (d) => when(d.createdAt) },
                  { header: t`System`, cell: (d) => d.clientName },
                  { header: t`Declaration`, cell: (d) => <code>{d.declarationId}</code> },
                  { header: t`State`, cell: (d) => stateName[d.state] },
                  { header: t`Attempts`, cell: (d) => (d.state === 'PENDING' && d.attempts > 0 ? t`${d.attempts}, next ${when(d.nextAttemptAt)}` : String(d.attempts)) },
                  { header: t`Last answer`, cell: (d) => d.lastError ?? (d.lastStatus === null ? '—' : `HTTP ${d.lastStatus}`) },
                  {
                    header: t`Actions`,
                    cell: (d) => (
                      <span className="console-actions">
                        {/* The visible words first; which delivery, for a screen reader, after them (WCAG 2.5.3). */}
                        <button type="button" className="link-button" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>
                          {t`Attempts`}
                          <span className="visually-hidden"> {t`of the delivery to ${d.clientName}, declaration ${d.declarationId}`}</span>
                        </button>
                        {d.state !== 'PENDING' || d.attempts > 0 ? (
                          <button type="button" className="link-button" onClick={() => void replay(d.id)}>
                            {d.state === 'PENDING' ? t`Send now` : t`Send again`}
                            <span className="visually-hidden"> {t`the delivery to ${d.clientName}, declaration ${d.declarationId}`}</span>
                          </button>
                        ) : null}
                      </span>
                    ),
                  },
                ]}
              />
            )}
            {open ? <Attempts key={open} deliveryId={open} /> : null}
            <Pager total={v.total} offset={offset} view="insurers" />
          </>
        )}
      </Show>
    </section>
  );
}

function Attempts({ deliveryId }: { deliveryId: string }) {
  const { t } = useLingui();
  const when = useWhen();
  const { loaded } = useConsoleCall('webhookAttempts', { params: { deliveryId } });
  return (
    <Show loaded={loaded}>
      {(v) => (
        <DataTable
          caption={t`Attempts of ${deliveryId}`}
          rows={v.attempts}
          rowKey={(a) => `${a.at}`}
          columns={[
            { header: t`When`, cell: (a) => when(a.at) },
            { header: t`Answer`, cell: (a) => (a.status === null ? (a.error ?? '—') : `HTTP ${a.status}`) },
            { header: t`Took`, cell: (a) => t`${a.ms} ms` },
          ]}
        />
      )}
    </Show>
  );
}
