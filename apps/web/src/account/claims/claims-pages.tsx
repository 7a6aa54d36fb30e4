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
import { useCompetenceWords, useStateNames } from './claim-words';

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
            <ul className="record-list">
              {loaded.value.claims.map((c: ClaimRow) => (
                <li key={c.id} className="record-card">
                  <p>
                    <strong>{c.number ?? t`Draft`}</strong> · {c.plate || t`plate not given`} · {c.accidentDate}
                  </p>
                  <p>{t`State: ${stateName(c.state)}`}</p>
                  <p>
                    <Link to="/claim" search={{ id: c.id }}>
                      {c.state === 'DRAFT' ? t`Continue the claim ${c.number ?? c.plate}` : t`Open the claim ${c.number ?? ''}`}
                    </Link>
                  </p>
                  {c.chatId ? (
                    <p>
                      <Link to="/messages" search={{ view: 'chat', id: c.chatId }}>{t`Messages from the bureau about ${c.number ?? ''}`}</Link>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
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
  const words = useCompetenceWords();
  return (
    <>
      <p className="claim-state" role="status">
        {t`Claim ${claim.number ?? ''}: ${stateName(claim.state)}`}
      </p>
      <p>{words(claimCompetence(claim.data))}</p>
      {claim.chatId ? (
        <p>
          <Link to="/messages" search={{ view: 'chat', id: claim.chatId }}>{t`Read the bureau's messages about this claim`}</Link>
        </p>
      ) : (
        <p>{t`The bureau will write to you here and in Messages when it has looked at the claim.`}</p>
      )}
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
