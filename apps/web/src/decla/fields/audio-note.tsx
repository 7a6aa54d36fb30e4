import { rememberPermissionRequest } from '../../shell/permissions';
import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type AudioType, type Party } from '@eid/domain';
import { provideRecorderPorts, type RecorderPort, type Recording } from '@eid/domain/device';
import { useConnectedDeclaration, useSession } from '../session/session-context';
import { ErrorText } from './fields';
import { useStoredBinary } from './use-stored-binary';

/** The browser's microphone behind the domain's RecorderPort (MediaRecorder). */
class BrowserMic implements RecorderPort {
  private stream: MediaStream | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];

  async open(): Promise<void> {
    rememberPermissionRequest('microphone');
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new Error('no microphone');
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  }

  start(): void {
    if (!this.stream) return;
    this.chunks = [];
    const type = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'].find((t) => MediaRecorder.isTypeSupported(t));
    this.recorder = new MediaRecorder(this.stream, type ? { mimeType: type } : undefined);
    this.recorder.ondataavailable = (e) => e.data.size > 0 && this.chunks.push(e.data);
    this.recorder.start(250);
  }

  pause(): void {
    this.recorder?.pause();
  }

  resume(): void {
    this.recorder?.resume();
  }

  stop(): Promise<Recording> {
    const recorder = this.recorder;
    if (!recorder) return Promise.reject(new Error('not recording'));
    return new Promise((resolve) => {
      recorder.onstop = async () => {
        const blob = new Blob(this.chunks, { type: recorder.mimeType || 'audio/webm' });
        resolve({ bytes: new Uint8Array(await blob.arrayBuffer()), contentType: blob.type });
      };
      recorder.stop();
    });
  }

  close(): void {
    this.stream?.getTracks().forEach((t) => t.stop());
    this.stream = null;
  }
}

/** A recorded note of a party (damages or circumstances): record, pause, stop; play back. */
export function AudioNote({ party, type }: { party: Party; type: AudioType }) {
  const session = useSession();
  const d = useConnectedDeclaration();
  const { t } = useLingui();
  const mic = useMemo(() => new BrowserMic(), []);
  useEffect(() => () => mic.close(), [mic]);
  const machine = useMemo(
    () =>
      provideRecorderPorts(mic, async (rec) => {
        const id = await session.upload(new Blob([rec.bytes.slice().buffer], { type: rec.contentType }), 'audio');
        await session.request('add-audio', { party, id, type });
        return id;
      }),
    [mic, session, party, type],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s);
  const note = d.parties[party].audio.find((a) => a.type === type) ?? null;
  const stored = useStoredBinary('get-audio', note?.id ?? null);
  const src = stored.url;
  const loadError = stored.error ? 'AUDIO_FETCH_INCOMPLETE' : null;

  const recording = state.matches('recording');
  const paused = state.matches('paused');
  const busy = state.hasTag('busy');
  return (
    <div className="audio-note" role="group" aria-label={type === 'DAMAGES' ? t`Voice note about the damages` : t`Voice note about the circumstances`}>
      <p className="audio-state" role="status">
        {recording ? t`Recording…` : paused ? t`Paused` : busy ? t`Saving…` : note ? t`A voice note is saved.` : t`You may also say it in a voice note.`}
      </p>
      <div className="audio-buttons">
        {!recording && !paused ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => actor.send({ type: 'user.record' })}>
            <span aria-hidden="true">● </span>
            {note ? t`Record again` : t`Record`}
          </button>
        ) : null}
        {recording ? (
          <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'user.pause' })}>
            {t`Pause`}
          </button>
        ) : null}
        {paused ? (
          <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'user.resume' })}>
            {t`Resume`}
          </button>
        ) : null}
        {recording || paused ? (
          <button type="button" className="button" onClick={() => actor.send({ type: 'user.stop' })}>
            {t`Stop and save`}
          </button>
        ) : null}
      </div>
      {src ? <NotePlayer src={src} label={t`Play the voice note`} /> : null}
      <ErrorText code={state.context.error ?? loadError} />
    </div>
  );
}

function NotePlayer({ src, label }: { src: string; label: string }) {
  return (
    <audio controls src={src} aria-label={label}>
      <Trans>Your browser cannot play the note.</Trans>
    </audio>
  );
}

/** A saved voice note of either driver, played from the server (the preview on both devices). */
export function StoredVoiceNote({ id, type }: { id: string; type: AudioType }) {
  const { t } = useLingui();
  const stored = useStoredBinary('get-audio', id);
  const label = type === 'DAMAGES' ? t`Voice note about the damages` : t`Voice note about the circumstances`;
  return (
    <div className="voice-note" data-audio-type={type}>
      <span>{label}</span>
      {stored.url ? <NotePlayer src={stored.url} label={label} /> : stored.error ? <ErrorText code="AUDIO_FETCH_INCOMPLETE" /> : <span className="loading">{t`Loading…`}</span>}
    </div>
  );
}
