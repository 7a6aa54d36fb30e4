/**
 * A lazy part's loader with the app-shell's 120-second time-out (CHUNK_LOAD_FAILED), without the
 * failure's screen (lazy-chunk.tsx): the first screen's bundle uses it for the router's chunk.
 */
import { SCRIPT_LOAD_TIMEOUT_MS } from '@eid/domain';

export class ChunkLoadError extends Error {
  readonly code = 'CHUNK_LOAD_FAILED' as const;
}

/** The loader, refused as CHUNK_LOAD_FAILED when it fails or takes longer than `timeoutMs`. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs: number = SCRIPT_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`not loaded in ${timeoutMs} ms`)), timeoutMs);
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(timer);
          // A script that could not be fetched is the browser's TypeError; an error thrown by the loaded module is a bug, for the page's boundary.
          reject(e instanceof TypeError ? new ChunkLoadError(e.message, { cause: e }) : e);
        },
      );
    });
}
