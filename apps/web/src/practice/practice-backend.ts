/**
 * The practice (demo) mode's backend, running in the page: the hub layer's DeclarationHub on
 * in-memory adapters, reached through the in-memory transport, with the backend's HTTP calls
 * answered by the MSW handlers of @eid/adapter-msw, uploads by the live server's upload use case
 * on the page's canvas. It is the same domain code as the live
 * server; it saves nothing (everything is gone with the page) and sends nothing (no request
 * leaves the page: a call no handler answers is a 404).
 */
import { DEFAULT_MAX_TIME_ADJUST_HOURS, isInLithuania } from '@eid/domain';
import { type ClientLogBody, type LogLevel } from '@eid/domain/protocol';
import { DeclarationHub, UploadService } from '@eid/hub';
import { MemoryBlobStore, MemoryDeclarationStore, MemoryExpiringStore, MemorySubmitQueue } from '@eid/adapter-storage-memory';
import { MemoryTransport } from '@eid/adapter-transport-memory';
import { PracticeRegistry } from '@eid/adapter-registry-memory';
import { handlersFetch, practiceHandlers } from '@eid/adapter-msw';
import { CryptoIds, SystemClock, WebCryptoHash } from '@eid/adapter-system';
import { FixtureAddresses } from '@eid/adapter-address-fixture';
import type { MediaProcessorPort } from '@eid/domain';
import { CanvasMediaProcessor } from './canvas-media';
import { practicePhotoLegend } from './photo-legend';

export interface PracticeBackend {
  readonly hub: DeclarationHub;
  readonly transport: MemoryTransport;
  /** fetch for the practice mode: answered in the page, never by the network. */
  readonly fetch: typeof fetch;
  readonly logs: Array<{ level: LogLevel; body: ClientLogBody }>;
}

/**
 * `media`: the image pipeline (the page's canvas by default; a test outside a browser gives its own).
 * Plate recognition has no engine in the page: a plate photo's answer carries no reading.
 */
export function createPracticeBackend(origin: string, media: MediaProcessorPort = new CanvasMediaProcessor()): PracticeBackend {
  const clock = new SystemClock();
  const hub = new DeclarationHub(
    {
      store: new MemoryDeclarationStore(),
      expiring: new MemoryExpiringStore(clock),
      blobs: new MemoryBlobStore(),
      registry: new PracticeRegistry(),
      queue: new MemorySubmitQueue(),
      clock,
      ids: new CryptoIds(),
      hash: new WebCryptoHash(),
      isInLithuania,
    },
    { maxTimeAdjustHours: DEFAULT_MAX_TIME_ADJUST_HOURS, mode: 'practice' },
  );
  const logs: PracticeBackend['logs'] = [];
  // The same use case as the live server's upload route, on the page's adapters.
  const uploads = new UploadService({ binaries: hub, media, legend: practicePhotoLegend });
  const handlers = practiceHandlers({ uploads, logs, addresses: new FixtureAddresses() });
  return { hub, transport: new MemoryTransport(hub), fetch: handlersFetch(handlers, origin), logs };
}
