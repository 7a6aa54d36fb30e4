import { fileURLToPath } from 'node:url';
import workerpool from 'workerpool';
import type { PlateReaderPort, PlateReading } from '@eid/domain';
import type { PlateReadOptions } from './plate-engine.js';

export interface TesseractPlateReaderOptions {
  /** Readings accepted at once, the one running and those waiting for it; more are refused with ERROR_CONCURRENT. */
  readonly concurrency?: number;
  /**
   * A reading taking longer from when its process takes it is ERROR_INTERRUPT; in a new process that time includes
   * starting it and loading the model. The process is stopped; the next reading starts another.
   */
  readonly timeoutMs?: number;
}

/**
 * The child's code, compiled: `src/` and `dist/` are both one level below the package, so this
 * resolves from either (tests run the sources; `tsc -b` builds dist before any test runs).
 */
const SCRIPT = fileURLToPath(new URL('../dist/plate-process.js', import.meta.url));

/**
 * Plate recognition with tesseract.js (plate-engine.ts), in a process of its own at the photo
 * pipeline's low priority (plate-process.ts): a reading keeps a core busy for about a second, and
 * in the server's process, at normal priority, it took the cores from the pipeline's processes —
 * bench:roadside saw a phone-size photo's upload wait 1.6-6.1 s on the server while the other
 * driver's plate was read. Readings go one at a time; `concurrency` counts the running one and those waiting.
 */
export class TesseractPlateReader implements PlateReaderPort {
  private readonly pool: workerpool.Pool;
  private running = 0;
  private readonly concurrency: number;
  private readonly timeoutMs: number;

  constructor(options: TesseractPlateReaderOptions = {}) {
    this.concurrency = options.concurrency ?? 2;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.pool = workerpool.pool(SCRIPT, {
      workerType: 'process',
      maxWorkers: 1,
      forkOpts: { serialization: 'advanced', execArgv: [] },
    });
  }

  /** `timeoutMs`: this reading's own time (the reader's otherwise). */
  async read(image: Uint8Array, options: PlateReadOptions & { readonly timeoutMs?: number } = {}): Promise<PlateReading> {
    if (this.running >= this.concurrency) return { status: 'ERROR_CONCURRENT' };
    this.running += 1;
    try {
      return (await this.pool.exec('read', [image, { skipTop: options.skipTop ?? 0 }]).timeout(options.timeoutMs ?? this.timeoutMs)) as PlateReading;
    } catch (error) {
      return { status: error instanceof workerpool.Promise.TimeoutError ? 'ERROR_INTERRUPT' : 'ERROR_PROCESS' };
    } finally {
      this.running -= 1;
    }
  }

  /** The nice value of the reading's process (0 normal, 19 lowest): what it runs at, for the tests. */
  async priority(): Promise<number> {
    return (await this.pool.exec('priority', [])) as number;
  }

  /** The reading process's id (a new one after a reading was stopped), for the tests. */
  async pid(): Promise<number> {
    return (await this.pool.exec('pid', [])) as number;
  }

  async close(): Promise<void> {
    await this.pool.terminate();
  }
}
