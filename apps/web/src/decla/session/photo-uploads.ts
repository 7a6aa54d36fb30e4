/**
 * This phone's photos on their way to the declaration (issue 35 item 7): held by the session, not by
 * the photos step, so they keep going while the driver moves on. Each is prepared (IMG6), uploaded
 * with retries after a lost connection, then added to the declaration. The wizard shows what is
 * still going and what failed; the preview and the submit wait for the queue to settle.
 */
import { photoSetNumber, type Party, type PhotoSection } from '@eid/domain';
import { PHOTO_UPLOADS_AT_ONCE, PLATE_READING_PENDING, isTransientFailure, type BlobUploaded, type PlateReadingAnswer } from '@eid/domain/protocol';

export interface PhotoUpload {
  readonly key: string;
  readonly party: Party;
  readonly section: PhotoSection;
  readonly file: File;
  /** Share of the bytes sent (0..1). */
  readonly progress: number;
  /** Why it stopped (an error code), or null while it is going. */
  readonly error: string | null;
  readonly attempt: number;
}

/** A plate photo whose recognised plate is not the declared one (declaration-flow §2), to be asked about. */
export interface PlateMismatchFound {
  readonly party: Party;
  readonly status: 'ERROR_WRONG_PLATE' | 'ERROR_NOT_IN_EID';
  readonly read: string;
  readonly photoId: string;
}

export interface PhotoUploadsSnapshot {
  readonly items: readonly PhotoUpload[];
  readonly mismatch: PlateMismatchFound | null;
}

export interface PhotoUploadPorts {
  /** The photo as it leaves the phone (IMG6). */
  prepare(file: File): Promise<Blob>;
  upload(body: Blob, meta: { set: number; forParty: Party }, onProgress: (share: number) => void): Promise<BlobUploaded>;
  /** Adds the uploaded photo to the declaration (and to the phone's thumbnails). */
  attach(item: PhotoUpload, body: Blob, uploaded: BlobUploaded): Promise<void>;
  /** A photo stopped with `code` (tracking, the server's log). */
  failed(item: PhotoUpload, code: string): void;
  /** What recognition read on a plate photo (PENDING while it reads). */
  readPlate(id: string): Promise<PlateReadingAnswer>;
  codeOf(error: unknown): string;
  sleep(ms: number): Promise<void>;
}

/** How often, and how many times, the phone asks what recognition read on its plate photo. */
export const PLATE_READING_POLL_MS = 1000;
export const PLATE_READING_POLLS = 60;

/** Waits before automatic retries of an upload that failed on the way (the connection, the server's load). */
export const PHOTO_RETRY_DELAYS_MS = [1000, 3000, 9000] as const;

const EMPTY: PhotoUploadsSnapshot = { items: [], mismatch: null };

export class PhotoUploads {
  private snapshot: PhotoUploadsSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly settledWaiters: Array<() => void> = [];
  private seq = 0;
  /** Photos on the wire now, and those prepared and waiting for their turn (PHOTO_UPLOADS_AT_ONCE). */
  private sending = 0;
  private readonly turns: Array<() => void> = [];
  /** Bumped by reset(): what was on its way for the declaration left stops touching anything. */
  private generation = 0;
  /** Photos uploaded whose adding to the declaration failed: a retry only adds them. */
  private readonly kept = new Map<string, { readonly body: Blob; readonly uploaded: BlobUploaded }>();
  private preparing: Promise<void> = Promise.resolve();

  constructor(private readonly ports: PhotoUploadPorts) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PhotoUploadsSnapshot => this.snapshot;

  /** Photos still on their way (not failed). */
  get inFlight(): number {
    return this.snapshot.items.filter((i) => i.error === null).length;
  }

  /** Starts sending a photo; resolves when it is in the declaration or has stopped with an error. */
  add(party: Party, section: PhotoSection, file: File): Promise<void> {
    this.seq += 1;
    const item: PhotoUpload = { key: `${file.name}-${this.seq}`, party, section, file, progress: 0, error: null, attempt: 0 };
    this.set({ items: [...this.snapshot.items, item] });
    return this.send(item.key);
  }

  /** Sends a stopped photo again (a photo still on its way is left alone). */
  retry(key: string): Promise<void> {
    if (this.find(key)?.error === null) return Promise.resolve();
    return this.send(key);
  }

  /** Forgets a stopped photo. */
  dismiss(key: string): void {
    this.kept.delete(key);
    this.set({ items: this.snapshot.items.filter((i) => i.key !== key) });
    this.notifySettled();
  }

  /** The mismatch was answered. */
  clearMismatch(): void {
    this.set({ mismatch: null });
  }

  /**
   * Forgets every photo and question of this declaration (the driver left it, or the session
   * ended): what is still on its way stops at its next step and touches nothing of the next one.
   */
  reset(): void {
    this.generation += 1;
    this.kept.clear();
    this.set({ items: [], mismatch: null });
    this.notifySettled();
  }

