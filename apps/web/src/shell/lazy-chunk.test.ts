import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_LOAD_TIMEOUT_MS } from '@eid/domain';
import { ChunkLoadError, withChunkTimeout } from './chunk-timeout';

describe('[ERR10] a lazy part of the page that does not load is CHUNK_LOAD_FAILED (app-shell: 120-second time-out, missing file)', () => {
  afterEach(() => vi.useRealTimers());

  it('one that has not loaded in 120 s is refused then, not before', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    let outcome: unknown = 'pending';
    load().then(
      () => (outcome = 'loaded'),
      (e: unknown) => (outcome = e),
    );
    await vi.advanceTimersByTimeAsync(SCRIPT_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as ChunkLoadError).code).toBe('CHUNK_LOAD_FAILED');
  });

  it('a missing file is refused at once, with the same code; one that loads in time is the part itself', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))()).rejects.toMatchObject({ code: 'CHUNK_LOAD_FAILED' });
    await expect(withChunkTimeout(() => Promise.resolve({ default: 'step' }))()).resolves.toEqual({ default: 'step' });
    // A module that loads and then throws is a bug, not the connection: it goes on as itself.
    const bug = new RangeError('a bug in the step');
    await expect(withChunkTimeout(() => Promise.reject(bug))()).rejects.toBe(bug);
  });
});
