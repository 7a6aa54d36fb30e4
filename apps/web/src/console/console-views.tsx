/**
 * The console's views (issue 16; CH3, CH5, CH6, SF2, SF4, AL2): the chats waiting for an answer
 * (oldest first, with the time waited, searched and paged), a chat with its answer form, the
 * claims, a message to a user, staff and the audit log (the supervisor's). Every view's reads are
 * logged by the server.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { DataTable } from '../ui/data-table';
import { CONSOLE_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';
import { ConsoleCallError, consoleCall, useConsoleCall } from './console-api';
import { Pager, SearchForm, Show, useWhen, type ConsoleSearch, type StaffMe } from './console-parts';
import { StaffView, MessageToUser, useAuditActionName } from './console-staff';
import { DeclarationDetail, DeclarationList } from './console-declarations';
import { ClaimsView } from './console-claims';
import { InsurersView } from './console-insurers';

export function ConsoleView({ me, search }: { me: StaffMe; search: ConsoleSearch; onSignedOut: () => void }) {
  const { t } = useLingui();
  // Issue 36: an insurer's staff member reads its insurer's declarations, nothing else of the bureau's.
  const insurer = me.role === 'insurer';
  const view = insurer && search.view !== 'declaration' ? 'declarations' : (search.view ?? 'chats');
  const tabs: Array<[NonNullable<ConsoleSearch['view']>, string]> = insurer
    ? [['declarations', t`Declarations`]]
    : [
        ['chats', t`Chats waiting`],
        ['declarations', t`Declarations`],
        ['claims', t`Claims`],
        ['message', t`Message to a user`],
        ...(me.role === 'supervisor' ? ([['staff', t`Staff`], ['insurers', t`Insurers' systems`], ['audit', t`Audit log`]] as Array<[NonNullable<ConsoleSearch['view']>, string]>) : []),
      ];
  return (
    <>
      <nav aria-label={t`Console sections`} className="console-tabs">
        <ul className="account-links">
          {tabs.map(([key, label]) => (
            <li key={key}>
              <Link to="/console" search={{ view: key }} aria-current={view === key ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'chats' ? <WaitingChats q={search.q ?? ''} offset={search.offset ?? 0} /> : null}
      {view === 'chat' && search.id ? <ChatView key={search.id} chatId={search.id} /> : null}
      {view === 'declarations' ? <DeclarationList q={search.q ?? ''} offset={search.offset ?? 0} bureau={!insurer} /> : null}
      {view === 'declaration' && search.id ? <DeclarationDetail key={search.id} declarationId={search.id} /> : null}
      {view === 'claims' ? <ClaimsView q={search.q ?? ''} offset={search.offset ?? 0} claimId={search.id} /> : null}
      {view === 'message' ? <MessageToUser /> : null}
      {view === 'staff' ? <StaffView /> : null}
      {view === 'insurers' ? <InsurersView offset={search.offset ?? 0} /> : null}
      {view === 'audit' ? <AuditLog offset={search.offset ?? 0} /> : null}
    </>
  );
}

/** How long a chat waits, in the page's language (messages by `msg`: a `t` passed in is not the macro's, and its texts would be lost). */
function waited(ms: number, i18n: I18n): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return i18n._(msg`${minutes} min`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const days = Math.floor(hours / 24);
  return hours < 48 ? i18n._(msg`${hours} h ${rest} min`) : i18n._(msg`${days} days`);
}

function WaitingChats({ q, offset }: { q: string; offset: number }) {
  const { t, i18n } = useLingui();
  const { loaded } = useConsoleCall('consoleChats', { query: { offset: String(offset), search: q } }, 'any');
  return (
    <section>
      <h1>{t`Chats waiting for an answer`}</h1>
      <SearchForm label={t`Search by topic`} view="chats" q={q} />
      <Show loaded={loaded}>
        {(v) => (
          <>
            <DataTable
              caption={t`Chats waiting for an answer`}
              rows={v.chats}
              rowKey={(c) => c.id}
              columns={[
                { header: t`Topic`, cell: (c) => <Link to="/console" search={{ view: 'chat', id: c.id }}>{c.topic}</Link> },
                { header: t`Waiting`, cell: (c) => waited(c.waitedMs, i18n) },
                { header: t`Last message`, cell: (c) => <span className="chat-meta">{c.abstract}</span> },
              ]}
            />
            <Pager total={v.total} offset={offset} view="chats" q={q} />
          </>
        )}
      </Show>
    </section>
  );
}

