/**
 * Use case: **upload a photo** (or an audio note, the scheme, a signature, a damage drawing) for a
 * declaration (declaration-flow §5, §9; FU5). The same code answers the live server's upload route
 * and the practice mode's in-page backend; only the ports differ (sharp and Tesseract on the
 * server, the browser's canvas in practice).
 *
 * It decides in two steps, so that a refused upload costs nothing: `admit` from who uploads and the
 * declared length alone, before a byte of the body is read; `receive` with the body (in memory, or
 * where the server received it), before any of it is processed or stored (the quota by the real
 * size, the type by the magic bytes).
 */
import { bestReading, legendLayout, plateRecognitionStatus, sniffContentType, type Legend, type Locale, type MediaProcessorPort, type Party, type PlateReaderPort, type UploadBody } from '@eid/domain';
import { BLOB_QUOTA, MAX_BLOB_BYTES, UPLOAD_BYTES_IN_PROGRESS, UPLOADS_PER_SEAT, type BlobUploaded, type PlateReadingAnswer, type UploadFailure, type UploadRequest } from '@eid/domain/protocol';
import { PLATE_READING_STARTED, type BinaryService } from './binaries.service.js';

/** Uploads one seat may have in progress at once (FU5): the domain's rule, which the phone keeps too. */
export { UPLOADS_PER_SEAT };

/** An upload refused: its code says why (UPLOAD_REFUSAL_STATUS gives its status). */
export class UploadError extends Error {
  constructor(readonly code: UploadFailure) {
    super(code);
    this.name = 'UploadError';
  }
}

/** The two legend lines of a photo, in the language of the driver who took it (declaration-flow §9). */
export type PhotoLegendPort = (photo: { readonly lang: Locale; readonly set: number; readonly party: Party; readonly plate: string; readonly time: number }) => Legend;

export interface UploadPorts {
  /** The declaration's binaries: the seat check, the quota, what the legend needs, the store. */
  readonly binaries: Pick<BinaryService, 'holdsSeat' | 'blobUsage' | 'uploadContext' | 'storeBlob' | 'storeImage' | 'newBlobId' | 'keepPlateReading'>;
  readonly media: MediaProcessorPort;
  readonly legend: PhotoLegendPort;
  /** Plate recognition of a plate photo; without it (practice: no engine in the page) the answer has no recognition. */
  readonly plates?: PlateReaderPort;
  readonly log?: (message: string, data: Record<string, unknown>) => void;
}

/** A place among the seat's uploads in progress: released once the upload is answered or abandoned. */
export interface UploadTicket {
  /**
   * `bytes` more of its body arrived: counted in the server's budget of bytes in progress, unless they would take it
   * past the budget (false: the body is cut, SERVER_BUSY).
   */
  received(bytes: number): boolean;
  release(): void;
}

