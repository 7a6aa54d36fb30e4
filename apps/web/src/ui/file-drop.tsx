/**
 * Files added to a list (issue 34: the claim's documents and /reply had bare "Choose Files"
 * controls, seven stacked on one step): one "Add files" button per list (a phone's chooser offers
 * its camera, gallery and files), a drop zone where there is a mouse, the upload's progress, and a
 * refused or failed upload said with a retry of the same files. One component for the account's
 * pages, shaped like the declaration's photo step.
 */
import { useState, type DragEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { isTransientFailure } from '@eid/domain/protocol';
import { ErrorText } from '../decla/fields/fields';

/** A mouse: files can be dragged here from the desktop. (A phone's own chooser offers its camera, gallery and files.) */
const canDrop = (): boolean => typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches === true;

export interface FileDropProps {
  /** What the files are for, in the input's name ("Add files to: Medical documents"). */
  readonly name: string;
  readonly accept: string;
  readonly multiple?: boolean;
  readonly disabled?: boolean;
  readonly hintId?: string;
  readonly onFiles: (files: File[]) => void;
  readonly children?: ReactNode;
}

export function FileDrop({ name, accept, multiple = true, disabled = false, hintId, onFiles, children }: FileDropProps) {
  const { t } = useLingui();
  const [over, setOver] = useState(false);
  const droppable = canDrop();
  const picked = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  const drag = (e: DragEvent, on: boolean) => {
    e.preventDefault();
    setOver(on && !disabled);
  };
  return (
    <div
      className={`file-drop${droppable ? ' file-drop--zone' : ''}${over ? ' file-drop--over' : ''}`}
      {...(droppable
        ? {
            onDragOver: (e: DragEvent) => drag(e, true),
            onDragEnter: (e: DragEvent) => drag(e, true),
            onDragLeave: (e: DragEvent) => drag(e, false),
            onDrop: (e: DragEvent) => {
              drag(e, false);
              picked(e.dataTransfer.files);
            },
          }
        : {})}
    >
      <div className="file-drop-row">
        <label className={`button button--secondary${disabled ? ' button--busy' : ''}`}>
          <input className="visually-hidden" type="file" accept={accept} multiple={multiple} disabled={disabled} aria-label={t`Add files to: ${name}`} aria-describedby={hintId} onChange={(e) => {
            picked(e.currentTarget.files);
            e.currentTarget.value = '';
          }} />
          <span aria-hidden="true">+ </span>
          {t`Add files`}
        </label>
        {droppable ? <span className="muted">{t`or drop them here`}</span> : null}
      </div>
      {children}
    </div>
  );
}

/** An upload under way or failed: its progress, or its refusal with a retry of the same files. */
export type UploadState = { readonly kind: 'idle' } | { readonly kind: 'sending'; readonly count: number; readonly fraction: number } | { readonly kind: 'failed'; readonly files: readonly File[]; readonly code: string };

/** Sends picked files with progress; a failure keeps them for "Try again". */
export function useUpload(send: (files: readonly File[], onProgress: (fraction: number) => void) => Promise<void>, codeOf: (e: unknown) => string) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const upload = async (files: readonly File[]) => {
    if (files.length === 0) return;
    setState({ kind: 'sending', count: files.length, fraction: 0 });
    try {
      await send(files, (fraction) => setState({ kind: 'sending', count: files.length, fraction }));
      setState({ kind: 'idle' });
    } catch (e) {
      setState({ kind: 'failed', files, code: codeOf(e) });
    }
  };
  return { state, upload, clear: () => setState({ kind: 'idle' }) };
}

export function UploadProgress({ state, onRetry, errorId }: { state: UploadState; onRetry: () => void; errorId?: string }) {
  const { t } = useLingui();
  const percent = state.kind === 'sending' ? Math.round(state.fraction * 100) : 0;
  return (
    <>
      <div role="status" className="upload-progress">
        {state.kind === 'sending' ? (
          <>
            <progress max={1} value={state.fraction} aria-label={t`Uploading`} />
            <span>{state.count === 1 ? t`Uploading 1 file… ${percent}%` : t`Uploading ${state.count} files… ${percent}%`}</span>
          </>
        ) : null}
      </div>
      {state.kind === 'failed' ? (
        <div role="alert" className="upload-failed" id={errorId}>
          <ErrorText code={state.code} />
          {/* A refusal of the files themselves is not retried: the same files would be refused again. */}
          {isTransientFailure(state.code) ? (
            <button type="button" className="button button--secondary" onClick={onRetry}>
              {t`Try again`}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