const fileUrl = (chatId: string, fileId: string) => `${CONSOLE_PATH}/chats/${encodeURIComponent(chatId)}/files/${encodeURIComponent(fileId)}`;

function ChatView({ chatId }: { chatId: string }) {
  const { t } = useLingui();
  const when = useWhen();
  const textId = useId();
  const { loaded, reload } = useConsoleCall('consoleChat', { params: { chatId } }, chatId);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const answer = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    if (text.trim() === '') return setRefusal('CHAT_TEXT_INVALID');
    setSending(true);
    try {
      await consoleCall('consoleReply', { params: { chatId }, body: { text } });
      setText('');
      reload();
    } catch (error) {
      setRefusal(error instanceof ConsoleCallError ? error.code : 'GENERIC_ERROR');
    } finally {
      setSending(false);
    }
  };
  return (
    <Show loaded={loaded}>
      {(v) => (
        <section>
          <h1>{v.chat.topic}</h1>
          <p>
            {t`User:`} {v.user.name} {v.user.email}
          </p>
          <ol className="chat-thread">
            {v.messages.map((m) => (
              <li key={m.messageId} className={`chat-message chat-message--${m.sender === 'U' ? 'B' : 'U'}`}>
                <p className="chat-meta">
                  <strong>{m.sender === 'U' ? t`User` : (m.staffName ?? t`Bureau`)}</strong> · {when(m.at)}
                  {m.sender === 'B' ? <> · {m.readAt !== null ? t`Read by the user` : t`Not read yet`}</> : null}
                </p>
                <div>{m.content}</div>
                {m.files.length > 0 ? (
                  <ul className="chat-files" aria-label={t`Attached files`}>
                    {m.files.map((f) => (
                      <li key={f.fileId}>
                        {/* A photo is seen at once (issue 34: only file links); opening it is a read the audit log keeps. */}
                        {f.mimeType === 'application/pdf' ? null : <img className="chat-thumb" src={fileUrl(chatId, f.fileId)} alt={f.fileName} loading="lazy" />}
                        <a href={fileUrl(chatId, f.fileId)} download={f.fileName}>
                          {f.fileName}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <form onSubmit={(e) => void answer(e)} className="chat-compose">
            <label htmlFor={textId}>{t`Answer`}</label>
            <textarea id={textId} value={text} maxLength={4000} onChange={(e) => setText(e.currentTarget.value)} />
            {refusal ? (
              <div role="alert">
                <ErrorText code={refusal} />
              </div>
            ) : null}
            <button type="submit" className="button" disabled={sending} aria-busy={sending}>
              {t`Send the answer`}
            </button>
          </form>
        </section>
      )}
    </Show>
  );
}

function AuditLog({ offset }: { offset: number }) {
  const { t } = useLingui();
  const when = useWhen();
  const actionName = useAuditActionName();
  const { loaded } = useConsoleCall('audit', { query: { offset: String(offset) } });
  return (
    <section>
      <h1>{t`Audit log`}</h1>
      <Show loaded={loaded}>
        {(v) => (
          <>
            <table className="console-table">
              <thead>
                <tr>
                  <th scope="col">{t`When`}</th>
                  <th scope="col">{t`Who`}</th>
                  <th scope="col">{t`Action`}</th>
                  <th scope="col">{t`Item`}</th>
                  <th scope="col">{t`From`}</th>
                </tr>
              </thead>
              <tbody>
                {v.entries.map((e) => (
                  <tr key={e.seq}>
                    <td>{when(e.at)}</td>
                    <td>{e.staffEmail}</td>
                    <td>{actionName(e.action)}</td>
                    <td>{e.subject}</td>
                    <td>{e.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager total={v.total} offset={offset} view="audit" />
          </>
        )}
      </Show>
    </section>
  );
}
