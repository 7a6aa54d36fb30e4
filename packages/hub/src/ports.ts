/**
 * What the hub needs from the world: the domain's ports, plus the expiring state of the rate limits
 * and the pending phone codes. **API Boundary**: the server and the practice mode build a hub from these.
 */
import type {
  BlobStorePort,
  CaptchaPort,
  ClockPort,
  DeclarationStorePort,
  EmailConfirmationPort,
  ExpiringStorePort,
  HashPort,
  IdPort,
  PhoneCodeSenderPort,
  SubmitQueuePort,
  VehicleRegistryPort,
} from '@eid/domain';

/** How a change holds a declaration's lock across nodes (ClusterPort.withLock). */
export interface LockOptions {
  readonly endsWithSave?: boolean;
  readonly optimistic?: boolean;
}

/**
 * Several server nodes sharing one store: the lock of a declaration across nodes, and presence.
 * A single process needs neither (its in-process lock is the only one).
 */
export interface ClusterPort {
  /**
   * Runs `run` holding the declaration's lock across nodes (taken after this process's own). `endsWithSave`: run's
   * last write of the declaration is one save, after which it does nothing more with it — the lock may be released
   * at that save's commit. `optimistic` (with `endsWithSave`): run's work before its save may be done twice (it
   * reads and decides, and sends or counts nothing): it may first be tried without the lock, its save then written
   * only if nothing was written since its read, and is done again under the lock unless that try ended in its save.
   */
  withLock<T>(declarationId: string, run: () => Promise<T>, options?: LockOptions): Promise<T>;
  /** Tells the other nodes which parties this node has devices of. */
  publishPresence(declarationId: string, present: { readonly A: boolean; readonly B: boolean }): void;
}

export interface HubPorts {
  readonly store: DeclarationStorePort;
  readonly blobs: BlobStorePort;
  readonly registry: VehicleRegistryPort;
  readonly queue: SubmitQueuePort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly hash: HashPort;
  /** Short-lived state with an expiry: plate-check times, pending phone codes, e-mail link times. */
  readonly expiring: ExpiringStorePort;
  readonly isInLithuania: (position: { latitude: number; longitude: number }) => boolean;
  /** Sends phone confirmation codes; without it (practice) codes are only shown to the device. */
  readonly phoneCodes?: PhoneCodeSenderPort;
  /** Checks the captcha token of abuse-prone instructions; without it (practice) no token is asked for. */
  readonly captcha?: CaptchaPort;
  /**
   * A keyed hash (the installation's secret) of the source a join request carries (JN8): without
   * the key, a database or a backup cannot give the asking addresses back. SHA-256 without it (practice).
   */
  readonly sourceHash?: (text: string) => Promise<string>;
  /** Sends the e-mail confirmation link (confirm-email-a); without it (practice) nothing is sent. */
  readonly emailConfirmation?: EmailConfirmationPort;
  /** Several nodes only. */
  readonly cluster?: ClusterPort;
  /** Where the hub reports faults it answered with SERVER_ERROR. */
  readonly log?: (level: 'warn' | 'error', message: string, data?: unknown) => void;
}

export interface HubOptions {
  /** Hours the accident time may be rolled back (declaration-flow §9: from the server). */
  readonly maxTimeAdjustHours: number;
  /** 'practice' declarations end with demo-done and never reach the submit queue. */
  readonly mode: 'live' | 'practice';
  /** A connection's burst of calls and calls per second (FU1); CALL_BURST and CALLS_PER_SECOND by default. */
  readonly callBurst?: number;
  readonly callsPerSecond?: number;
  /** Calling codes of the numbers SMS codes are sent to (FU11); default Lithuanian only. */
  readonly smsCallingCodes?: readonly string[];
}
