/**
 * The footer's feedback dialog (app-shell §2): the reasons for quitting a declaration, a free text,
 * sent to the server's log (nothing personal is asked).
 */
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { log } from './client-log';

const REASONS: ReadonlyArray<readonly [string, MessageDescriptor]> = [
  ['too-long', msg`It takes too long to fill in`],
  ['other-driver', msg`The other driver did not want to use it`],
  ['connection', msg`The connection was poor`],
  ['unclear', msg`A step was unclear`],
  ['paper', msg`We chose the paper declaration`],
  ['police', msg`The police came`],
  ['error', msg`The app showed an error`],
  ['other', msg`Something else`],
];

export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="feedback-title" onClose={onClose}>
      <h2 id="feedback-title">{t`Feedback`}</h2>
      {sent ? (
        <p role="status">
          <Trans>Thank you. Your answer helps us make the declaration simpler.</Trans>
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            log('info', 'feedback', `feedback: ${reasons.join(',') || 'none'}`, { reasons, comment: comment.slice(0, 1000) });
            setSent(true);
          }}
        >
          <fieldset>
            <legend>{t`Why did you stop filling in the declaration?`}</legend>
            {REASONS.map(([id, label]) => (
              <label key={id} className="check">
                <input
                  type="checkbox"
                  checked={reasons.includes(id)}
                  onChange={(e) => setReasons((r) => (e.target.checked ? [...r, id] : r.filter((x) => x !== id)))}
                />{' '}
                {i18n._(label)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="feedback-comment">{t`Anything else? (optional)`}</label>
            <textarea id="feedback-comment" rows={3} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
          </div>
          <button type="submit" className="button" disabled={reasons.length === 0 && comment.trim() === ''}>
            {t`Send`}
          </button>
        </form>
      )}
      <button type="button" className="button button--secondary" onClick={() => dialog.current?.close()}>
        {t`Close`}
      </button>
    </dialog>
  );
}
