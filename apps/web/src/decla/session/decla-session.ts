/**
 * One declaration session in the browser: the composition of the domain's machines (connection,
 * wizard, image sync) over the adapters of the chosen mode (live: WebSocket + the network;
 * practice: the in-page hub + MSW handlers). Screens read the machines through the React context
 * of `session-context.tsx` and act through the methods here.
 */
import { createActor, waitFor } from 'xstate';
import {
  SEAT_WAIT_RETRIES,
  JOIN_CONFIRM_TIMEOUT_MS,
  STORAGE_KEYS,
  isErrorCode,
  type CaptchaSolverPort,
  type DeclarationView,
  type Disclaimers,
  type EidMode,
  type KeyValuePort,
  type Party,
} from '@eid/domain';
import {
  BLOB_PATH,
  SEAT_HEADERS,
  UPLOAD_HEADERS,
  type UploadPurpose,
  WS_PATH,
  type BlobUploaded,
  type HttpResult,
  type InstructionName,
  type PayloadArgs,
  type ResultOf,
  type TransportPort,
} from '@eid/domain/protocol';
import {
  CUSTOM_NEXT_STEPS,
  FIRST_FILL_STEP,
  HANDSHAKE_TIMEOUT_MS,
  HubClient,
  LAST_FILL_STEP,
  HubError,
  loadRecovery,
  loadSession,
  provideConnectionPorts,
  provideImageSyncPorts,
  provideWizard,
  shownDeclaration,
  type StepName,
  type ConnectionActor,
  type ImageSyncActor,
  type PlatesConnectRequest,
  type WizardActor,
  viewFromRecovery,
} from '@eid/domain/device';
import { WsTransport, hubUrl } from '@eid/adapter-transport-ws';
import { fetchUpload, xhrUpload, type Uploader } from '../media/upload';
import { AltchaSolver, practiceSolver } from '../../captcha/altcha-solver';
import { CaptchaGate } from '../../captcha/captcha-gate';
import { readStored, writeStored } from '../../storage';
import { SeatWait } from './seat-wait';

export interface Backend {
  readonly mode: EidMode;
  readonly transport: TransportPort;
  readonly fetch: typeof fetch;
  /** Binary uploads (with progress where the platform tells it). */
  readonly upload: Uploader;
  /** Solves captcha challenges (none in practice). */
  readonly captcha: CaptchaSolverPort;
}

/** The live service: the hub's WebSocket and the network, on this page's own origin. */
export function liveBackend(): Backend {
  return {
    mode: 'live',
    transport: new WsTransport(() => hubUrl(window.location.origin, WS_PATH)),
    fetch: (input, init) => window.fetch(input, init),
    upload: xhrUpload,
    captcha: new AltchaSolver(),
  };
}

/** The practice mode: everything in the page; loaded only when practice is chosen. */
export async function practiceBackend(): Promise<Backend> {
  const { createPracticeBackend } = await import('../../practice/practice-backend');
  const practice = createPracticeBackend(window.location.origin);
  return { mode: 'practice', transport: practice.transport, fetch: practice.fetch, upload: fetchUpload(practice.fetch), captcha: practiceSolver };
}

/** A store that lives as long as the page: the practice mode keeps nothing after it. */
export function pageMemoryStorage(): KeyValuePort {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** Local storage that never throws (private windows, full quotas). */
export const browserStorage: KeyValuePort = {
  getItem: (key) => readStored(key),
  setItem: (key, value) => writeStored(key, value),
  removeItem: (key) => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing remembered, nothing to forget
    }
  },
};

