/**
 * The signed-in person's records (issue 15; SPEC BR1-BR3): `/documents` (active and expired
 * insurance documents with their vehicles and the days left), `/liabilities` (debts to the bureau)
 * and `/ei` (accidents of the last 7 years as guilty or victim). An account without a verified
 * personal code is led to link Smart-ID or Mobile-ID.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatEuro, type AccidentView, type DocumentView } from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import { useRecords, type Loaded } from './records';

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
  return (
    <li className="record-card">
      <h3>
        {doc.plate} · {doc.make} {doc.model}
      </h3>
      <dl>
        <dt>{t`Document`}</dt>
        <dd>
          {kind} {doc.no}
        </dd>
        <dt>{t`Contract no.`}</dt>
        <dd>{doc.contractNo}</dd>
        <dt>{t`Insurer`}</dt>
        <dd>{doc.insurerName}</dd>
        <dt>{t`Valid`}</dt>
        <dd>
          {doc.validFrom} – {doc.validTill}
        </dd>
      </dl>
      {expired ? null : starts > 0 ? (
        <p className="muted">{starts === 1 ? t`Begins tomorrow` : t`Begins in ${starts} days`}</p>
      ) : (
        <p className={days <= 14 ? 'record-warning' : 'muted'}>{days === 0 ? t`Ends today` : t`${days} days left`}</p>
      )}
    </li>
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
            {v.active.length === 0 ? <p>{t`You have no active insurance documents.`}</p> : <ul className="record-list">{v.active.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} />)}</ul>}
          </section>
          {v.upcoming.length === 0 ? null : (
            <section aria-labelledby="upcoming-documents">
              <h2 id="upcoming-documents">{t`Not in force yet`}</h2>
              <ul className="record-list">{v.upcoming.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} />)}</ul>
            </section>
          )}
          <section aria-labelledby="expired-documents">
            <h2 id="expired-documents">{t`Expired documents (last 7 years)`}</h2>
            {v.expired.length === 0 ? <p>{t`No expired documents.`}</p> : <ul className="record-list">{v.expired.map((d) => <DocumentCard key={`${d.type}${d.no}`} doc={d} expired />)}</ul>}
          </section>
        </>
      )}
    </RecordsPage>
  );
}

export function LiabilitiesPage() {
  const { t, i18n } = useLingui();
  const loaded = useRecords('liabilities');
  const euro = (cents: number) => formatEuro(cents, i18n.locale === 'en' ? 'en' : 'lt');
  return (
    <RecordsPage title={t`Liabilities`} loaded={loaded}>
      {(v) =>
        v.debts.length === 0 ? (
          <p>{t`You owe nothing to the bureau.`}</p>
        ) : (
          <>
            <p className="record-total">{t`Owed in total: ${euro(v.totalOwedCents)}`}</p>
            <ul className="record-list">
              {v.debts.map((d) => (
                <li key={d.id} className="record-card">
                  <h3>{d.kind === 'RECOURSE' ? t`Recourse claim` : t`Fee for driving uninsured`}</h3>
                  <dl>
                    <dt>{t`Case no.`}</dt>
                    <dd>{d.caseNo}</dd>
                    <dt>{t`Amount`}</dt>
                    <dd>{euro(d.amountCents)}</dd>
                    <dt>{t`Paid`}</dt>
                    <dd>{euro(d.paidCents)}</dd>
                    <dt>{t`Owed`}</dt>
                    <dd>{euro(d.owedCents)}</dd>
                    <dt>{t`Due`}</dt>
                    <dd>{d.dueOn}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </RecordsPage>
  );
}

function AccidentCard({ accident }: { accident: AccidentView }) {
  const { t } = useLingui();
  const states: Record<AccidentView['state'], string> = { REGISTERED: t`Registered`, INVESTIGATING: t`Being investigated`, SETTLED: t`Settled`, CLOSED: t`Closed` };
  return (
    <li className="record-card">
      <h3>
        {accident.date} · {accident.guilty ? t`At fault` : t`Victim`}
      </h3>
      <dl>
        <dt>{t`The other vehicle`}</dt>
        <dd>
          {accident.tpPlate} {accident.tpMake} {accident.tpModel}
        </dd>
        <dt>{t`Place`}</dt>
        <dd>{accident.address}</dd>
        <dt>{t`Damage`}</dt>
        <dd>{accident.damagesStr}</dd>
        <dt>{t`Insurer`}</dt>
        <dd>{accident.insurerName}</dd>
        <dt>{t`State`}</dt>
        <dd>
          {states[accident.state]} ({accident.stateDate})
        </dd>
      </dl>
      {accident.isEID ? <p className="muted">{t`Declared with EID`}</p> : null}
      {accident.statementId ? (
        <Link to="/eiPreview" search={{ id: accident.statementId }} className="button button--secondary">
          {t`Open the statement`}
        </Link>
      ) : null}
    </li>
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
          <ul className="record-list">
            {v.accidents.map((a) => (
              <AccidentCard key={a.id} accident={a} />
            ))}
          </ul>
        )
      }
    </RecordsPage>
  );
}
