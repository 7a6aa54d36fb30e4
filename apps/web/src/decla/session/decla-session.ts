/**
 * One declaration session in the browser: the composition of the domain's machines (connection,
 * wizard, image sync, and the session machine that orchestrates them) over the backend of the
 * chosen mode (backend.ts). Screens read the machines through the React context of
 * `session-context.tsx` and act through the methods here.
 */
import { createActor, waitFor } from 'xstate';
import { STORAGE_KEYS, isErrorCode, type DeclarationView, type Disclaimers, type EidMode, type KeyValuePort, type Locale, type Party } from '@eid/domain';
import {
  BLOB_PATH,
  SEAT_HEADERS,
  UPLOAD_HEADERS,
  UPLOADS_PER_SEAT,
  uploadFailureOfStatus,
  type UploadPurpose,
  type BlobUploaded,
  type HttpResult,
  type InstructionName,
  type PayloadArgs,
  type ResultOf,
} from '@eid/domain/protocol';
import {
  CUSTOM_NEXT_STEPS,
  FIRST_FILL_STEP,
  HubClient,
  JOIN_WAIT_MS,
  LAST_FILL_STEP,
  loadRecovery,
  loadSession,
  provideConnectionPorts,
  provideImageSyncPorts,
  provideSessionPorts,
  provideWizard,
  shownDeclaration,
  type StepName,
  type ConnectionActor,
  type ImageSyncActor,
  type JoinOutcome,
  type PlatesConnectRequest,
  type SessionActor,
  type WizardActor,
  viewFromRecovery,
} from '@eid/domain/device';
import { CaptchaGate } from '../../captcha/captcha-gate';
import { writeStored } from '../../storage';
import { browserStorage, type Backend } from './backend';
import { PhotoUploads } from './photo-uploads';
import { photoUploadPorts } from './photo-upload-ports';

export { browserStorage, codeOf, liveBackend, pageMemoryStorage, practiceBackend, type Backend } from './backend';

const fail = (code: string) => Object.assign(new Error(code), { code });


/**
 * The composition of one declaration on this device: the domain's machines (connection, wizard,
 * image sync, and the session machine that orchestrates them) over the chosen backend. It holds
 * no state of its own: what happens when is the session machine's (tested on a simulated clock);
 * this class hands events between the machines and gives the screens their methods.
 */
export class DeclaSession {
  readonly connection: ConnectionActor;
  readonly hub: HubClient;
  readonly wizard: WizardActor;
  readonly images: ImageSyncActor;
  /** Connecting by plates, where the wizard opens, what follows the hub's news (the domain's session machine). */
  readonly session: SessionActor;
  /** Captcha tokens for the submit and the phone codes. */
  readonly captcha: CaptchaGate;
  /** This phone's photos on their way: they keep going while the driver moves on (issue 35). */
  readonly photos: PhotoUploads;
  /** Set by the signatures step: runs the submit dialog and settles when it ends. */
  submitter: (() => Promise<void>) | null = null;

  /** Consents given on step 3, sent once the declaration exists. */
  get consents(): Disclaimers | null {
    return this.session.getSnapshot().context.consents;
  }

  setConsents(consents: Disclaimers | null): void {
    this.session.send({ type: 'user.consents', consents });
  }

  /** JN6: when the seat still counted on another device is asked for again (the plates step shows it), or null. */
  readonly seatWait = {
    subscribe: (listener: () => void): (() => void) => {
      const s = this.session.subscribe(listener);
      return () => s.unsubscribe();
    },
    until: (): number | null => this.session.getSnapshot().context.seatWaitUntil,
  };

  setConnectRequest(request: PlatesConnectRequest | null): void {
    this.session.send({ type: 'user.plates', request });
  }

  /** What a step's Next saves before moving on (the drawing on the scheme step); null removes it. */
  setStepAction(name: StepName, action: (() => Promise<void>) | null): void {
    if (action) this.stepActions.set(name, action);
    else this.stepActions.delete(name);
  }
  private readonly stepActions = new Map<StepName, () => Promise<void>>();
  /** This phone's uploads in progress, and those waiting for a place. */
  private uploading = 0;
  private readonly uploadQueue: Array<() => void> = [];
  /** Binaries this device made (id → object URL): never fetched back. */
  private readonly madeHere = new Map<string, string>();

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
    this.photos = new PhotoUploads(photoUploadPorts(this, (url) => this.cleanups.push(() => URL.revokeObjectURL(url))));