/** A failure with a catalogue code, for screens to show. */
export function codeOf(error: unknown): string {
  if (error instanceof HubError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return 'GENERIC_ERROR';
}

const fail = (code: string) => Object.assign(new Error(code), { code });

export class DeclaSession {
  readonly connection: ConnectionActor;
  readonly hub: HubClient;
  readonly wizard: WizardActor;
  readonly images: ImageSyncActor;
  /** Captcha tokens for the submit and the phone codes. */
  readonly captcha: CaptchaGate;
  /** Consents given on step 3, sent once the declaration exists. */
  consents: Disclaimers | null = null;
  /** What the driver entered on step 4. */
  connectRequest: PlatesConnectRequest | null = null;
  /** Set by the signatures step: runs the submit dialog and settles when it ends. */
  submitter: (() => Promise<void>) | null = null;
  private resuming = false;
  /** JN6: the wait before asking again for a seat still counted on another device (the plates step shows it). */
  readonly seatWait = new SeatWait();
  /** The step a seat taken back was on: opened instead of the first numbered step. */
  private reopenAt: number | null = null;
  /** A last known declaration was restored from the recovery snapshot and is not shown yet. */
  private showLastKnown = false;

  setConsents(consents: Disclaimers | null): void {
    this.consents = consents;
  }

  setConnectRequest(request: PlatesConnectRequest | null): void {
    this.connectRequest = request;
  }

  /** What a step's Next saves before moving on (the drawing on the scheme step); null removes it. */
  setStepAction(name: StepName, action: (() => Promise<void>) | null): void {
    if (action) this.stepActions.set(name, action);
    else this.stepActions.delete(name);
  }
  private readonly stepActions = new Map<StepName, () => Promise<void>>();

  setSubmitter(submitter: (() => Promise<void>) | null): void {
    this.submitter = submitter;
  }
  private readonly cleanups: Array<() => void> = [];

  constructor(
    readonly backend: Backend,
    readonly storage: KeyValuePort = browserStorage,
    /** The step to open (the intro already shown by the light first screen is passed over). */
    startStep = 1,
  ) {
    this.connection = createActor(
      provideConnectionPorts({
        transport: backend.transport,
        storage,
        recoveryFlags: () => ({ ip: window.location.host, loggedIn: false, storedMode: backend.mode }),
      }),
    ).start();
    this.hub = new HubClient(this.connection);
    this.captcha = new CaptchaGate(backend.captcha);
    this.wizard = createActor(provideWizard((step, name) => this.customNext(step, name)), {
      input: { mode: backend.mode, customNextSteps: CUSTOM_NEXT_STEPS, step: startStep },
    }).start();
    this.images = createActor(
      provideImageSyncPorts({
        list: () => this.hub.request('current-fotos'),
        get: async (remote) => {
          // The lists show thumbnails: a fraction of the photo's bytes on a weak connection.
          const r = await this.hub.request('get-foto', { id: remote.id, thumb: true });
          return { dataURL: `data:${r.contentType};base64,${r.imageBase64}`, filename: r.filename };
        },
      }),
      { input: {} },
    ).start();

    const changed = this.connection.on('declaration.changed', (e) => {
      if (e.kind === 'SESSION') {
        this.images.send({ type: 'sync' });
        if (this.resuming) {
          this.resuming = false;
          const own = this.party ? e.declaration.parties[this.party].activeStep : FIRST_FILL_STEP;
          this.wizard.send({ type: 'declaration.resumed', step: Math.min(LAST_FILL_STEP, Math.max(FIRST_FILL_STEP, own)) });
        }
      }
      // A whole view after a gap may hold photos the deltas would have announced.
      if (e.kind === 'PHOTO' || e.kind === 'SYNC') this.images.send({ type: 'sync' });
    });
    const ended = this.connection.on('declaration.ended', () => this.wizard.send({ type: 'declaration.ended' }));
    let wasOnline = false;
    const watch = this.connection.subscribe((s) => {
      const online = s.hasTag('online');
      if (wasOnline && !online) this.wizard.send({ type: 'connection.lost' });
      wasOnline = online;
      // Reopened while the link is down: the last known declaration is shown from its first step
      // (the hub's view, when it comes, takes the driver back to the step they were on).
      if (this.showLastKnown && this.resuming && (s.hasTag('reconnecting') || s.matches('lost'))) {
        this.showLastKnown = false;
        this.wizard.send({ type: 'declaration.resumed', step: FIRST_FILL_STEP });
      }
    });
    const progress = this.wizard.on('step.enter', (e) => {
      if (this.reopenAt !== null && e.step === FIRST_FILL_STEP) {
        const step = this.reopenAt;
        this.reopenAt = null;
        this.wizard.send({ type: 'declaration.resumed', step });
        return;
      }
      void this.reportProgress(e.step);
    });
    // The phone is back online: try at once rather than at the end of the back-off.
    const online = () => {
      const s = this.connection.getSnapshot();
      if (s.hasTag('reconnecting') || s.matches('lost')) this.connection.send({ type: 'user.retry' });
    };
    window.addEventListener('online', online);
    this.cleanups.push(() => window.removeEventListener('online', online));
    this.cleanups.push(
      () => changed.unsubscribe(),
      () => ended.unsubscribe(),
      () => watch.unsubscribe(),
      () => progress.unsubscribe(),
    );
  }

  get mode(): EidMode {
    return this.backend.mode;
  }

  get declaration(): DeclarationView | null {
    return this.connection.getSnapshot().context.declaration;
  }

  get party(): Party | null {
    return this.connection.getSnapshot().context.party;
  }

  /** The parties this device fills: its own, or both when one device fills for both. */
  get parties(): Party[] {
    const { allow } = this.connection.getSnapshot().context;
    return (['A', 'B'] as const).filter((p) => allow[p]);
  }

  get connected(): boolean {
    return this.connection.getSnapshot().context.credentials !== null;
  }

  /** Resumes the declaration this browser was filling (within its 30 minutes), if any. */
  resumeStored(): boolean {
    const stored = loadSession(this.storage);
    if (!stored || stored.credentials.mode !== this.mode) return false;
    this.resuming = true;
    // The declaration as this browser last knew it is shown if the link stays down (the recovery snapshot).
    const snapshot = loadRecovery(this.storage);
    const lastKnown = snapshot && snapshot.nodeId === stored.credentials.declarationId ? viewFromRecovery(snapshot) : null;
    this.connection.send({ type: 'user.resume', credentials: stored.credentials, pending: stored.pending, lastKnown });
    this.showLastKnown = lastKnown !== null;
    return true;
  }

  /** Sends an instruction and returns its result; a refusal throws a HubError with the code. */
  /**
   * Follows a part of the declaration as the screens show it (the hub's view with this device's
   * unacknowledged edits): `onChange` is called with each new value of `select`. For the machines
   * of a screen, so that they read the one source instead of copies handed over by effects.
   */
  watchDeclaration<T>(select: (d: DeclarationView) => T, onChange: (value: T) => void, equal: (a: T, b: T) => boolean = Object.is): () => void {
    const current = shownDeclaration(this.connection.getSnapshot().context);
    let last: { value: T } | null = current ? { value: select(current) } : null;
    const subscription = this.connection.subscribe((snapshot) => {
      const d = shownDeclaration(snapshot.context);
      if (!d) return;
      const value = select(d);
      if (last && equal(last.value, value)) return;
      last = { value };
      onChange(value);
    });
    return () => subscription.unsubscribe();
  }

  request<N extends InstructionName>(name: N, ...payload: PayloadArgs<N>): Promise<ResultOf<N>> {
    return this.hub.request(name, ...payload);
  }

  /**
   * Uploads a binary (photo, voice note, scheme, signature) with this device's seat and what it is
   * for; resolves the server's answer (its id, and for a plate photo what recognition read).
   */
  async uploadWith(body: Blob, meta: { purpose: UploadPurpose; set?: number; forParty?: Party }, onProgress: (share: number) => void = () => {}): Promise<BlobUploaded> {
    const c = this.connection.getSnapshot().context.credentials;
    if (!c) throw fail('NOT_CONNECTED');
    const headers: Record<string, string> = {
      [SEAT_HEADERS.declaration]: c.declarationId,
      [SEAT_HEADERS.party]: c.party,
      [SEAT_HEADERS.token]: c.token,
      [UPLOAD_HEADERS.purpose]: meta.purpose,
      'content-type': body.type || 'application/octet-stream',
    };
    if (meta.set !== undefined) headers[UPLOAD_HEADERS.set] = String(meta.set);
    if (meta.forParty) headers[UPLOAD_HEADERS.forParty] = meta.forParty;
    let res;
    try {
      res = await this.backend.upload(BLOB_PATH, headers, body, onProgress);
    } catch {
      throw fail('NETWORK_ERROR');
    }
    if (res.status < 200 || res.status >= 300) {
      const code = (res.body as { code?: unknown } | null)?.code;
      throw fail(isErrorCode(code) ? code : 'FAILED_CONVERSION');
    }
    return res.body as HttpResult<'uploadBinary'>;
  }

  /** Uploads a drawing or another image that is not a photo; resolves its id. */
  async upload(body: Blob, purpose: UploadPurpose = 'photo'): Promise<string> {
    return (await this.uploadWith(body, { purpose })).id;
  }

  /** The custom next actions of the wizard's steps. */
  private async customNext(step: number, name: StepName): Promise<void> {
    if (name === 'terms') {
      if (this.connected && this.consents) {
        for (const party of this.parties) await this.request('submit-disclaimers', { party, disclaimers: this.consents });
      }
      return;
    }
    if (name === 'plates') {
      if (this.connected) return;
      await this.connect();
      return;
    }
    if (name === 'signatures') {
      if (!this.submitter) throw fail('GENERIC_ERROR');
      await this.submitter();
      return;
    }
    // A step that keeps something on screen until Next (the scheme's drawing) saves it first.
    await this.stepActions.get(name)?.();
    void step;
  }

  /**
   * Connects by plates (step 4) and sends what was given before (consents, language). A seat still
   * counted on the device used before is asked for again by itself once that device's time is up (JN6).
   */
  private async connect(): Promise<void> {
    let work = 1;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.connectOnce(work);
        break;
      } catch (e) {
        // JN8: asked again soon after an ask, the proof must be harder: one of the work the hub named is solved.
        const harder = (e as { work?: number }).work;
        if (codeOf(e) === 'CAPTCHA_TOO_EASY' && harder !== undefined && harder > work && attempt < SEAT_WAIT_RETRIES) {
          work = harder;
          continue;
        }
        const wait = (e as { retryAfterMs?: number }).retryAfterMs;
        if (codeOf(e) !== 'SEAT_STILL_COUNTED' || wait === undefined || attempt >= SEAT_WAIT_RETRIES) throw e;
        if (!(await this.seatWait.wait(wait))) throw e;
      }
    }
    const request = this.connectRequest;
    if (this.mode === 'live') writeStored(STORAGE_KEYS.realFillStarted, 'true');
    for (const party of this.parties) {
      if (this.consents) await this.hub.call('submit-disclaimers', { party, disclaimers: this.consents });
      if (request) await this.hub.call('fill-lang', { party, lang: request.fillLang });
    }
    // A seat taken back (JN6) opens where its driver was, not on the first numbered step.
    const own = this.party ? (this.declaration?.parties[this.party].activeStep ?? 0) : 0;
    this.reopenAt = own > FIRST_FILL_STEP ? Math.min(LAST_FILL_STEP, own) : null;
  }

  private async connectOnce(work: number): Promise<void> {
    const entered = this.connectRequest;
    if (!entered) throw fail('NO_PLATE');
    // A connect costs a proof of work (JN5); solved ahead while the driver typed the plates (none in practice).
    const captcha = this.mode === 'practice' ? undefined : await this.captcha.token('connect', work);
    const request = captcha ? { ...entered, captcha } : entered;
    this.connection.send({ type: 'user.connect', request });
    // A join waits for the other driver's confirmation (JN1); the machine gives up by itself after that time.
    const s = await waitFor(this.connection, (x) => x.hasTag('online') || x.matches('rejected') || x.matches('failed'), {
      timeout: JOIN_CONFIRM_TIMEOUT_MS + 2 * HANDSHAKE_TIMEOUT_MS,
    }).catch(
      () => null,
    );
    if (!s || !s.hasTag('online')) {
      const code = s?.context.error ?? 'SERVER_UNREACHABLE';
      const retryAfterMs = s?.context.retryAfterMs ?? undefined;
      const harder = s?.context.work ?? undefined;
      if (s) this.connection.send({ type: 'user.leave' });
      throw Object.assign(fail(code), { retryAfterMs, work: harder });
    }
  }

  private async reportProgress(step: number): Promise<void> {
    if (!this.connected || step < FIRST_FILL_STEP || step > LAST_FILL_STEP) return;
    for (const party of this.parties) {
      await this.hub.call('progress', { party, progress: step === LAST_FILL_STEP ? 'LAST_STEP' : 'FILLING', step });
    }
  }

  /** Leaves the declaration on this device (it can be found again with both plates for 30 minutes). */
  leave(): void {
    this.connection.send({ type: 'user.leave' });
    this.wizard.send({ type: 'user.restart' });
  }

  dispose(): void {
    this.seatWait.cancel();
    for (const c of this.cleanups.splice(0)) c();
    this.hub.dispose();
    this.images.stop();
    this.wizard.stop();
    this.connection.stop();
  }
}
