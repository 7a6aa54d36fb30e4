import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { AUDIO_MAX_MS, provideRecorderPorts, type RecorderPort, type Recording } from './recorder.machine.js';

class FakeMic implements RecorderPort {
  log: string[] = [];
  refuse = false;
  async open() {
    this.log.push('open');
    if (this.refuse) throw new Error('NotAllowedError');
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

function recorder(mic: FakeMic, failSave = false) {
  const saved: Recording[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    provideRecorderPorts(mic, async (r) => {
      if (failSave) throw new Error('upload');
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

  it('[AU2] a refused microphone is the error state with MICROPHONE_UNAVAILABLE; a failed save AUDIO_SAVE_FAILED; both may retry', async () => {
    const mic = new FakeMic();
    mic.refuse = true;
    const { actor } = recorder(mic);
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.error).toBe('MICROPHONE_UNAVAILABLE');
    mic.refuse = false;
    actor.send({ type: 'user.record' });
    await waitFor(actor, (s) => s.matches('recording'));

    const broken = recorder(new FakeMic(), true);
    broken.actor.send({ type: 'user.record' });
    await waitFor(broken.actor, (s) => s.matches('recording'));
    broken.actor.send({ type: 'user.stop' });
    await waitFor(broken.actor, (s) => s.matches('error'));
    expect(broken.actor.getSnapshot().context.error).toBe('AUDIO_SAVE_FAILED');
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