    this.session = createActor(
      provideSessionPorts({
        // A connect costs a proof of work (JN5); solved ahead while the driver typed the plates (none in practice).
        captchaToken: async (work) => (backend.mode === 'practice' ? undefined : this.captcha.token('connect', work)),
        join: (request) => this.join(request),
        afterJoin: (consents, request) => this.afterJoin(consents, request),
        now: () => Date.now(),
      }),
    ).start();
    const sessionSaid = [
      this.session.on('images.sync', () => this.images.send({ type: 'sync' })),
      this.session.on('wizard.resume', (e) => this.wizard.send({ type: 'declaration.resumed', step: e.step })),
      this.session.on('wizard.connectionLost', () => this.wizard.send({ type: 'connection.lost' })),
      this.session.on('wizard.ended', () => this.wizard.send({ type: 'declaration.ended' })),
      this.session.on('progress', (e) => void this.reportProgress(e.step)),
    ];
    const ownStep = (d: DeclarationView) => (this.party ? d.parties[this.party].activeStep : FIRST_FILL_STEP);
    const changed = this.connection.on('declaration.changed', (e) => this.session.send({ type: 'hub.changed', kind: e.kind, ownStep: ownStep(e.declaration) }));
    const ended = this.connection.on('declaration.ended', () => this.session.send({ type: 'hub.ended' }));
    // The link's state, told to the session when it changes (not on every snapshot: each delta makes one).
    let link = '';
    const watch = this.connection.subscribe((s) => {
      const online = s.hasTag('online');
      const down = s.hasTag('reconnecting') || s.matches('lost');
      if (`${online}:${down}` === link) return;
      link = `${online}:${down}`;
      this.session.send({ type: 'hub.link', online, down });
    });
    const entered = this.wizard.on('step.enter', (e) => this.session.send({ type: 'wizard.entered', step: e.step }));
    // The phone is back online: try at once rather than at the end of the back-off.
    const online = () => {
      const s = this.connection.getSnapshot();
      if (s.hasTag('reconnecting') || s.matches('lost')) this.connection.send({ type: 'user.retry' });
    };
    window.addEventListener('online', online);
    this.cleanups.push(() => window.removeEventListener('online', online));
    this.cleanups.push(...[...sessionSaid, changed, ended, watch, entered].map((s) => () => s.unsubscribe()));
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

  /**
   * Issue 37: the driver changed the page's language after joining; their copy of the PDF, their
   * SMS and e-mails follow it (the parties filled on this phone). Before joining, the plates step
   * sends the language with the request to join.
   */
  async changeFillLang(lang: Locale): Promise<void> {
    if (!this.connected || this.mode !== 'live') return;
    for (const party of this.parties) if (this.declaration?.parties[party].fillLang !== lang) await this.request('fill-lang', { party, lang });
  }

  /** Resumes the declaration this browser was filling (within its 30 minutes), if any. */
  resumeStored(): boolean {
    const stored = loadSession(this.storage);
    if (!stored || stored.credentials.mode !== this.mode) return false;
    // The declaration as this browser last knew it is shown if the link stays down (the recovery snapshot).
    const snapshot = loadRecovery(this.storage);
    const lastKnown = snapshot && snapshot.nodeId === stored.credentials.declarationId ? viewFromRecovery(snapshot) : null;
    this.session.send({ type: 'user.resume', lastKnown: lastKnown !== null });
    this.connection.send({ type: 'user.resume', credentials: stored.credentials, pending: stored.pending, lastKnown });
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
    // No more at once than the server takes from a seat (FU5): the others wait their turn here.
    const release = await this.uploadSlot();
    try {
      return await this.uploadNow(body, meta, onProgress);
    } finally {
      release();
    }
  }

  /** A place among this phone's uploads in progress (UPLOADS_PER_SEAT); resolves its release. */
  private async uploadSlot(): Promise<() => void> {
    while (this.uploading >= UPLOADS_PER_SEAT) await new Promise<void>((resolve) => this.uploadQueue.push(resolve));
    this.uploading += 1;
    return () => {
      this.uploading -= 1;
      this.uploadQueue.shift()?.();
    };
  }

