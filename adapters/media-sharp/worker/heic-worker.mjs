// Decodes a HEIC/HEIF photo to JPEG in a worker thread: heic-convert (libheif compiled to
// WebAssembly) holds the thread for about a second on a phone photo, which must never be the
// server's event loop. Plain JavaScript so that it runs the same from src/ (tests) and dist/.
import convert from 'heic-convert';

export default async function decodeHeic(bytes) {
  const jpeg = await convert({ buffer: Buffer.from(bytes), format: 'JPEG', quality: 0.92 });
  return new Uint8Array(jpeg);
}
