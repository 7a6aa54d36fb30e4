import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { deviceClass, windowHeightRepair } from './device-frame.js';

const UA = {
  pixel7: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  galaxyTab: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('the page frame', () => {
  it.each([
    ['an Android phone', UA.pixel7, 5, 'mobile'],
    ['an iPhone', UA.iphone, 5, 'mobile'],
    ['an Android tablet', UA.galaxyTab, 10, 'tablet'],
    ['an older iPad', UA.ipadOld, 5, 'tablet'],
    ['an iPad that says it is a Mac', UA.ipadOs, 5, 'tablet'],
    ['a Mac', UA.ipadOs, 0, 'desktop'],
    ['a Windows PC', UA.windows, 0, 'desktop'],
    ['a Linux PC with a touch screen', UA.linux, 10, 'desktop'],
  ])('[SH7] %s is %s… → %s', (_name, ua, touch, expected) => {
    expect(deviceClass(ua, touch)).toBe(expected);
  });

  it('[SH7] the height is measured 256 ms after the start, then 128, 256 and 512 ms after each change; a new change cancels the repairs waiting', () => {
    const clock = new SimulatedClock();
    // A millisecond at a time, so that each measurement is stamped with the time it ran at.
    const advance = (ms: number) => {
      for (let i = 0; i < ms; i++) clock.increment(1);
    };
    let height = 700;
    const applied: Array<[number, number]> = [];
    const repair = windowHeightRepair({ timers: clock, measure: () => height, apply: (h) => applied.push([clock.now(), h]) });
    advance(255);
    expect(applied).toEqual([]);
    advance(1);
    expect(applied).toEqual([[256, 700]]);
    height = 640;
    repair.changed();
    advance(128);
    advance(100);
    // Changed again before the 256 ms repair: the waiting ones are replaced.
    height = 600;
    repair.changed();
    advance(600);
    expect(applied).toEqual([[256, 700], [384, 640], [612, 600], [740, 600], [996, 600]]);
    repair.stop();
    repair.changed();
    repair.stop();
    advance(1000);
    expect(applied).toHaveLength(5);
  });
});