  /** Resolves once no photo is on its way (failed ones stay, to be retried or removed). */
  settled(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  private async send(key: string): Promise<void> {
    const first = this.find(key);
    if (!first) return;
    const generation = this.generation;
    const current = () => generation === this.generation && this.find(key) !== undefined;
    this.update(key, { error: null, progress: 0 });
    try {
      // A photo already uploaded whose adding failed is only added again (not uploaded twice).
      let kept = this.kept.get(key);
      if (!kept) {
        // One photo prepared at a time (a 12 MP bitmap each): the next while one is on the wire.
        const body = await this.prepareInTurn(first.file);
        const uploaded = await this.uploadWithRetries(key, first, body, current);
        if (!uploaded) return;
        kept = { body, uploaded };
        this.kept.set(key, kept);
      }
      if (!current()) return;
      await this.ports.attach(this.find(key) ?? first, kept.body, kept.uploaded);
      if (!current()) return;
      this.kept.delete(key);
      this.set({ items: this.snapshot.items.filter((i) => i.key !== key) });
      // The plate is read after the upload's answer (issue 35): the photo is in meanwhile.
      if (kept.uploaded.readingPlate) void this.followReading(first.party, kept.uploaded.id, generation);
    } catch (e) {
      if (!current()) return;
      const code = this.ports.codeOf(e);
      // The photo stays, with its error, to be tried again or removed.
      this.update(key, { error: code, progress: 0 });
      this.ports.failed(this.find(key) ?? first, code);
    } finally {
      this.notifySettled();
    }
  }

  private prepareInTurn(file: File): Promise<Blob> {
    const prepared = this.preparing.then(() => this.ports.prepare(file));
    this.preparing = prepared.then(
      () => undefined,
      () => undefined,
    );
    return prepared;
  }

  /** Uploads on its turn, again after a failure of the way; null when the photo was forgotten meanwhile. */
  private async uploadWithRetries(key: string, item: PhotoUpload, body: Blob, current: () => boolean): Promise<BlobUploaded | null> {
    for (let attempt = 0; ; attempt++) {
      const done = await this.turn();
      try {
        if (!current()) return null;
        this.update(key, { progress: 0, error: null, attempt });
        return await this.ports.upload(body, { set: photoSetNumber(item.section), forParty: item.party }, (share) => this.update(key, { progress: share }));
      } catch (e) {
        const delay = PHOTO_RETRY_DELAYS_MS[attempt];
        // The way failed (the connection, the server's load), not the photo: tried again by itself.
        if (!isTransientFailure(this.ports.codeOf(e)) || delay === undefined) throw e;
        done();
        await this.ports.sleep(delay);
      } finally {
        done();
      }
    }
  }

  /**
   * Asks what recognition read until it has read (a dropped link is asked through again); a plate
   * that is not the declared one is kept to be asked about. Only a photo the server no longer knows
   * (removed, expired) stops it early: recognition then says nothing, as its failures say nothing.
   */
  private async followReading(party: Party, id: string, generation: number): Promise<void> {
    for (let poll = 0; poll < PLATE_READING_POLLS && generation === this.generation; poll++) {
      const reading = await this.ports.readPlate(id).catch((e: unknown) => (this.ports.codeOf(e) === 'PHOTO_NOT_FOUND' ? 'gone' : null));
      if (reading === 'gone' || generation !== this.generation) return;
      if (reading && reading.status !== PLATE_READING_PENDING) {
        if ((reading.status === 'ERROR_WRONG_PLATE' || reading.status === 'ERROR_NOT_IN_EID') && reading.plate) {
          this.set({ mismatch: { party, status: reading.status, read: reading.plate, photoId: id } });
        }
        return;
      }
      await this.ports.sleep(PLATE_READING_POLL_MS);
    }
  }

  /** Waits for this photo's turn on the wire; resolves its release (safe to call twice). */
  private async turn(): Promise<() => void> {
    while (this.sending >= PHOTO_UPLOADS_AT_ONCE) await new Promise<void>((resolve) => this.turns.push(resolve));
    this.sending += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.sending -= 1;
      this.turns.shift()?.();
    };
  }

  private find(key: string): PhotoUpload | undefined {
    return this.snapshot.items.find((i) => i.key === key);
  }

  private update(key: string, patch: Partial<PhotoUpload>): void {
    if (!this.find(key)) return;
    this.set({ items: this.snapshot.items.map((i) => (i.key === key ? { ...i, ...patch } : i)) });
  }

  private set(patch: Partial<PhotoUploadsSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of [...this.listeners]) l();
  }

  private notifySettled(): void {
    if (this.inFlight > 0) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }
}

/** Photos on their way to a section of a party (the overview is shared: either party's). */
export function photosGoing(uploads: readonly PhotoUpload[], party: Party, section: PhotoSection): number {
  return uploads.filter((i) => i.error === null && i.section === section && (section === 'overview' || i.party === party)).length;
}
