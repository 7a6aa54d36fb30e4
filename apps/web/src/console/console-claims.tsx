/**
 * The console's claims (issue 17; UE2, UE9): the queue (not decided first, oldest first, searched by
 * number or the culprit's plate, paged), one claim (`?view=claims&id=`) with its sections, its
 * documents and its PDF, and the operator's move of its state with the words the victim gets as a
 * chat message. The moves offered are the domain's (`bureauMayMove`); the server decides again.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { BUREAU_CLAIM_STATES, bureauMayMove, type BureauClaimState, type ClaimState } from '@eid/domain';
import { CONSOLE_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { Pager, SearchForm, Show, useWhen } from './console-parts';
import { ClaimDocuments, ClaimSections } from './console-claim-view';
import { CLAIM_STATE_NAMES } from '../ui/claim-states';
import { DataTable } from '../ui/data-table';

/** A claim's state in words (UE1). */
export function useClaimStateName(): (state: ClaimState) => string {
  const { i18n } = useLingui();
  // The victim's words too (ui/claim-states.ts): one vocabulary.
  return (state) => i18n._(CLAIM_STATE_NAMES[state]);
}

/** Where the list was (its search and page), so a claim's "back" link returns there. */
interface ListPlace {
  readonly q: string;
  readonly offset: number;
}

const listSearch = ({ q, offset }: ListPlace) => ({ view: 'claims' as const, ...(q ? { q } : {}), ...(offset > 0 ? { offset } : {}) });

/** The claims tab: the queue, or one claim when an id is given. */
export function ClaimsView({ q, offset, claimId }: ListPlace & { claimId?: string }) {
  return claimId ? <ClaimDetail key={claimId} claimId={claimId} place={{ q, offset }} /> : <ClaimList q={q} offset={offset} />;
}

function ClaimList({ q, offset }: ListPlace) {
  const { t } = useLingui();
  const when = useWhen();
  const stateName = useClaimStateName();
  const { loaded } = useConsoleCall('consoleClaims', { query: { offset: String(offset), search: q } });
  return (
    <section>
      <h1>{t`Claims`}</h1>
      <SearchForm label={t`Search by claim number or the culprit's plate`} view="claims" q={q} />
      <Show loaded={loaded}>
        {(v) => (
          <>
            <DataTable
              caption={t`Claims`}
              rows={v.claims}
              rowKey={(c) => c.id}
              columns={[
                { header: t`Claim no.`, cell: (c) => <Link to="/console" search={{ ...listSearch({ q, offset }), id: c.id }}>{c.number ?? '—'}</Link> },
                { header: t`Plate`, cell: (c) => c.plate || '—' },
                { header: t`State`, cell: (c) => stateName(c.state) },
                { header: t`Accident on`, cell: (c) => c.accidentDate || '—' },
                { header: t`Submitted`, cell: (c) => (c.submittedAt === null ? '—' : when(c.submittedAt)) },
              ]}
            />
            <Pager total={v.total} offset={offset} view="claims" q={q} />
          </>
        )}
      </Show>
    </section>
  );
}

