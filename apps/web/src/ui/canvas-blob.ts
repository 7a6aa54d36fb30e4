/**
 * A canvas's picture as a file, without Chromium's idle-time wait.
 *
 * Chromium encodes a canvas's PNG or JPEG (`toBlob`, `convertToBlob`) on the page's main thread in its idle
 * periods, which come after drawn frames (CanvasAsyncBlobCreator). A page that draws nothing may get none for a
 * while: the encoding then waits for Chromium's fallbacks, a second before it starts and five before it is finished
 * at once. Measured in the practice walk (a page left still between the test's actions): every photo 1.0 s, the first
 * 6.7 s, a signature 8.7 s, for pictures encoded in 5-80 ms otherwise. Asking for animation frames while an
 * encoding is pending gives it those idle periods; the frames draw nothing new and stop as soon as it is done.
 */
export async function whileFramesRun<T>(pending: Promise<T>): Promise<T> {
  if (typeof requestAnimationFrame !== 'function') return pending;
  let done = false;
  const frame = () => {
    if (!done) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  try {
    return await pending;
  } finally {
    done = true;
  }
}

/** `canvas.toBlob` as a promise (null: the browser could not encode it), its encoding given frames. */
export function canvasToBlob(canvas: HTMLCanvasElement, type: 'image/jpeg' | 'image/png', quality?: number): Promise<Blob | null> {
  return whileFramesRun(new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality)));
}
