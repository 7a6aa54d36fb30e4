import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { AUDIO_MAX_MS, provideRecorderPorts, type RecorderPort, type Recording } from './recorder.machine.js';

class FakeMic implements RecorderPort {
  log: string[] = [];
  /** Why the browser gives no microphone: refused by the person, or none there. */
  refuse: 'NotAllowedError' | 'NotFoundError' | null = null;
  async open() {
    this.log.push('open');
    if (this.refuse) throw Object.assign(new Error('no microphone'), { name: this.refuse });
  }
  start() {
    this.log.push('start');
  }
  pause() {
    this.log.push('pause');
  }
  resume() {
    this.log.push('resume');
  }
  async stop(): Promise<Recording> {
    this.log.push('stop');
    return { bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), contentType: 'audio/webm' };
  }
}

function recorder(mic: FakeMic, save = { fail: false }) {
  const saved: Recording[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    provideRecorderPorts(mic, async (r) => {
      if (save.fail) throw new Error('upload');
      saved.push(r);
      return `audio-${saved.length}`;
    }),
    { clock },
  ).start();
  return { actor, saved, clock };
}

describe('audio recorder', () => {
  it('[AU1] ready → recording → paused → recording → saved; the microphone is asked for once', async () => {
    const mic = new FakeMic();
    const { actor, saved } = recorder(mic);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('recording'));
    actor.send({ type: 'user.pause' });
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'user.resume' });
    expect(actor.getSnapshot().value).toBe('recording');
    actor.send({ type: 'user.stop' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.savedId).toBe('audio-1');
    expect(saved).toHaveLength(1);
    actor.send({ type: 'user.record' });
    expect(actor.getSnapshot().value).toBe('recording');
    expect(mic.log).toEqual(['open', 'start', 'pause', 'resume', 'stop', 'start']);
  });

  it.each(['NotAllowedError', 'NotFoundError'] as const)('[AU2] a microphone refused or absent (%s) is the error state with MICROPHONE_UNAVAILABLE; recording may be tried again', async (why) => {
    const mic = new FakeMic();
    mic.refuse = why;
    const { actor, saved } = recorder(mic);
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('MICROPHONE_UNAVAILABLE');
    mic.refuse = null;
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('recording'));
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'user.stop' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toHaveLength(1);
  });

  it('[AU2] a note that could not be saved is the error state with AUDIO_SAVE_FAILED; the next recording is saved, without asking for the microphone again', async () => {
    const mic = new FakeMic();
    const save = { fail: true };
    const { actor, saved } = recorder(mic, save);
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('recording'));
    actor.send({ type: 'user.stop' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({ error: 'AUDIO_SAVE_FAILED', savedId: null });
    save.fail = false;
    actor.send({ type: 'user.record' });
    expect(actor.getSnapshot().value).toBe('recording');
    actor.send({ type: 'user.stop' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, savedId: 'audio-1' });
    expect(saved).toHaveLength(1);
    expect(mic.log.filter((l) => l === 'open')).toEqual(['open']);
  });

  it('[AU3] a note stops and is saved by itself after AUDIO_MAX_MS', async () => {
    const { actor, saved, clock } = recorder(new FakeMic());
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('recording'));
    clock.increment(AUDIO_MAX_MS);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saved).toHaveLength(1);
  });
});
