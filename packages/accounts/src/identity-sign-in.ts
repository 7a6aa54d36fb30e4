/**
 * Sign-in by a provider that verifies the person (Smart-ID, Mobile-ID; SPEC.md ID7): an attempt
 * the browser holds by a random id while the provider's session runs, its session and challenge
 * kept in the expiring store (so any node can poll it), and, when the provider vouches for the
 * person, a session on the account of that verified personal code — made at the first sign-in.
 */
import {
  DEFAULT_LOCALE,
  IdentityFailure,
  isLocale,
  KeyedTurns,
  NO_PERSON,
  parsePersonalCode,
  smartIdVerificationCode,
  type Account,
  type IdentityContext,
  type IdentityMethod,
  type IdentityOutcome,
  type IdentityProviderPort,
  type VerifiedPerson,
  type Locale,
} from '@eid/domain';
import { refuseAccount } from './account-error.js';
import type { AccountService, StartedSession } from './account.service.js';
import type { AccountPorts } from './ports.js';

/** ID7: an attempt lives 5 minutes (the providers' own sessions end sooner). */
export const IDENTITY_ATTEMPT_MS = 5 * 60_000;
/** ID7: a new attempt for the same personal code waits 15 s. */
export const IDENTITY_PACE_MS = 15_000;
/** How long one poll waits for the provider's answer (a long poll). */
export const IDENTITY_POLL_WAIT_MS = 5_000;

/** What the person gives: the personal code (and, for Mobile-ID, the phone). */
export interface IdentityInput {
  readonly personalCode: string;
  readonly phone?: string;
}

/** ID7: a start for a code without a usable account runs like any other and ends NOT_CLIENT after this long. */
export const IDENTITY_DECOY_MS = 8_000;

interface Pending {
  readonly method: IdentityMethod;
  readonly sessionId: string;
  readonly context: IdentityContext;
  readonly personalCode: string;
  /** The SHA-256 of the browser's binding (its HTTP-only cookie): only that browser may poll. */
  readonly binding: string;
  /** ID9: the signed-in account this attempt links the verified code to (no new session). */
  readonly linkTo?: string;
  /** When it started (a NOT_CLIENT told sooner waits until the decoy's time). */
  readonly startedAt: number;
  /** A start the provider refused: no session; it ends with this outcome at `endsAt`. */
  readonly decoy?: { readonly outcome: IdentityOutcome; readonly endsAt: number };
  /** The page's language at the start: an account made by this sign-in speaks it (issue 37). */
  readonly lang?: Locale;
}

const isPending = (x: unknown): x is Pending =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as Pending).sessionId === 'string' &&
  typeof (x as Pending).personalCode === 'string' &&
  typeof (x as Pending).binding === 'string' &&
  typeof (x as Pending).context === 'object';

const refuseOutcome = (outcome: IdentityOutcome): never => refuseAccount(`IDENTITY_${outcome}`);

export type IdentityProviders = Partial<Record<IdentityMethod, IdentityProviderPort<IdentityInput>>>;

export class IdentitySignIn {
  /** The polls of one attempt, and the starts of one personal code, one at a time in this process. */
  private readonly turns = new KeyedTurns();

  constructor(
    private readonly ports: AccountPorts,
    private readonly accounts: AccountService,
    private readonly providers: IdentityProviders,
  ) {}

  /** The methods this installation offers. */
  available(): IdentityMethod[] {
    return (Object.keys(this.providers) as IdentityMethod[]).filter((m) => this.providers[m] !== undefined);
  }

  /**
   * ID7: starts an attempt for the browser that holds `binding` (a random value in its HTTP-only
   * cookie); the verification code is shown to the person. A code without a usable account starts
   * alike (a random code, an attempt that ends NOT_CLIENT a little later): nobody learns from the
   * answer who has Smart-ID.
   */
  async start(method: IdentityMethod, input: IdentityInput, lang: Locale, binding: string, linkTo?: Account): Promise<{ readonly attempt: string; readonly verificationCode: string }> {
    const provider = this.providers[method];
    if (!provider) return refuseOutcome('FAILED');
    // ID9: an account has one verified code.
    if (linkTo && linkTo.personalCode !== null) return refuseAccount('ACCOUNT_ALREADY_VERIFIED');
    const link = linkTo ? { linkTo: linkTo.id } : {};
    const { expiring, clock, hash, ids } = this.ports;
    const pace = `identity-pace:${await hash.sha256Hex(`${method}:${input.personalCode}`)}`;
    await this.turns.run(pace, async () => {
      if (!(await expiring.claim(pace, 1, clock.now() + IDENTITY_PACE_MS))) refuseAccount('SIGN_IN_TOO_SOON', IDENTITY_PACE_MS);
    });
    let pending: Pending;
    let verificationCode: string;
    try {
      const started = await provider.start(input, lang);
      pending = { method, sessionId: started.sessionId, context: started.context, personalCode: input.personalCode, binding: await hash.sha256Hex(binding), startedAt: clock.now(), lang, ...link };
      verificationCode = started.verificationCode;
    } catch (e) {
      if (!(e instanceof IdentityFailure) || e.outcome !== 'NOT_CLIENT') throw e instanceof IdentityFailure ? refuseOutcome(e.outcome) : e;
      const decoy = { outcome: e.outcome, endsAt: clock.now() + IDENTITY_DECOY_MS };
      pending = { method, sessionId: '', context: {}, personalCode: input.personalCode, binding: await hash.sha256Hex(binding), startedAt: clock.now(), decoy, ...link };
      // A code like any other: the Smart-ID rule (ID2) over a random digest.
      verificationCode = smartIdVerificationCode(Uint8Array.from((await hash.sha256Hex(ids.token())).match(/../g) ?? [], (h) => parseInt(h, 16)));
    }
    const attempt = ids.token();
    await expiring.set(await this.key(attempt), pending, clock.now() + IDENTITY_ATTEMPT_MS);
    return { attempt, verificationCode };
  }

