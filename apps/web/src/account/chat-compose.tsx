/**
 * `/reply` (issue 16; CH1, CH7, OH2): a new conversation (topic and message) or an answer in one
 * (`?chat=`), with up to 5 files: photos (JPEG, PNG, HEIC) and PDFs of at most 20 MB each. The
 * rules are the domain's, checked here as they are typed and again by the server; a refusal says
 * exactly what is wrong, and nothing of a refused message is kept.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX, CHAT_TEXT_MAX, CHAT_TOPIC_MAX, ChatReplySchema, NewChatSchema } from '@eid/domain';
import { ErrorText } from '../decla/fields/fields';
import { AccountCallError } from '../shell/account-session';
import { api } from '../shell/api';
import { notify } from '../shell/snackbar';
import { OfficeNotice } from './chat-pages';
import { FileDrop, UploadProgress } from '../ui/file-drop';

const issueCode = (r: { success: boolean; issues?: ReadonlyArray<{ message: string }> }) => (r.success ? null : (r.issues?.[0]?.message ?? 'DATA_ERROR'));

/** CH1, CH7: the files' problem before sending (the server checks their content). */
function filesError(files: readonly File[]): string | null {
  if (files.length > CHAT_FILES_MAX) return 'CHAT_TOO_MANY_FILES';
  if (files.some((f) => f.size > CHAT_FILE_MAX_BYTES)) return 'TOO_BIG';
  return null;
}

export function ComposePage({ chatId }: { chatId?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const ids = { topic: useId(), text: useId(), files: useId() };
  const [topic, setTopic] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  /** The share of the message and its files sent so far, while sending with files. */
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const topicError = chatId ? null : issueCode(v.safeParse(NewChatSchema.entries.topic, topic));
  const textError = issueCode(v.safeParse(ChatReplySchema.entries.text, text));
  const fileError = filesError(files);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(true);
    setRefusal(null);
    if (topicError || textError || fileError || sending) return;
    setSending(true);
    try {
      const onProgress = files.length > 0 ? setProgress : undefined;
      const answer = chatId ? await api.upload('replyInChat', { params: { chatId }, fields: { text } }, files, onProgress) : await api.upload('startChat', { fields: { topic, text } }, files, onProgress);
      notify('success', t`Your message was sent to the bureau.`);
      await navigate({ to: '/messages', search: { view: 'chat', id: answer.chat.id } });
    } catch (error) {
      setRefusal(error instanceof AccountCallError ? error.code : 'GENERIC_ERROR');
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  return (
    <article className="page records-page chat-compose">
      <h1>{chatId ? t`Answer the bureau` : t`Write to the bureau`}</h1>
      <OfficeNotice />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {chatId ? null : (
          <div className={`field${sent && topicError ? ' field--error' : ''}`}>
            <label htmlFor={ids.topic}>{t`Topic`} *</label>
            <div className="field-input">
              <input id={ids.topic} value={topic} maxLength={CHAT_TOPIC_MAX} required aria-invalid={sent && !!topicError} aria-describedby={`${ids.topic}-error`} onChange={(e) => setTopic(e.currentTarget.value)} />
            </div>
            <ErrorText id={`${ids.topic}-error`} code={sent ? topicError : null} />
          </div>
        )}
        <div className={`field${sent && textError ? ' field--error' : ''}`}>
          <label htmlFor={ids.text}>{t`Message`} *</label>
          <textarea id={ids.text} value={text} maxLength={CHAT_TEXT_MAX} required aria-invalid={sent && !!textError} aria-describedby={`${ids.text}-error`} onChange={(e) => setText(e.currentTarget.value)} />
          <ErrorText id={`${ids.text}-error`} code={sent ? textError : null} />
        </div>
        <div className={`field${fileError ? ' field--error' : ''}`}>
          <h2 className="files-title" id={ids.files}>{t`Files`}</h2>
          <p className="field-hint" id={`${ids.files}-hint`}>{t`Photos or PDF, up to 5, each up to 20 MB.`}</p>
          {files.length > 0 ? (
            <ul className="file-list" aria-labelledby={ids.files}>
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  {f.name} <span className="muted">{t`(${Math.ceil(f.size / 1024)} KB)`}</span>
                  <button type="button" className="button button--text" disabled={sending} onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                    {t`Remove ${f.name}`}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <FileDrop name={t`your message`} accept="image/jpeg,image/png,image/heic,image/heif,application/pdf" hintId={`${ids.files}-hint`} disabled={sending} onFiles={(picked) => setFiles([...files, ...picked])}>
            <UploadProgress state={progress === null ? { kind: 'idle' } : { kind: 'sending', count: files.length, fraction: progress }} onRetry={() => undefined} />
          </FileDrop>
          <ErrorText id={`${ids.files}-error`} code={fileError} />
        </div>
        {refusal ? (
          <div role="alert" className="form-refusal">
            <ErrorText code={refusal} />
          </div>
        ) : null}
        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {sending ? t`Sending…` : t`Send`}
        </button>
      </form>
      <p>
        {chatId ? (
          <Link to="/messages" search={{ view: 'chat', id: chatId }}>
            {t`Back to the conversation`}
          </Link>
        ) : (
          <Link to="/chat">{t`All conversations`}</Link>
        )}
      </p>
    </article>
  );
}
