import { describe, expect, it, vi } from 'vitest';
import { PHOTO_SEND } from '@eid/domain';
import { preparePhoto, type DecodedPhoto } from './upload';

/** A file of a name, a type and a size in bytes (its bytes are zeros: only the decoder below reads them, and it is a fake). */
const fileOf = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

/** A decoder that knows the photo's size, and draws a JPEG of `jpegBytes` bytes at whatever size it is asked. */
function decoderOf(size: { width: number; height: number } | null, jpegBytes = 300_000) {
  const drawn: Array<{ width: number; height: number; quality: number }> = [];
  const closed = vi.fn();
  const decode = vi.fn(async (): Promise<DecodedPhoto | null> =>
    size
      ? {
          ...size,
          jpeg: async (width, height, quality) => {
            drawn.push({ width, height, quality });
            return new Blob([new Uint8Array(jpegBytes)], { type: 'image/jpeg' });
          },
          close: closed,
        }
      : null,
  );
  return { decode, drawn, closed };
}

describe('[PHO3] a photo as it leaves the phone (IMG6)', () => {
  it.each([
    // name, type, bytes, decoded size (null: the browser cannot decode it), the JPEG's bytes, what is sent, drawn at
    ['a 12 MP JPEG', 'IMG_0001.JPG', 'image/jpeg', 4_900_000, { width: 4032, height: 3024 }, 317_000, 'jpeg', { width: 1600, height: 1200 }],
    ['a JPEG within the size and the bytes', 'small.jpg', 'image/jpeg', 200_000, { width: 1200, height: 900 }, 150_000, 'original', null],
    ['a JPEG within the size but heavy', 'heavy.jpg', 'image/jpeg', 900_000, { width: 1500, height: 1000 }, 350_000, 'jpeg', { width: 1500, height: 1000 }],
    ['a JPEG whose redraw would be larger', 'odd.jpg', 'image/jpeg', 500_000, { width: 1600, height: 1200 }, 600_000, 'original', { width: 1600, height: 1200 }],
    ['a portrait 12 MP JPEG', 'IMG_0005.jpeg', 'image/jpeg', 4_000_000, { width: 3024, height: 4032 }, 300_000, 'jpeg', { width: 1200, height: 1600 }],
    ['a JPEG the browser cannot decode (damaged)', 'IMG_0004.jpg', 'image/jpeg', 2_600_000, null, 0, 'original', null],
    ['a JPEG by its type only', 'photo', 'image/jpeg', 4_900_000, { width: 4032, height: 3024 }, 317_000, 'jpeg', { width: 1600, height: 1200 }],
  ] as const)('%s is sent as %s', async (_, name, type, bytes, size, jpegBytes, sent, drawnAt) => {
    const file = fileOf(name, type, bytes);
    const { decode, drawn, closed } = decoderOf(size, jpegBytes);
    const out = await preparePhoto(file, decode);
    if (sent === 'original') expect(out).toBe(file);
    else expect({ type: out.type, bytes: out.size }).toEqual({ type: 'image/jpeg', bytes: jpegBytes });
    expect(drawn).toEqual(drawnAt ? [{ ...drawnAt, quality: PHOTO_SEND.quality }] : []);
    // Whatever was decoded is let go (a 12 MP bitmap is about 48 MB of the phone's memory).
    expect(closed).toHaveBeenCalledTimes(size ? 1 : 0);
  });

  it.each([
    ['a PNG', 'scheme.png', 'image/png'],
    ['a GIF', 'a.gif', 'image/gif'],
    ['a camera raw', 'a.cr2', ''],
    // §5: only jpg and jpeg are resized; an iPhone's HEIC goes as it is and the server converts it (docs/decisions/media.md).
    ['an iPhone HEIC', 'IMG_0002.HEIC', 'image/heic'],
    ['a HEIF', 'IMG_0003.heif', ''],
  ])('%s goes as it is, not decoded on the phone (the server converts)', async (_, name, type) => {
    const file = fileOf(name, type, 3_000_000);
    const { decode } = decoderOf({ width: 4000, height: 3000 });
    expect(await preparePhoto(file, decode)).toBe(file);
    expect(decode).not.toHaveBeenCalled();
  });

  it('a file the phone cannot read is BASE64_FAILED, and nothing is decoded', async () => {
    const file = fileOf('IMG_0006.HEIC', 'image/heic', 10);
    vi.spyOn(file, 'slice').mockReturnValue({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) } as unknown as Blob);
    const { decode } = decoderOf({ width: 10, height: 10 });
    await expect(preparePhoto(file, decode)).rejects.toMatchObject({ code: 'BASE64_FAILED' });
    expect(decode).not.toHaveBeenCalled();
  });

  it('a JPEG whose drawing fails (the canvas throws) is sent as it was', async () => {
    const file = fileOf('big.jpg', 'image/jpeg', 5_000_000);
    const closed = vi.fn();
    const out = await preparePhoto(file, async () => ({ width: 4000, height: 3000, jpeg: () => Promise.reject(new DOMException('no canvas', 'InvalidStateError')), close: closed }));
    expect(out).toBe(file);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('a JPEG that cannot be drawn (the canvas gives nothing) is sent as it was', async () => {
    const file = fileOf('big.jpg', 'image/jpeg', 5_000_000);
    const closed = vi.fn();
    const out = await preparePhoto(file, async () => ({ width: 4000, height: 3000, jpeg: async () => null, close: closed }));
    expect(out).toBe(file);
    expect(closed).toHaveBeenCalledOnce();
  });
});
