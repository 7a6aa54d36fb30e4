/**
 * The signed-in person's records (issue 15; SPEC BR1-BR3): `/documents` (active and expired
 * insurance documents with their vehicles and the days left), `/liabilities` (debts to the bureau)
 * and `/ei` (accidents of the last 7 years as guilty or victim). An account without a verified
 * personal code is led to link Smart-ID or Mobile-ID.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { formatEuro, type AccidentView, type DocumentView, DEFAULT_LOCALE, isLocale} from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import { useRecords, type Loaded } from './records';
import { RecordCard, RecordList } from '../ui/record-card';

/** The page's frame: its title, then loading, a refusal, the way to verify, or the records. */
function RecordsPage<T extends { readonly verified: boolean }>({
  title,
  loaded,
  children,
  always = false,
}: {
  title: string;
  loaded: Loaded<T>;
  children: (value: Exclude<T, { readonly verified: false }>) => ReactNode;
  /** The records are shown without a verified code too (the account's own declarations), with the way to verify. */
  always?: boolean;
}) {
  const { t } = useLingui();
  return (
    <article className="page records-page">
      <h1>{title}</h1>
      {loaded.kind === 'loading' ? (
        <p role="status">{t`Loading…`}</p>
      ) : loaded.kind === 'failed' ? (
        <div role="alert">
          <ErrorText code={loaded.error.code} />
        </div>
      ) : loaded.value.verified ? (
        children(loaded.value as Exclude<T, { readonly verified: false }>)
      ) : (
        <div className="records-unverified">
          {always ? children(loaded.value as Exclude<T, { readonly verified: false }>) : null}
          <p>
            <Trans>Your records are shown for a verified personal code. Link Smart-ID or Mobile-ID to your account first.</Trans>
          </p>
          <Link to="/userSettings" search={{ s: 'L' }} className="button">
            {t`Link Smart-ID or Mobile-ID`}
          </Link>
        </div>
      )}
    </article>
  );
}

function DocumentCard({ doc, expired = false }: { doc: DocumentView; expired?: boolean }) {
  const { t } = useLingui();
  const kind = doc.type === 'ZK' ? t`Green card` : t`Motor insurance policy`;
  const days = doc.remainingDays;
  const starts = doc.startsInDays;
  const [tag, tone] = expired ? [t`Expired`, 'neutral' as const] : starts > 0 ? [starts === 1 ? t`Begins tomorrow` : plural(starts, { one: 'Begins in # day', other: 'Begins in # days' }), 'neutral' as const] : [days === 0 ? t`Ends today` : plural(days, { one: '# day left', other: '# days left' }), days <= 14 ? ('warning' as const) : ('success' as const)];
  return (
    <RecordCard
      title={`${doc.plate} · ${doc.make} ${doc.model}`}
      tag={tag}
      tone={tone}
      facts={[
        { label: t`Document`, value: `${kind} ${doc.no}` },
        { label: t`Contract no.`, value: doc.contractNo },
        { label: t`Insurer`, value: doc.insurerName },
        { label: t`Valid`, value: `${doc.validFrom} – ${doc.validTill}` },
      ]}
    />
  );
}

export function DocumentsPage() {
  const { t } = useLingui();
  const loaded = useRecords('documents');
  return (
    <RecordsPage title={t`Insurance documents`} loaded={loaded}>
      {(v) => (
        <>
          <section aria-labelledby="active-documents">
            <h2 id="active-documents">{t`Active documents`}</h2>
            {v.active.length === 0 ? <p>{t`You have no active insurance documents.`}</p> : <RecordList>{v.active.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} />)}</RecordList>}
          </section>
          {v.upcoming.length === 0 ? null : (
            <section aria-labelledby="upcoming-documents">
              <h2 id="upcoming-documents">{t`Not in force yet`}</h2>
              <RecordList>{v.upcoming.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} />)}</RecordList>
            </section>
          )}
          <section aria-labelledby="expired-documents">
            <h2 id="expired-documents">{t`Expired documents (last 7 years)`}</h2>
            {v.expired.length === 0 ? <p>{t`No expired documents.`}</p> : <RecordList>{v.expired.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} expired />)}</RecordList>}
          </section>
        </>
      )}
    </RecordsPage>
  );
}