function ClaimDetail({ claimId, place }: { claimId: string; place: ListPlace }) {
  const { t } = useLingui();
  const when = useWhen();
  const stateName = useClaimStateName();
  const { loaded, reload } = useConsoleCall('consoleClaim', { params: { claimId } });
  const [done, setDone] = useState<BureauClaimState | null>(null);
  const doneName = done === null ? '' : stateName(done);
  return (
    <section>
      <p>
        <Link to="/console" search={listSearch(place)} className="button button--text">
          {t`Back to the claims`}
        </Link>
      </p>
      <Show loaded={loaded}>
        {({ claim, user }) => {
          const number = claim.number ?? '—';
          return (
            <>
              <h1>{t`Claim no. ${number}`}</h1>
              <dl>
                <dt>{t`State`}</dt>
                <dd>{stateName(claim.state)}</dd>
                <dt>{t`Submitted`}</dt>
                <dd>{claim.submittedAt === null ? '—' : when(claim.submittedAt)}</dd>
                <dt>{t`Last changed`}</dt>
                <dd>{when(claim.updatedAt)}</dd>
                <dt>{t`User`}</dt>
                <dd>
                  {user.name || '—'} {user.email ?? ''}
                </dd>
              </dl>
              {claim.declarationId || claim.chatId ? (
                <ul className="chat-files">
                  {claim.declarationId ? (
                    <li>
                      <Link to="/console" search={{ view: 'declaration', id: claim.declarationId }}>
                        {t`The declaration the claim was started from`}
                      </Link>
                    </li>
                  ) : null}
                  {claim.chatId ? (
                    <li>
                      <Link to="/console" search={{ view: 'chat', id: claim.chatId }}>
                        {t`The claim's chat with the victim`}
                      </Link>
                    </li>
                  ) : null}
                </ul>
              ) : null}
              <p>
                <a className="button button--secondary" href={`${CONSOLE_PATH}/claims/${encodeURIComponent(claim.id)}/pdf`} download={`${claim.number ?? claim.id}.pdf`}>
                  {t`Download the claim (PDF)`}
                </a>
              </p>
              <ClaimSections data={claim.data} />
              <ClaimDocuments claimId={claim.id} documents={claim.documents} />
              <MoveForm
                key={claim.state}
                claimId={claim.id}
                from={claim.state}
                onMoved={(to) => {
                  setDone(to);
                  reload();
                }}
              />
            </>
          );
        }}
      </Show>
      {done !== null ? (
        <p role="status" className="office-closed">
          {t`The claim is now “${doneName}” and the victim was sent the message.`}
        </p>
      ) : null}
    </section>
  );
}

/** UE2, UE9: the move to a state the bureau may set from this one, with the words the victim reads. */
function MoveForm({ claimId, from, onMoved }: { claimId: string; from: ClaimState; onMoved: (to: BureauClaimState) => void }) {
  const { t } = useLingui();
  const stateName = useClaimStateName();
  const ids = { state: useId(), text: useId() };
  const allowed = BUREAU_CLAIM_STATES.filter((to) => bureauMayMove(from, to));
  const [to, setTo] = useState<BureauClaimState | ''>('');
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (to === '') return setRefusal('CLAIM_STATE_INVALID');
    if (text.trim() === '') return setRefusal('CHAT_TEXT_INVALID');
    setSending(true);
    try {
      await consoleCall('moveClaim', { params: { claimId }, body: { state: to, text } });
      setText('');
      setTo('');
      onMoved(to);
    } catch (error) {
      setRefusal(error instanceof ConsoleCallError ? error.code : 'GENERIC_ERROR');
    } finally {
      setSending(false);
    }
  };
  return (
    <section>
      <h2>{t`Change the state`}</h2>
      {allowed.length === 0 ? (
        <p>{from === 'DECIDED' ? t`This claim is decided.` : t`The state of this claim cannot be changed.`}</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="chat-compose">
          <div className="field">
            <label htmlFor={ids.state}>{t`New state`}</label>
            <select id={ids.state} value={to} required onChange={(e) => setTo(e.currentTarget.value as BureauClaimState | '')}>
              <option value="">{t`Choose a state`}</option>
              {allowed.map((s) => (
                <option key={s} value={s}>
                  {stateName(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.text}>{t`Message to the victim`}</label>
            <textarea id={ids.text} value={text} required maxLength={4000} onChange={(e) => setText(e.currentTarget.value)} />
          </div>
          {refusal ? (
            <div role="alert">
              <ErrorText code={refusal} />
            </div>
          ) : null}
          <button type="submit" className="button" disabled={sending} aria-busy={sending}>
            {t`Change the state and send the message`}
          </button>
        </form>
      )}
    </section>
  );
}
