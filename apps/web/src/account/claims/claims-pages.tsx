/**
 * `/claims` and `/claim` (issue 17; app-shell §1, §2): the victim's claims with their states and
 * the bureau's messages, the accidents they may claim for (a sent declaration in which the other
 * driver was at fault), a claim without a declaration; and one claim: its wizard while a draft,
 * else its state, who handles it, its documents (more may be added until it is decided) and the
 * conversation with the bureau.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { claimCompetence, CLAIM_DOCUMENT_KINDS, type Claim, type ClaimableDeclaration, type ClaimRow } from '@eid/domain';
import { ErrorText } from '../../decla/fields/fields';
import { AccountCallError } from '../../shell/account-session';
import { claimsList, loadClaim, startClaim } from './claim-api';
import { ClaimWizard } from './claim-wizard';
import { DocumentList } from './claim-documents';
import { useHandlerName, useStateNames } from './claim-words';
import { onChatChange } from '../../shell/chat-events';
import { RecordCard, RecordList } from '../../ui/record-card';

type Loaded<T> = { kind: 'loading' } | { kind: 'done'; value: T } | { kind: 'failed'; code: string };

function useLoad<T>(load: () => Promise<T>, key: string): [Loaded<T>, (v: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ kind: 'done', value }),
      (e: unknown) => live && setState({ kind: 'failed', code: e instanceof AccountCallError ? e.code : 'GENERIC_ERROR' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloaded by its key only
  }, [key]);
  return [state, (value) => setState({ kind: 'done', value })];
}

export function ClaimsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const stateName = useStateNames();
  const [loaded] = useLoad(claimsList, 'claims');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const start = async (declarationId: string | null) => {
    // One tap, one claim: the buttons wait for the answer.
    if (starting) return;
    setStarting(true);
    setRefusal(null);
    try {
      const { claim } = await startClaim(declarationId);
      await navigate({ to: '/claim', search: { id: claim.id } });
    } catch (e) {
      setRefusal(e instanceof AccountCallError ? e.code : 'GENERIC_ERROR');
      setStarting(false);
    }
  };
  return (
    <article className="page claims-page">
      <h1>{t`Claims`}</h1>
      {loaded.kind === 'loading' ? <p role="status">{t`Loading…`}</p> : null}
      {loaded.kind === 'failed' ? (
        <div role="alert">
          <ErrorText code={loaded.code} />
        </div>
      ) : null}
      {loaded.kind === 'done' ? (
        <>
          <section aria-labelledby="claims-mine">
            <h2 id="claims-mine">{t`Your claims`}</h2>
            {loaded.value.claims.length === 0 ? <p>{t`You have no claims yet.`}</p> : null}
            <RecordList>
              {loaded.value.claims.map((c: ClaimRow) => (
                <RecordCard
                  key={c.id}
                  title={c.number ?? t`Draft`}
                  tag={stateName(c.state)}
                  tone={c.state === 'INFORMATION_REQUESTED' ? 'warning' : c.state === 'DECIDED' ? 'success' : 'neutral'}
                  facts={[
                    { label: t`The other vehicle`, value: c.plate || t`plate not given` },
                    { label: t`Date of the accident`, value: c.accidentDate },
                  ]}
                >
                  <Link to="/claim" search={{ id: c.id }} className="button button--secondary">
                    {c.state === 'DRAFT' ? t`Continue the claim ${c.number ?? c.plate}` : t`Open the claim ${c.number ?? ''}`}
                  </Link>
                  {c.chatId ? (
                    <Link to="/messages" search={{ view: 'chat', id: c.chatId }}>{t`Messages from the bureau about ${c.number ?? ''}`}</Link>
                  ) : null}
                </RecordCard>
              ))}
            </RecordList>
          </section>
          <section aria-labelledby="claims-new">
            <h2 id="claims-new">{t`Start a claim`}</h2>
            {loaded.value.claimable.map((d: ClaimableDeclaration) => (
              <div key={d.declarationId} className="record-card">
                <p>
                  <Trans>
                    Accident of {d.date} with {d.culpritPlate}, {d.address}
                  </Trans>
                </p>
                <button type="button" className="button" disabled={starting} onClick={() => void start(d.declarationId)}>
                  {t`Claim for the accident with ${d.culpritPlate}`}
                </button>
              </div>
            ))}
            <p>{t`No declaration of this accident in EID? Type the claim yourself.`}</p>
            <button type="button" className="button button--outlined" disabled={starting} onClick={() => void start(null)}>
              {t`Start a claim without a declaration`}
            </button>
            <div role="alert">{refusal ? <ErrorText code={refusal} /> : null}</div>
          </section>
        </>
      ) : null}
    </article>
  );
}

function SentClaim({ claim, onClaim }: { claim: Claim; onClaim: (c: Claim) => void }) {
  const { t } = useLingui();
  const stateName = useStateNames();
  const handler = useHandlerName();
  const competence = claimCompetence(claim.data);
  return (
    <>
      {/* Live: the bureau's change of state comes with its message, over the chat stream (ClaimPage). */}
      <p className="claim-state" role="status">
        {t`Claim ${claim.number ?? ''}: ${stateName(claim.state)}`}
      </p>
      <dl className="record-facts claim-facts">
        <div className="record-fact">
          <dt>{t`Handled by`}</dt>
          <dd>{handler(competence)}</dd>
        </div>
        <div className="record-fact">
          <dt>{t`Messages`}</dt>
          <dd>
            {claim.chatId ? (
              <Link to="/messages" search={{ view: 'chat', id: claim.chatId }}>{t`Read the bureau's messages about this claim`}</Link>
            ) : (
              t`None yet. The bureau's messages about this claim appear here and in Messages, and you are told of each.`
            )}
          </dd>
        </div>
      </dl>
      {competence.uninsuredNotice ? <p>{t`A driver without insurance must tell the bureau in writing within 3 working days.`}</p> : null}
      <h2>{t`Documents`}</h2>
      {CLAIM_DOCUMENT_KINDS.map((kind) => (
        <DocumentList key={kind} claim={claim} kind={kind} onClaim={onClaim} show={false} />
      ))}
    </>
  );
}

export function ClaimPage({ id }: { id: string }) {
  const { t } = useLingui();
  const [loaded, setClaim] = useLoad(async () => (await loadClaim(id)).claim, id);
  // Issue 34: the claim's state live, like the chat's answers: every move of the bureau writes in the claim's chat, whose stream tells this page.
  useEffect(
    () =>
      onChatChange(() => {
        loadClaim(id).then(
          ({ claim }) => claim.state !== 'DRAFT' && setClaim(claim),
          () => undefined,
        );
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setClaim is a new function each render; the stream is per claim
    [id],
  );
  return (
    <article className="page claim-page">
      <h1>{t`Claim for damages`}</h1>
      <p>
        <Link to="/claims">{t`All claims`}</Link>
      </p>
      {loaded.kind === 'loading' ? <p role="status">{t`Loading…`}</p> : null}
      {loaded.kind === 'failed' ? (
        <div role="alert">
          <ErrorText code={loaded.code} />
        </div>
      ) : null}
      {loaded.kind === 'done' && loaded.value.state === 'DRAFT' ? <ClaimWizard initial={loaded.value} onSubmitted={setClaim} /> : null}
      {loaded.kind === 'done' && loaded.value.state !== 'DRAFT' ? <SentClaim claim={loaded.value} onClaim={setClaim} /> : null}
    </article>
  );
}