  private async uploadNow(body: Blob, meta: { purpose: UploadPurpose; set?: number; forParty?: Party }, onProgress: (share: number) => void): Promise<BlobUploaded> {
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
      // An answer without a code comes from the way (a proxy, a gateway), not the service: said by its status.
      throw fail(isErrorCode(code) ? code : uploadFailureOfStatus(res.status));
    }
    return res.body as HttpResult<'uploadBinary'>;
  }

  /**
   * Uploads a drawing, a signature or a voice note; resolves its id. What this device made stays
   * here under that id (issue 35): it is shown from here, not downloaded back over the socket.
   */
  async upload(body: Blob, purpose: UploadPurpose = 'photo'): Promise<string> {
    const { id } = await this.uploadWith(body, { purpose });
    if (purpose !== 'photo' && /^(image\/(png|jpeg)|audio\/)/.test(body.type)) this.madeHere.set(id, URL.createObjectURL(body));
    return id;
  }

  /** The address of a binary this device made and uploaded (its drawing, signature, voice note); null for any other. */
  madeHereUrl(id: string): string | null {
    return this.madeHere.get(id) ?? null;
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
      // The photos still on their way go in first (issue 35); one that could not be sent is said.
      await this.photos.settled();
      if (this.photos.getSnapshot().items.some((i) => i.error !== null)) throw fail('PHOTOS_NOT_SENT');
      await this.submitter();
      return;
    }
    // A step that keeps something on screen until Next (the scheme's drawing) saves it first.
    await this.stepActions.get(name)?.();
    void step;
  }

  /** Connects by plates (step 4): the session machine's connect, settled as the wizard's next. */
  private async connect(): Promise<void> {
    this.session.send({ type: 'user.connect' });
    const s = await waitFor(this.session, (x) => x.matches('connected') || x.matches('failed'), { timeout: Infinity });
    if (s.matches('failed')) throw Object.assign(fail(s.context.error ?? 'GENERIC_ERROR'), { retryAfterMs: s.context.retryAfterMs ?? undefined });
  }

  /** The join by plates, through the connection machine (which gives a join up by itself after the other driver's time). */
  private async join(request: PlatesConnectRequest): Promise<JoinOutcome> {
    this.connection.send({ type: 'user.connect', request });
    // Bounded as the session machine's own wait is (a join left behind by a leave settles too).
    // Back to idle: the driver stopped the join (cancelJoin) or left.
    const s = await waitFor(this.connection, (x) => x.hasTag('online') || x.matches('rejected') || x.matches('failed') || x.matches('idle'), { timeout: JOIN_WAIT_MS }).catch(() => null);
    if (!s) return { ok: false, code: 'SERVER_UNREACHABLE' };
    if (s.hasTag('online')) return { ok: true };
    if (s.matches('idle')) return { ok: false, code: 'JOIN_CANCELLED' };
    this.connection.send({ type: 'user.leave' });
    const { error, retryAfterMs, work } = s.context;
    return { ok: false, code: error ?? 'SERVER_UNREACHABLE', ...(retryAfterMs !== null ? { retryAfterMs } : {}), ...(work !== null ? { work } : {}) };
  }

  /** Once joined: the consents and the fill language for each party filled here; resolves the step this driver's part was on. */
  private async afterJoin(consents: Disclaimers | null, request: PlatesConnectRequest): Promise<number> {
    if (this.mode === 'live') writeStored(STORAGE_KEYS.realFillStarted, 'true');
    for (const party of this.parties) {
      if (consents) await this.hub.call('submit-disclaimers', { party, disclaimers: consents });
      await this.hub.call('fill-lang', { party, lang: request.fillLang });
    }
    return this.party ? (this.declaration?.parties[this.party].activeStep ?? 0) : 0;
  }

  private async reportProgress(step: number): Promise<void> {
    if (!this.connected) return;
    for (const party of this.parties) {
      await this.hub.call('progress', { party, progress: step === LAST_FILL_STEP ? 'LAST_STEP' : 'FILLING', step });
    }
  }

  /**
   * Stops a join in progress (issue 34): the session says JOIN_CANCELLED to the plates step's Next,
   * and the link closes, which withdraws the request from the other driver's screen.
   */
  cancelJoin(): void {
    this.session.send({ type: 'user.cancelJoin' });
    this.connection.send({ type: 'user.leave' });
  }

  /** Leaves the declaration on this device (it can be found again with both plates for 30 minutes). */
  leave(): void {
    this.photos.reset();
    this.session.send({ type: 'user.leave' });
    this.connection.send({ type: 'user.leave' });
    this.wizard.send({ type: 'user.restart' });
  }

  dispose(): void {
    this.photos.reset();
    for (const c of this.cleanups.splice(0)) c();
    for (const url of this.madeHere.values()) URL.revokeObjectURL(url);
    this.madeHere.clear();
    this.session.stop();
    this.hub.dispose();
    this.images.stop();
    this.wizard.stop();
    this.connection.stop();
  }
}
