/** The console's received declarations (issue 16; SF2): the list (newest first, by accident number) and one declaration's statements; reading only. */
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { DataTable } from '../ui/data-table';
import { useConsoleCall } from './console-api';
import { Pager, SearchForm, Show, useWhen } from './console-parts';
import type { StatementClaim } from '@eid/domain';

/** Issue 36: the declarations an insurer has not answered with its claim number within two working days. */
function OverdueAnswers() {
  const { t } = useLingui();
  const when = useWhen();
  const { loaded } = useConsoleCall('overdueInsurerAnswers', {});
  return (
    <Show loaded={loaded}>
      {(v) =>
        v.overdue.length === 0 ? null : (
          <DataTable
            caption={t`No answer from the insurer after two working days`}
            rows={v.overdue}
            rowKey={(o) => `${o.declarationId}:${o.insurerId}`}
            columns={[
              { header: t`Insurer`, cell: (o) => o.insurerName },
              { header: t`Declaration`, cell: (o) => <Link to="/console" search={{ view: 'declaration', id: o.declarationId }}>{o.declarationId}</Link> },
              { header: t`Finished`, cell: (o) => when(o.finishedAt) },
              { header: t`Answer due`, cell: (o) => when(o.dueAt) },
            ]}
          />
        )
      }
    </Show>
  );
}

/** `bureau`: the bureau's own staff (an insurer's staff member sees only its insurer's declarations, without the bureau's overdue list). */
export function DeclarationList({ q, offset, bureau }: { q: string; offset: number; bureau: boolean }) {
  const { t } = useLingui();
  const when = useWhen();
  const { loaded } = useConsoleCall('consoleDeclarations', { query: { offset: String(offset), search: q } });
  return (
    <section>
      <h1>{bureau ? t`Received declarations` : t`Your insurer's declarations`}</h1>
      {bureau ? <OverdueAnswers /> : null}
      <SearchForm label={t`Search by accident number`} view="declarations" q={q} />
      <Show loaded={loaded}>
        {(v) => (
          <>
            <DataTable
              caption={t`Received declarations`}
              rows={v.declarations}
              rowKey={(d) => d.declarationId}
              columns={[
                { header: t`Vehicles`, cell: (d) => <Link to="/console" search={{ view: 'declaration', id: d.declarationId }}>{d.plates.join(' – ')}</Link> },
                { header: t`Received`, cell: (d) => when(d.receivedAt) },
                { header: t`Accident no.`, cell: (d) => d.accidentId },
              ]}
            />
            <Pager total={v.total} offset={offset} view="declarations" q={q} />
          </>
        )}
      </Show>
    </section>
  );
}

export function DeclarationDetail({ declarationId }: { declarationId: string }) {
  const { t } = useLingui();
  const when = useWhen();
  const claimText = (claims: readonly StatementClaim[]) =>
    claims.length === 0 ? t`Not registered yet` : claims.map((c) => t`${c.insurerName}: no. ${c.claimNumber}, registered ${when(c.registeredAt)}`).join('; ');
  const { loaded } = useConsoleCall('consoleDeclaration', { params: { declarationId } });
  return (
    <Show loaded={loaded}>
      {(v) => {
        const first = v.statements[0];
        return (
          <section>
            <h1>{t`Accident no. ${v.accidentId}`}</h1>
            {first ? (
              <dl>
                <dt>{t`When`}</dt>
                <dd>
                  {first.date} {first.time}
                </dd>
                <dt>{t`Where`}</dt>
                <dd>{first.address}</dd>
              </dl>
            ) : null}
            {first
              ? (['A', 'B'] as const).map((party) => {
                  const p = first.parties[party];
                  return (
                    <div key={party} className="record-card">
                      <h2>{t`Driver ${party}`}</h2>
                      <dl>
                        <dt>{t`Vehicle`}</dt>
                        <dd>
                          {p.plate} {p.makeModel}
                        </dd>
                        <dt>{t`Driver`}</dt>
                        <dd>{p.driver}</dd>
                        <dt>{t`Insurer`}</dt>
                        <dd>
                          {p.insurance === 'NONE'
                            ? t`Not insured`
                            : p.greenCard
                              ? t`Insured abroad: ${p.insurer} (${p.greenCard.country}), green card ${p.greenCard.number}, valid until ${p.greenCard.validUntil}`
                              : p.insurance === 'ABROAD'
                                ? t`Insured abroad: ${p.insurer}`
                                : p.insurer}
                        </dd>
                        <dt>{t`Damage`}</dt>
                        <dd>{p.damages}</dd>
                        <dt>{t`Insurer's claim`}</dt>
                        <dd>{claimText(v.statements.find((s) => s.party === party)?.claims ?? [])}</dd>
                      </dl>
                    </div>
                  );
                })
              : null}
          </section>
        );
      }}
    </Show>
  );
}
