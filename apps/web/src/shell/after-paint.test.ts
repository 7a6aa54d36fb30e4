import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

describe('afterPaint (issue 35 item 2)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the work after the next frame and a task, not before; cancelled, never', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const work = vi.fn();
    afterPaint(work);
    expect(work).not.toHaveBeenCalled();
    // The frame: the task is queued, the work has not run in the frame itself.
    vi.advanceTimersToNextFrame();
    expect(work).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);

    const cancelledBeforeFrame = vi.fn();
    afterPaint(cancelledBeforeFrame)();
    const cancelledAfterFrame = vi.fn();
    const cancel = afterPaint(cancelledAfterFrame);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.runAllTimers();
    expect(cancelledBeforeFrame).not.toHaveBeenCalled();
    expect(cancelledAfterFrame).not.toHaveBeenCalled();
  });
});
