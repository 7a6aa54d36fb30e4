import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isEmptyPixel, landscapeRotation, legendLayout, PHOTO_ERROR_TRACKING, trimBox, trimBoxOfSamples } from './image.js';
import { analyticsEventName } from './text.js';

describe('image rules', () => {
  it('[IMG1] a portrait image is turned 90 degrees to landscape; a landscape or square one is not', () => {
    expect(landscapeRotation(3000, 4000)).toBe(90);
    expect(landscapeRotation(4000, 3000)).toBe(0);
    expect(landscapeRotation(500, 500)).toBe(0);
  });

  it('[IMG2] white (250 and up per channel, for JPEG noise) and fully transparent pixels are empty; light grey or faint black is not', () => {
    expect(isEmptyPixel(255, 255, 255, 255)).toBe(true);
    expect(isEmptyPixel(12, 200, 30, 0)).toBe(true);
    expect(isEmptyPixel(240, 240, 240, 255)).toBe(false);
    expect(isEmptyPixel(0, 0, 0, 1)).toBe(false);
  });

  it('[IMG2] the trim box keeps the drawn part with a 10 px margin, found by scanning every 5 px', () => {
    // A 40×20 drawing at (100, 50) on a 400×300 white image.
    const box = trimBox(400, 300, (x, y) => !(x >= 100 && x < 140 && y >= 50 && y < 70));
    expect(box).toEqual({ left: 90, top: 40, width: 40 + 5 + 20 - 5, height: 20 + 20 });
    // Nothing drawn: kept whole. Drawn to the edge: the margin stops at the edge.
    expect(trimBox(50, 50, () => true)).toEqual({ left: 0, top: 0, width: 50, height: 50 });
    expect(trimBox(50, 50, (x) => x > 20)).toEqual({ left: 0, top: 0, width: 20 + 5 + 10, height: 50 });
  });

  it('[IMG2] whatever is drawn, the trim box lies inside the image and contains every scanned non-empty pixel', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.array(fc.tuple(fc.nat(299), fc.nat(299)), { maxLength: 6 }), (w, h, dots) => {
        const set = new Set(dots.filter(([x, y]) => x < w && y < h).map(([x, y]) => `${x - (x % 5)},${y - (y % 5)}`));
        const box = trimBox(w, h, (x, y) => !set.has(`${x},${y}`));
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.left + box.width).toBeLessThanOrEqual(w);
        expect(box.top + box.height).toBeLessThanOrEqual(h);
        for (const key of set) {
          const [x, y] = key.split(',').map(Number) as [number, number];
          expect(x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height).toBe(true);
        }
      }),
    );
  });

  it('[IMG2] the box from samples taken every 5 px equals the box of the full-image scan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.array(fc.tuple(fc.nat(59), fc.nat(59), fc.boolean()), { maxLength: 8 }), (sw, sh, dots) => {
        const samples = new Uint8Array(sw * sh * 4).fill(255);
        for (const [x, y, transparent] of dots) {
          if (x >= sw || y >= sh) continue;
          const i = (y * sw + x) * 4;
          if (transparent) samples[i + 3] = 0;
          else samples.set([10, 20, 30, 255], i);
        }
        const width = sw * 5;
        const height = sh * 5;
        const isEmpty = (x: number, y: number) => {
          const i = (Math.floor(y / 5) * sw + Math.floor(x / 5)) * 4;
          return isEmptyPixel(samples[i]!, samples[i + 1]!, samples[i + 2]!, samples[i + 3]!);
        };
        expect(trimBoxOfSamples(samples, sw, sh, width, height)).toEqual(trimBox(width, height, isEmpty));
      }),
    );
  });

  it('[IMG2] from RGB samples (a photo: no transparency) the box is the one its RGBA samples give', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), fc.array(fc.tuple(fc.nat(59), fc.nat(59), fc.nat(255)), { maxLength: 8 }), (sw, sh, dots) => {
        const rgb = new Uint8Array(sw * sh * 3).fill(255);
        const rgba = new Uint8Array(sw * sh * 4).fill(255);
        for (const [x, y, grey] of dots) {
          if (x >= sw || y >= sh) continue;
          rgb.set([grey, 250, 255], (y * sw + x) * 3);
          rgba.set([grey, 250, 255, 255], (y * sw + x) * 4);
        }
        const box = trimBoxOfSamples(rgb, sw, sh, sw * 5, sh * 5, 5, 10, 3);
        expect(box).toEqual(trimBoxOfSamples(rgba, sw, sh, sw * 5, sh * 5, 5, 10, 4));
      }),
    );
  });

  it('[IMG3] the legend is two lines above the image: padding 10, a bold font of width / 24', () => {
    const l = legendLayout(2400);
    expect(l).toMatchObject({ padding: 10, fontSize: 100, lines: 2 });
    expect(l.bandHeight).toBe(10 * 2 + 2 * l.lineHeight);
    expect(legendLayout(1200).fontSize).toBe(50);
  });

  it('[IMG4] each photo failure has its analytics tracking code, normalised as event names are', () => {
    for (const [code, tracking] of Object.entries(PHOTO_ERROR_TRACKING)) {
      expect(analyticsEventName(tracking), code).toBe(tracking);
    }
    expect(new Set(Object.values(PHOTO_ERROR_TRACKING)).size).toBe(3);
  });
});
