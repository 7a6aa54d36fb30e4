/**
 * Mobile-ID (SK ID Solutions' MID REST API) authentication, written from SK's public
 * documentation (docs/research/sk-protocols.md §2): a fresh random preimage whose SHA-256 is the
 * hash the SIM signs, the verification code computed from that hash (ID3), a long poll of the
 * session, and an answer believed only when its certificate chains to the configured anchors,
 * names the person asked for, and its key signs this session's hash (ID8).
 */
import { createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import {
  IdentityFailure,
  mobileIdOutcome,
  mobileIdVerificationCode,
  type IdentityContext,
  type IdentityPoll,
  type IdentityProviderPort,
  type IdentityStart,
  type Locale,
} from '@eid/domain';
import { MOBILE_ID_LANGUAGE, mobileIdPrompt } from './prompts.js';
import { callSk, type SkCall } from './sk-http.js';
import { chainsToAnchors, leafFacts, parseAnchors } from './certificates.js';

export interface MobileIdConfig {
  /** e.g. `https://mid.sk.ee/mid-api` (SK's demo: `https://tsp.demo.sk.ee/mid-api`). */
  readonly baseUrl: string;
  readonly relyingPartyUUID: string;
  readonly relyingPartyName: string;
  /** PEM texts of the CA certificates trusted (intermediates and roots). */
  readonly trustAnchors: readonly string[];
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}


interface SessionStatus {
  readonly state?: string;
  readonly result?: string;
  readonly signature?: { readonly value?: string; readonly algorithm?: string };
  readonly cert?: string;
}

export class MobileIdClient implements IdentityProviderPort<{ readonly personalCode: string; readonly phone?: string }> {
  private readonly anchors: X509Certificate[];
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly config: MobileIdConfig) {
    this.anchors = parseAnchors(config.trustAnchors);
    if (this.anchors.length === 0) throw new Error('Mobile-ID: no trust anchors configured');
    this.fetch = config.fetch ?? ((input, init) => fetch(input, init));
    this.now = config.now ?? Date.now;
  }

  async start(input: { readonly personalCode: string; readonly phone?: string }, lang: Locale): Promise<IdentityStart> {
    if (!input.phone) throw new IdentityFailure('FAILED');
    // The SIM signs the hash as given; keeping its preimage lets Node verify both RSA and EC keys.
    const preimage = randomBytes(32);
    const hash = createHash('sha256').update(preimage).digest();
    const res = await this.call('/authentication', {
      method: 'POST',
      body: JSON.stringify({
        relyingPartyUUID: this.config.relyingPartyUUID,
        relyingPartyName: this.config.relyingPartyName,
        phoneNumber: input.phone,
        nationalIdentityNumber: input.personalCode,
        hash: hash.toString('base64'),
        hashType: 'SHA256',
        language: MOBILE_ID_LANGUAGE[lang],
        ...mobileIdPrompt(lang),
      }),
    });
    if (!res.ok) throw new IdentityFailure('FAILED');
    const body = (await res.json()) as { sessionID?: unknown };
    if (typeof body.sessionID !== 'string') throw new IdentityFailure('FAILED');
    return { sessionId: body.sessionID, verificationCode: mobileIdVerificationCode(hash), context: { preimage: preimage.toString('base64'), personalCode: input.personalCode } };
  }

  async poll(sessionId: string, context: IdentityContext, waitMs: number): Promise<IdentityPoll> {
    const timeoutMs = Math.min(120_000, Math.max(1_000, Math.round(waitMs)));
    const res = await this.call(`/authentication/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`, { method: 'GET', waitMs: timeoutMs });
    if (res.status === 404) return { state: 'ENDED', outcome: 'FAILED' };
    if (!res.ok) throw new IdentityFailure('FAILED');
    const status = (await res.json()) as SessionStatus;
    if (status.state === 'RUNNING') return { state: 'RUNNING' };
    if (status.state !== 'COMPLETE') return { state: 'ENDED', outcome: 'FAILED' };
    if (status.result !== 'OK') return { state: 'ENDED', outcome: mobileIdOutcome(status.result ?? '') };
    return this.verified(status, context);
  }

  /** ID8: the person of an OK answer, or NOT_VERIFIED when any check fails. */
  private verified(status: SessionStatus, context: IdentityContext): IdentityPoll {
    const refused: IdentityPoll = { state: 'ENDED', outcome: 'NOT_VERIFIED' };
    const { preimage, personalCode } = context;
    const algorithm = status.signature?.algorithm ?? '';
    if (!preimage || !status.signature?.value || !status.cert || !/^SHA256With(RSA|EC)Encryption$/.test(algorithm)) return refused;
    const der = Buffer.from(status.cert, 'base64');
    try {
      const leaf = new X509Certificate(der);
      if (!chainsToAnchors(leaf, this.anchors, this.now())) return refused;
      const facts = leafFacts(der);
      if (!facts.digitalSignature || !facts.person || facts.person.personalCode !== personalCode || facts.person.country !== 'LT') return refused;
      const keyType = leaf.publicKey.asymmetricKeyType;
      if ((algorithm === 'SHA256WithRSAEncryption') !== (keyType === 'rsa') || (keyType !== 'rsa' && keyType !== 'ec')) return refused;
      // RSA: PKCS#1 v1.5 over the DigestInfo of SHA-256(preimage); EC: ECDSA over it, r‖s as sent.
      const key = keyType === 'ec' ? { key: leaf.publicKey, dsaEncoding: 'ieee-p1363' as const } : leaf.publicKey;
      const ok = verify('sha256', Buffer.from(preimage, 'base64'), key, Buffer.from(status.signature.value, 'base64'));
      return ok ? { state: 'OK', person: facts.person } : refused;
    } catch {
      // A certificate or a signature that does not parse.
      return refused;
    }
  }

  private call(path: string, init: SkCall): Promise<Response> {
    return callSk(this.fetch, this.config.baseUrl, path, init);
  }
}