export class UploadService {
  private readonly inProgress = new Map<string, number>();
  /** The bytes received of the uploads in progress on this server, all seats together (written to disk as they come). */
  private bytesInProgress = 0;
  /** The plate readings in the background, one after another. */
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly ports: UploadPorts,
    /** The server's budget of bytes in progress (UPLOAD_BYTES_IN_PROGRESS; smaller in tests). */
    private readonly bytesBudget: number = UPLOAD_BYTES_IN_PROGRESS,
  ) {}

  /**
   * Decided before a byte of the body is read (FU5): the seat holds the declaration, the quota has
   * room for the declared length, the seat has a free place among its uploads in progress, and the
   * server's budget of bytes in progress is not spent. The budget counts the bytes that arrived, not
   * those declared: a length declared and never sent holds nothing of it.
   */
  async admit({ seat }: UploadRequest, declaredBytes: number | null): Promise<UploadTicket> {
    if (!(await this.ports.binaries.holdsSeat(seat.declarationId, seat.party, seat.token))) throw new UploadError('NOT_ALLOWED');
    if (declaredBytes !== null && declaredBytes > MAX_BLOB_BYTES) throw new UploadError('TOO_BIG');
    await this.checkQuota(seat.declarationId, declaredBytes ?? 0);
    const key = `${seat.declarationId}:${seat.party}`;
    const running = this.inProgress.get(key) ?? 0;
    if (running >= UPLOADS_PER_SEAT) throw new UploadError('RATE_LIMITED');
    if (this.bytesInProgress >= this.bytesBudget) throw new UploadError('SERVER_BUSY');
    this.inProgress.set(key, running + 1);
    let released = false;
    let mine = 0;
    return {
      received: (bytes) => {
        if (released) return false;
        if (this.bytesInProgress + bytes > this.bytesBudget) return false;
        mine += bytes;
        this.bytesInProgress += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.bytesInProgress -= mine;
        const left = (this.inProgress.get(key) ?? 1) - 1;
        if (left <= 0) this.inProgress.delete(key);
        else this.inProgress.set(key, left);
      },
    };
  }

  /**
   * The bytes of an admitted upload: checked by their real size and magic bytes before anything is
   * processed or stored; an image goes through the media pipeline (a photo with its legend), a plate
   * photo through plate recognition. The answer is the id the instruction then names.
   */
  async receive({ seat, meta }: UploadRequest, body: UploadBody): Promise<BlobUploaded> {
    if (body.length === 0) throw new UploadError('DATA_ERROR');
    if (body.length > MAX_BLOB_BYTES) throw new UploadError('TOO_BIG');
    await this.checkQuota(seat.declarationId, body.length);
    const sniffed = sniffContentType(body.head);
    if (!sniffed) throw new UploadError('BAD_EXT');
    const { binaries } = this.ports;
    const party = meta.forParty ?? seat.party;

    if (sniffed.kind === 'audio' || meta.purpose === 'audio') {
      if (sniffed.kind !== 'audio' || meta.purpose !== 'audio') throw new UploadError('BAD_EXT');
      const bytes = await body.bytes();
      const id = await binaries.storeBlob(seat.declarationId, sniffed.contentType, bytes);
      return { id, contentType: sniffed.contentType, bytes: bytes.length };
    }

    const purpose = meta.purpose;
    const context = await binaries.uploadContext(seat.declarationId, party);
    if (!context) throw new UploadError('NOT_ALLOWED');
    const legend = purpose === 'photo' ? this.ports.legend({ lang: context.lang, set: meta.set ?? 3, party, plate: context.plate, time: context.time }) : null;
    const processed = await this.ports.media.process({ body, purpose, legend, party });
    if (!processed.ok) {
      this.ports.log?.('photo refused', { code: processed.code, declarationId: seat.declarationId });
      throw new UploadError(processed.code);
    }
    const id = binaries.newBlobId();
    await binaries.storeImage(seat.declarationId, id, processed.image, processed.thumbnail);

    const plates = this.ports.plates;
    const readingPlate = purpose === 'photo' && meta.set === 1 && plates !== undefined;
    if (readingPlate) {
      // Issue 35: the answer does not wait for recognition (seconds on a busy node); the phone asks read-plate.
      await binaries.keepPlateReading(seat.declarationId, id, PLATE_READING_STARTED);
      // One reading at a time on a node: the engine takes a core while it reads, and the photos
      // arriving meanwhile need the other (bench:roadside: two at once slowed an upload to 10 s).
      this.reading = this.reading
        .then(() => this.readPlate(plates, seat.declarationId, id, processed.image, legend ? legendLayout(processed.image.width).bandHeight : 0, context))
        .catch((error: unknown) => void this.ports.log?.('plate reading not kept', { declarationId: seat.declarationId, error: String(error) }));
    }
    return {
      id,
      contentType: processed.image.contentType,
      bytes: processed.image.bytes.length,
      width: processed.image.width,
      height: processed.image.height,
      ...(readingPlate ? { readingPlate: true as const } : {}),
    };
  }

  /** Resolves once the plate readings started so far are kept (the tests wait for it). */
  readingsDone(): Promise<void> {
    return this.reading;
  }

  /** Reads a plate photo below its legend (which names the declared plate) and keeps the outcome. */
  private async readPlate(
    plates: PlateReaderPort,
    declarationId: string,
    id: string,
    image: { readonly bytes: Uint8Array },
    skipTop: number,
    context: { readonly plate: string; readonly otherPlate: string },
  ): Promise<void> {
    let recognition: PlateReadingAnswer;
    try {
      const reading = await plates.read(image.bytes, { skipTop });
      const read = reading.status === 'OK' ? bestReading(reading.candidates, context.plate) : null;
      recognition = { status: reading.status === 'OK' ? plateRecognitionStatus(read, context.plate, context.otherPlate) : reading.status, plate: read };
    } catch {
      recognition = { status: 'ERROR_PROCESS', plate: null };
    }
    this.ports.log?.('plate recognition', { declarationId, recognition });
    await this.ports.binaries.keepPlateReading(declarationId, id, recognition);
  }

  /** Two binaries (an image and its thumbnail) and `bytes` more must fit the declaration's quota. */
  private async checkQuota(declarationId: string, bytes: number): Promise<void> {
    const usage = await this.ports.binaries.blobUsage(declarationId);
    if (usage.count + 2 > BLOB_QUOTA.count || usage.bytes + bytes > BLOB_QUOTA.bytes) throw new UploadError('TOO_MANY');
  }
}