export function LiabilitiesPage() {
  const { t, i18n } = useLingui();
  const loaded = useRecords('liabilities');
  const euro = (cents: number) => formatEuro(cents, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
  return (
    <RecordsPage title={t`Liabilities`} loaded={loaded}>
      {(v) =>
        v.debts.length === 0 ? (
          <p>{t`You owe nothing to the bureau.`}</p>
        ) : (
          <>
            <p className="record-total">{t`Owed in total: ${euro(v.totalOwedCents)}`}</p>
            <RecordList>
              {v.debts.map((d) => (
                <RecordCard
                  key={d.id}
                  title={d.kind === 'RECOURSE' ? t`Recourse claim` : t`Fee for driving uninsured`}
                  tag={d.owedCents > 0 ? t`Owed ${euro(d.owedCents)}` : t`Paid`}
                  tone={d.owedCents > 0 ? 'warning' : 'success'}
                  facts={[
                    { label: t`Case no.`, value: d.caseNo },
                    { label: t`Amount`, value: euro(d.amountCents) },
                    { label: t`Paid`, value: euro(d.paidCents) },
                    { label: t`Owed`, value: euro(d.owedCents) },
                    { label: t`Due`, value: d.dueOn },
                  ]}
                />
              ))}
            </RecordList>
          </>
        )
      }
    </RecordsPage>
  );
}

function AccidentCard({ accident }: { accident: AccidentView }) {
  const { t, i18n } = useLingui();
  const states: Record<AccidentView['state'], string> = { REGISTERED: t`Registered`, INVESTIGATING: t`Being investigated`, SETTLED: t`Settled`, CLOSED: t`Closed` };
  // The bureau records the damage in Lithuanian: on another language's page it is marked as such (an EID declaration's is the driver's own words).
  const bureauWords = accident.statementId === null && i18n.locale !== 'lt';
  return (
    <RecordCard
      title={accident.date}
      tag={accident.guilty ? t`At fault` : t`Victim`}
      tone={accident.guilty ? 'warning' : 'neutral'}
      facts={[
        { label: t`The other vehicle`, value: `${accident.tpPlate} ${accident.tpMake} ${accident.tpModel}` },
        { label: t`Place`, value: accident.address },
        { label: bureauWords ? t`Damage (in Lithuanian)` : t`Damage`, value: accident.damagesStr, ...(bureauWords ? { lang: 'lt' } : {}) },
        { label: t`Insurer`, value: accident.insurerName },
        { label: t`State`, value: `${states[accident.state]} (${accident.stateDate})` },
      ]}
    >
      {accident.isEID ? <p className="muted">{t`Declared with EID`}</p> : null}
      {accident.statementId ? (
        <Link to="/eiPreview" search={{ id: accident.statementId }} className="button button--secondary">
          {t`Open the statement`}
        </Link>
      ) : accident.isEID ? (
        // Not from this account (or declared before signing in): the statement opens by the link and password the driver was sent.
        <p className="muted">{t`Its statement opens with the link and password sent to you by e-mail or SMS when it was submitted.`}</p>
      ) : null}
    </RecordCard>
  );
}

export function AccidentsPage() {
  const { t } = useLingui();
  const loaded = useRecords('accidents');
  return (
    <RecordsPage title={t`My accidents`} loaded={loaded} always>
      {(v) =>
        v.accidents.length === 0 ? (
          <p>{t`No accidents in the last 7 years.`}</p>
        ) : (
          <RecordList>
            {v.accidents.map((a) => (
              <AccidentCard key={a.id} accident={a} />
            ))}
          </RecordList>
        )
      }
    </RecordsPage>
  );
}
