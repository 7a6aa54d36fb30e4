import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import { IMAGE_PIPELINE, MAX_PHOTO_BYTES, mediaBytes, mediaHead, sniffContentType, type MediaInput, type MediaOutcome, type MediaProcessorPort, type ProcessedImage, type UploadBodySpool } from '@eid/domain';
import type { PipelineOptions, PipelineTask, ShrinkTask } from './pipeline.js';
import { Handover, type HandedOutcome, type SpooledBody } from './handover.js';

export interface SharpMediaOptions extends Partial<PipelineOptions> {
  /** Processes running the pipeline (default: the machine's cores). */
  readonly processes?: number;
  /** An image taking longer is given up (its process killed and replaced): FAILED_CONVERSION. */
  readonly timeoutMs?: number;
  /** Where the server's directory for photos handed over as files is made (default: the system's temporary one). */
  readonly handoverRoot?: string;
}

const DEFAULTS: PipelineOptions = {
  maxInputPixels: IMAGE_PIPELINE.maxInputPixels,
  jpegMaxSide: IMAGE_PIPELINE.jpegMaxSide,
  thumbnailSide: IMAGE_PIPELINE.thumbnailSide,
  jpegQuality: IMAGE_PIPELINE.jpegQuality,
  fontFamily: 'DejaVu Sans',
};

/**
 * The child's code, compiled: `src/` and `dist/` are both one level below the package, so this
 * resolves from either (tests run the sources; `tsc -b` builds dist before any test runs).
 */
const SCRIPT = fileURLToPath(new URL('../dist/media-process.js', import.meta.url));
/** How long a process given up on is left to stop before it is killed (workerpool's `workerTerminateTimeout`). */
const TERMINATE_MS = 1000;

/**
 * The photo pipeline (declaration-flow §9) on sharp (libvips), in a pool of child processes at low
 * priority (see media-process.ts): the server's event loop only checks the size and the magic
 * bytes and hands the bytes over. A process that crashes or hangs on a hostile image fails that
 * image only (FAILED_CONVERSION); the pool starts another. Output carries no metadata (no EXIF, no
 * GPS). The steps are in pipeline.ts.
 */
export class SharpMediaProcessor implements MediaProcessorPort, UploadBodySpool {
  private readonly options: PipelineOptions;
  private readonly pool: workerpool.Pool;
  private readonly timeoutMs: number;
  private readonly handover: Handover;

  constructor(options: SharpMediaOptions = {}) {
    const { processes, timeoutMs, handoverRoot, ...pipeline } = options;
    this.handover = Handover.create(handoverRoot);
    this.options = { ...DEFAULTS, ...pipeline };
    this.timeoutMs = timeoutMs ?? 60_000;
    this.pool = workerpool.pool(SCRIPT, {
      workerType: 'process',
      maxWorkers: Math.max(1, processes ?? availableParallelism()),
      // Typed arrays cross the pipe as they are (not as JSON).
      forkOpts: { serialization: 'advanced', execArgv: [] },
      // A process whose image ran out of time is ended this long after (its files removed again after it).
      workerTerminateTimeout: TERMINATE_MS,
    });
  }

  /**
   * An upload's body written to the pipeline's directory as it arrives (handover.ts), so that the server never holds
   * it whole; null when no file can be made there (the caller keeps it in memory).
   */
  spool(source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<SpooledBody | null> {
    return this.handover.spool(source, maxBytes);
  }

  async process(input: MediaInput): Promise<MediaOutcome> {
    const { length, head } = mediaHead(input);
    if (length > MAX_PHOTO_BYTES) return { ok: false, code: 'TOO_BIG' };
    const sniffed = sniffContentType(head);
    if (!sniffed || sniffed.kind !== 'image') return { ok: false, code: 'BAD_EXT' };
    const task = { contentType: sniffed.contentType, purpose: input.purpose, legend: input.legend, options: this.options };
    // An upload's body spooled here is read where it lies; other bytes go as a file when one can be written
    // (handover.ts), else through the pipe.
    const spooled = input.body && this.handover.holds(input.body) ? input.body.file : null;
    const bytes = spooled === null ? await mediaBytes(input) : null;
    const file = spooled ?? (await this.handover.put(bytes!));
    if (file === null) {
      try {
        return (await this.pool.exec('process', [{ ...task, bytes: bytes! } satisfies PipelineTask]).timeout(this.timeoutMs)) as MediaOutcome;
      } catch {
        return { ok: false, code: 'FAILED_CONVERSION' };
      }
    }
    try {
      const outcome = await this.handover.take((await this.pool.exec('process', [{ ...task, file }]).timeout(this.timeoutMs)) as HandedOutcome);
      await this.handover.drop(file, spooled === null);
      return outcome;
    } catch {
      await this.handover.dropGivenUp(file, 2 * TERMINATE_MS, spooled === null);
      return { ok: false, code: 'FAILED_CONVERSION' };
    }
  }

  async shrinkJpeg(bytes: Uint8Array, maxSide: number, quality: number): Promise<ProcessedImage | null> {
    if (sniffContentType(bytes)?.contentType !== 'image/jpeg') return null;
    const task: ShrinkTask = { bytes, maxSide, quality, maxInputPixels: this.options.maxInputPixels };
    try {
      return (await this.pool.exec('shrink', [task]).timeout(this.timeoutMs)) as ProcessedImage | null;
    } catch {
      return null;
    }
  }

  /** Stops the processes (server shutdown, tests). */
  async close(): Promise<void> {
    await this.pool.terminate();
    this.handover.close();
  }
}
