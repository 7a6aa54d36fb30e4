import { afterEach, describe, expect, it, vi } from 'vitest';
import { canvasToBlob, whileFramesRun } from './canvas-blob';

/** A frame clock run by hand: the callbacks asked for, run one frame at a time. */
function frames() {
  let asked: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    asked.push(cb);
    return asked.length;
  });
  return {
    get waiting() {
      return asked.length;
    },
    tick() {
      const now = asked;
      asked = [];
      for (const cb of now) cb(0);
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('whileFramesRun: frames keep coming while an encoding is pending, and stop once it settles', () => {
  it.each([
    ['resolves', (settle: { resolve: (v: string) => void }) => settle.resolve('picture'), 'picture'],
    ['rejects', (settle: { reject: (e: Error) => void }) => settle.reject(new Error('cannot encode')), 'cannot encode'],
  ] as const)('the encoding %s', async (_, finish, outcome) => {
    const clock = frames();
    let settle!: { resolve: (v: string) => void; reject: (e: Error) => void };
    const pending = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
    const result = whileFramesRun(pending).then(
      (v) => v,
      (e: Error) => e.message,
    );
    // Ten frames while it is pending: each asks for the next.
    for (let i = 0; i < 10; i++) {
      expect(clock.waiting).toBe(1);
      clock.tick();
    }
    (finish as (s: typeof settle) => void)(settle);
    expect(await result).toBe(outcome);
    // The frame already asked for runs once more and asks for no other.
    clock.tick();
    expect(clock.waiting).toBe(0);
  });

  it('without animation frames (a worker, an old browser) it is the encoding as it is', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    await expect(whileFramesRun(Promise.resolve(7))).resolves.toBe(7);
  });
});

describe('canvasToBlob', () => {
  it.each([
    ['image/jpeg', 0.8, new Blob(['jpeg'])],
    ['image/png', undefined, new Blob(['png'])],
    ['image/png', undefined, null],
  ] as const)('asks the canvas for %s (quality %s) and gives what it gave', async (type, quality, given) => {
    const clock = frames();
    let callback: BlobCallback | null = null;
    const canvas = { toBlob: vi.fn((cb: BlobCallback) => (callback = cb)) } as unknown as HTMLCanvasElement;
    const result = canvasToBlob(canvas, type, quality);
    expect(canvas.toBlob).toHaveBeenCalledWith(expect.any(Function), type, quality);
    clock.tick();
    expect(clock.waiting).toBe(1);
    callback!(given);
    expect(await result).toBe(given);
    clock.tick();
    expect(clock.waiting).toBe(0);
  });
});