  /**
   * ID7: the attempt's state, for the browser that started it: still running, or signed in (the
   * browser's old session ends); an end without a person is its code. The polls of one attempt take
   * turns, and the attempt is taken before a session is made, so it signs in once.
   */
  async poll(
    attempt: string,
    binding: string,
    device: string,
    replacing?: string,
    signedInAs?: string,
  ): Promise<{ readonly state: 'RUNNING' } | { readonly state: 'OK'; readonly started: StartedSession } | { readonly state: 'LINKED'; readonly account: Account }> {
    if (!/^[A-Za-z0-9_-]{16,128}$/.test(attempt)) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
    const key = await this.key(attempt);
    return this.turns.run(key, async () => {
      const { expiring, hash, clock } = this.ports;
      const pending = await expiring.get(key);
      if (!isPending(pending) || pending.binding !== (await hash.sha256Hex(binding))) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
      // ID9: a link is polled by the account's own session only.
      if (pending.linkTo !== undefined && pending.linkTo !== signedInAs) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
      if (pending.decoy) {
        if (clock.now() < pending.decoy.endsAt) return { state: 'RUNNING' as const };
        await expiring.delete(key);
        return refuseOutcome(pending.decoy.outcome);
      }
      const provider = this.providers[pending.method];
      if (!provider) return refuseOutcome('FAILED');
      const answer = await provider.poll(pending.sessionId, pending.context, IDENTITY_POLL_WAIT_MS).catch((e: unknown) => {
        if (e instanceof IdentityFailure) return { state: 'ENDED' as const, outcome: e.outcome };
        throw e;
      });
      if (answer.state === 'RUNNING') return { state: 'RUNNING' as const };
      // Mobile-ID tells NOT_CLIENT by its session: it ends no sooner than a refused start would.
      const decoyEnd = (pending.startedAt ?? 0) + IDENTITY_DECOY_MS;
      if (answer.state === 'ENDED' && answer.outcome === 'NOT_CLIENT' && clock.now() < decoyEnd) {
        await expiring.set(key, { ...pending, decoy: { outcome: 'NOT_CLIENT', endsAt: decoyEnd } }, decoyEnd + IDENTITY_ATTEMPT_MS);
        return { state: 'RUNNING' as const };
      }
      // Used once, whatever the end: taken before anything else (another node's poll finds it gone).
      if ((await expiring.take(key)) === null) return refuseAccount('SIGN_IN_ATTEMPT_UNKNOWN');
      if (answer.state === 'ENDED') return refuseOutcome(answer.outcome);
      if (answer.person.personalCode !== pending.personalCode) return refuseOutcome('NOT_VERIFIED');
      if (pending.linkTo !== undefined) return { state: 'LINKED' as const, account: await this.link(pending.linkTo, answer.person) };
      const account = await this.accountOf(answer.person, isLocale(pending.lang) ? pending.lang : DEFAULT_LOCALE);
      return { state: 'OK' as const, started: await this.accounts.startSession(account, pending.method, device, replacing) };
    });
  }

  /** The account of a verified person: made at the first sign-in; the certificate's names and the code's birth date kept current. */
  private async accountOf(person: VerifiedPerson, lang: Locale): Promise<Account> {
    const { store, ids, clock } = this.ports;
    const verified = { firstName: person.firstName, lastName: person.lastName, birthDate: parsePersonalCode(person.personalCode)?.birthDate ?? null };
    const existing = await store.accountByPersonalCode(person.personalCode);
    if (existing) {
      const updated = { ...existing.person, ...verified };
      await store.updateAccount(existing.id, { person: updated });
      return { ...existing, person: updated };
    }
    const account: Account = {
      id: ids.token(),
      email: null,
      emailConfirmedAt: null,
      passwordHash: null,
      personalCode: person.personalCode,
      person: { ...NO_PERSON, ...verified },
      lang,
      createdAt: clock.now(),
    };
    if (await store.createAccount(account)) return account;
    // Made at the same moment by another sign-in: that one.
    return (await store.accountByPersonalCode(person.personalCode)) ?? refuseOutcome('FAILED');
  }

  /** ID9: the account gets the verified code and the certificate's names; a code another account has is refused. */
  private async link(accountId: string, person: VerifiedPerson): Promise<Account> {
    const { store } = this.ports;
    const account = await store.accountById(accountId);
    if (!account) return refuseAccount('NOT_SIGNED_IN');
    if (account.personalCode !== null) return refuseAccount('ACCOUNT_ALREADY_VERIFIED');
    if (!(await store.setPersonalCode(accountId, person.personalCode))) return refuseAccount('PERSONAL_CODE_TAKEN');
    const names = { firstName: person.firstName, lastName: person.lastName, birthDate: parsePersonalCode(person.personalCode)?.birthDate ?? null };
    const updated = { ...account.person, ...names };
    await store.updateAccount(accountId, { person: updated });
    return { ...account, personalCode: person.personalCode, person: updated };
  }

  private async key(attempt: string): Promise<string> {
    return `identity:${await this.ports.hash.sha256Hex(attempt)}`;
  }
}
