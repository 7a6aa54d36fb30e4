/**
 * The driver's messages with the bureau (issue 16; app-shell §2-§3; CH2, CH5, CH6, OH2): `/chat`
 * (the topics), `/messages` (the inbox of the bureau's messages, or one conversation with
 * `?view=chat&id=`), kept live by the chat stream; opening a conversation reads the bureau's
 * messages (the bureau sees them read). Outside office hours the page says when to expect an answer.
 */
import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { officeStatus, type ChatListItem, type ChatMessage } from '@eid/domain';
import { ACCOUNT_PATH } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';
import { useDateTime } from './account-parts';
import type { Loaded } from './records';
import { chatFileUrl, useLiveCall } from './chat-data';

function Loading<T>({ loaded, children }: { loaded: Loaded<T>; children: (value: T) => ReactNode }) {
  const { t } = useLingui();
  if (loaded.kind === 'loading') return <p role="status">{t`Loading…`}</p>;
  if (loaded.kind === 'failed')
    return (
      <div role="alert">
        <ErrorText code={loaded.error.code} />
      </div>
    );
  return <>{children(loaded.value)}</>;
}

/** OH2: outside office hours, when the bureau can be expected to answer. */
export function OfficeNotice() {
  const dateTime = useDateTime();
  // The office's state when the page opened (a page left open past the opening still says it; a reload tells anew).
  const [status] = useState(() => officeStatus(Date.now()));
  if (status.open) return null;
  const when = dateTime(status.opensAt);
  return (
    <p className="office-closed">
      <Trans>The bureau's office is closed now. Your message will be read when it opens: {when}.</Trans>
    </p>
  );
}

function ChatLinks({ chats, empty }: { chats: readonly ChatListItem[]; empty: string }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  if (chats.length === 0) return <p>{empty}</p>;
  return (
    <ul className="chat-list">
      {chats.map((c) => (
        <li key={c.id}>
          <Link to="/messages" search={{ view: 'chat', id: c.id }} className={c.unread > 0 ? 'chat-unread' : undefined}>
            <strong>{c.topic}</strong>
            {c.unread > 0 ? <span className="unread-badge">{c.unread > 1 ? t`${c.unread} new` : t`new`}</span> : null}
            <br />
            <span className="chat-meta">
              {dateTime(c.date)} · {c.lastSender === 'B' ? t`Bureau` : t`You`}: {c.abstract}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/chat`: every conversation, newest activity first, and the way to start one. */
export function ChatListPage() {
  const { t } = useLingui();
  const loaded = useLiveCall({ name: 'chats' });
  return (
    <article className="page records-page">
      <h1>{t`Chat with the bureau`}</h1>
      <OfficeNotice />
      <p>
        <Link to="/reply" className="button">
          {t`Write to the bureau`}
        </Link>
      </p>
      <Loading loaded={loaded}>{(v) => <ChatLinks chats={v.chats} empty={t`You have no conversations with the bureau yet.`} />}</Loading>
    </article>
  );
}

/** `/messages` (inbox): the conversations in which the bureau wrote last or has unread messages. */
export function InboxPage() {
  const { t } = useLingui();
  const loaded = useLiveCall({ name: 'chats' });
  return (
    <article className="page records-page">
      <h1>{t`Messages`}</h1>
      <Loading loaded={loaded}>
        {(v) => <ChatLinks chats={v.chats.filter((c) => c.lastSender === 'B' || c.unread > 0)} empty={t`There are no messages from the bureau.`} />}
      </Loading>
      <p>
        <Link to="/chat">{t`All conversations`}</Link>
      </p>
    </article>
  );
}

function MessageItem({ m, chatId }: { m: ChatMessage; chatId: string }) {
  const { t } = useLingui();
  const dateTime = useDateTime();
  const who = m.sender === 'B' ? (m.staffName ? t`${m.staffName}, bureau` : t`Bureau`) : t`You`;
  return (
    <li className={`chat-message chat-message--${m.sender}`}>
      <p className="chat-meta">
        <strong>{who}</strong> · {dateTime(m.at)}
        {m.sender === 'U' ? <> · {m.readAt !== null ? t`Read by the bureau` : t`Not read yet`}</> : null}
      </p>
      <div>{m.content}</div>
      {m.files.length > 0 ? (
        <ul className="chat-files" aria-label={t`Attached files`}>
          {m.files.map((f) => (
            <li key={f.fileId}>
              {f.mimeType === 'application/pdf' ? null : <img className="chat-thumb" src={chatFileUrl(ACCOUNT_PATH, chatId, f.fileId)} alt={f.fileName} loading="lazy" />}
              <a href={chatFileUrl(ACCOUNT_PATH, chatId, f.fileId)} download={f.fileName}>
                {f.fileName} ({Math.max(1, Math.round(f.size / 1024))} KB)
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** `/messages?view=chat&id=`: one conversation, live; opening it reads the bureau's messages. */
export function ThreadPage({ chatId }: { chatId: string }) {
  const { t } = useLingui();
  const loaded = useLiveCall({ name: 'chat', chatId });
  return (
    <article className="page records-page">
      <Loading loaded={loaded}>
        {(v) => (
          <>
            <h1>{v.chat.topic}</h1>
            <ol className="chat-thread" aria-live="polite" aria-label={t`Messages of this conversation`}>
              {v.messages.map((m) => (
                <MessageItem key={m.messageId} m={m} chatId={chatId} />
              ))}
            </ol>
            <OfficeNotice />
            <p>
              <Link to="/reply" search={{ chat: chatId }} className="button">
                {t`Answer`}
              </Link>
            </p>
          </>
        )}
      </Loading>
      <p>
        <Link to="/chat">{t`All conversations`}</Link>
      </p>
    </article>
  );
}
