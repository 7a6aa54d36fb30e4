/**
 * Smart-ID (SK ID Solutions' RP API v3), notification-based authentication, written from SK's
 * public documentation (docs/research/sk-protocols.md): the personal code's ETSI identifier, a
 * fresh 64-byte challenge, the verification code computed from it (ID2), a long poll of the
 * session, and an answer believed only when its certificate chains to the configured anchors with
 * Smart-ID's policies and purpose, names the person asked for, and signs the ACSP_V2 message of
 * this very challenge (ID4) with RSASSA-PSS.
 */
import { constants, createHash, randomBytes, verify, X509Certificate } from 'node:crypto';
import {
  acspV2Message,
  IdentityFailure,
  smartIdVerificationCode,
  type IdentityContext,
  type IdentityOutcome,
  type IdentityPoll,
  type IdentityProviderPort,
  type IdentityStart,
  type Locale,
} from '@eid/domain';
import { SIGN_IN_PROMPT } from './prompts.js';
import { callSk, type SkCall } from './sk-http.js';
import { chainsToAnchors, CLIENT_AUTH_EKU, leafFacts, parseAnchors, SMART_ID_AUTH_EKU, SMART_ID_POLICIES } from './certificates.js';

export interface SmartIdConfig {
  /** e.g. `https://rp-api.smart-id.com/v3` (SK's demo: `https://sid.demo.sk.ee/smart-id-rp/v3`). */
  readonly baseUrl: string;
  readonly relyingPartyUUID: string;
  readonly relyingPartyName: string;
  /** `smart-id` in production, `smart-id-demo` in SK's demo environment: the first field of the signed message. */
  readonly schemeName: string;
  /** PEM texts of the CA certificates trusted (intermediates and roots). */
  readonly trustAnchors: readonly string[];
  readonly certificateLevel?: 'QUALIFIED' | 'ADVANCED';
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}

/** What we ask for and accept: RSASSA-PSS with SHA-512, MGF1 with SHA-512, a 64-byte salt, trailer 0xbc. */
const PSS = { hash: 'SHA-512', node: 'sha512', salt: 64 } as const;
/** The interaction we ask for (the only one accepted as used). */
const INTERACTION = 'displayTextAndPIN';

/** v3's end results as the person is told them (ID5). */
function outcomeOf(endResult: string): IdentityOutcome {
  if (endResult === 'USER_REFUSED' || endResult.startsWith('USER_REFUSED_')) return 'USER_REFUSED';
  if (endResult === 'TIMEOUT') return 'TIMEOUT';
  if (endResult === 'WRONG_VC') return 'WRONG_VC';
  if (endResult === 'DOCUMENT_UNUSABLE' || endResult === 'ACCOUNT_UNUSABLE' || endResult === 'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP') return 'NOT_CLIENT';
  return 'FAILED';
}

interface SessionStatus {
  readonly state?: string;
  readonly result?: { readonly endResult?: string; readonly documentNumber?: string };
  readonly signatureProtocol?: string;
  readonly signature?: {
    readonly value?: string;
    readonly serverRandom?: string;
    readonly userChallenge?: string;
    readonly flowType?: string;
    readonly signatureAlgorithm?: string;
    readonly signatureAlgorithmParameters?: { readonly hashAlgorithm?: string; readonly saltLength?: number; readonly maskGenAlgorithm?: { readonly parameters?: { readonly hashAlgorithm?: string } } };
  };
  readonly cert?: { readonly value?: string; readonly certificateLevel?: string };
  readonly interactionTypeUsed?: string;
}

export class SmartIdClient implements IdentityProviderPort<{ readonly personalCode: string }> {
  private readonly anchors: X509Certificate[];
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly config: SmartIdConfig) {
    this.anchors = parseAnchors(config.trustAnchors);
    if (this.anchors.length === 0) throw new Error('Smart-ID: no trust anchors configured');
    this.fetch = config.fetch ?? ((input, init) => fetch(input, init));
    this.now = config.now ?? Date.now;
  }

  async start(input: { readonly personalCode: string }, lang: Locale): Promise<IdentityStart> {
    const rpChallenge = randomBytes(64).toString('base64');
    const interactions = Buffer.from(JSON.stringify([{ type: INTERACTION, displayText60: SIGN_IN_PROMPT[lang] }]), 'utf8').toString('base64');
    const res = await this.call(`/authentication/notification/etsi/PNOLT-${input.personalCode}`, {
      method: 'POST',
      body: JSON.stringify({
        relyingPartyUUID: this.config.relyingPartyUUID,
        relyingPartyName: this.config.relyingPartyName,
        certificateLevel: this.level(),
        signatureProtocol: 'ACSP_V2',
        signatureProtocolParameters: { rpChallenge, signatureAlgorithm: 'rsassa-pss', signatureAlgorithmParameters: { hashAlgorithm: PSS.hash } },
        interactions,
        vcType: 'numeric4',
      }),
    });
    // No account (or none usable by this relying party): said like any refusal, never which.
    if (res.status === 404 || res.status === 403) throw new IdentityFailure('NOT_CLIENT');
    if (!res.ok) throw new IdentityFailure('FAILED');
    const body = (await res.json()) as { sessionID?: unknown };
    if (typeof body.sessionID !== 'string') throw new IdentityFailure('FAILED');
    const verificationCode = smartIdVerificationCode(createHash('sha256').update(Buffer.from(rpChallenge, 'base64')).digest());
    return { sessionId: body.sessionID, verificationCode, context: { rpChallenge, interactions, personalCode: input.personalCode } };
  }

  async poll(sessionId: string, context: IdentityContext, waitMs: number): Promise<IdentityPoll> {
    const timeoutMs = Math.min(120_000, Math.max(1_000, Math.round(waitMs)));
    const res = await this.call(`/session/${encodeURIComponent(sessionId)}?timeoutMs=${timeoutMs}`, { method: 'GET', waitMs: timeoutMs });
    if (res.status === 404) return { state: 'ENDED', outcome: 'FAILED' };
    if (!res.ok) throw new IdentityFailure('FAILED');
    const status = (await res.json()) as SessionStatus;
    if (status.state === 'RUNNING') return { state: 'RUNNING' };
    if (status.state !== 'COMPLETE') return { state: 'ENDED', outcome: 'FAILED' };
    const endResult = status.result?.endResult ?? '';
    if (endResult !== 'OK') return { state: 'ENDED', outcome: outcomeOf(endResult) };
    return this.verified(status, context);
  }

  /** ID6: the person of an OK answer, or NOT_VERIFIED when any check fails (the protocol's parameters pinned as SK's clients pin them). */
  private verified(status: SessionStatus, context: IdentityContext): IdentityPoll {
    const refused: IdentityPoll = { state: 'ENDED', outcome: 'NOT_VERIFIED' };
    const sig = status.signature;
    const params = sig?.signatureAlgorithmParameters;
    const { rpChallenge, interactions } = context;
    if (!rpChallenge || !interactions || status.signatureProtocol !== 'ACSP_V2' || !sig?.value || !status.cert?.value || status.interactionTypeUsed !== INTERACTION) return refused;
    if (sig.signatureAlgorithm !== 'rsassa-pss' || params?.hashAlgorithm !== PSS.hash || params.saltLength !== PSS.salt || params.maskGenAlgorithm?.parameters?.hashAlgorithm !== PSS.hash) return refused;
    if (!sig.serverRandom || !/^[A-Za-z0-9+/]{24,}={0,2}$/.test(sig.serverRandom) || !/^[A-Za-z0-9_-]{43}$/.test(sig.userChallenge ?? '') || sig.flowType !== 'Notification') return refused;
    const level = status.cert.certificateLevel;
    if (!this.levelMet(level)) return refused;
    const der = Buffer.from(status.cert.value, 'base64');
    try {
      const leaf = new X509Certificate(der);
      if (leaf.publicKey.asymmetricKeyType !== 'rsa' || !chainsToAnchors(leaf, this.anchors, this.now())) return refused;
      const facts = leafFacts(der);
      if (!SMART_ID_POLICIES[level === 'QUALIFIED' ? 'QUALIFIED' : 'ADVANCED'].every((p) => facts.policies.includes(p))) return refused;
      if (!facts.digitalSignature || !(facts.extendedUsages.includes(SMART_ID_AUTH_EKU) || facts.extendedUsages.includes(CLIENT_AUTH_EKU))) return refused;
      if (!facts.person || facts.person.personalCode !== context.personalCode || facts.person.country !== 'LT') return refused;
      const message = acspV2Message({
        schemeName: this.config.schemeName,
        serverRandom: sig.serverRandom,
        rpChallenge,
        userChallenge: sig.userChallenge ?? '',
        relyingPartyName: this.config.relyingPartyName,
        brokeredRpName: '',
        interactionsSha256: createHash('sha256').update(interactions, 'utf8').digest('base64'),
        interactionTypeUsed: INTERACTION,
        initialCallbackUrl: '',
        flowType: 'Notification',
      });
      const ok = verify(PSS.node, Buffer.from(message, 'utf8'), { key: leaf.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PSS.salt }, Buffer.from(sig.value, 'base64'));
      return ok ? { state: 'OK', person: facts.person } : refused;
    } catch {
      // A certificate or an extension that does not parse.
      return refused;
    }
  }

  private level(): 'QUALIFIED' | 'ADVANCED' {
    return this.config.certificateLevel ?? 'QUALIFIED';
  }

  private levelMet(given: string | undefined): boolean {
    return given === 'QUALIFIED' || (given === 'ADVANCED' && this.level() === 'ADVANCED');
  }

  private call(path: string, init: SkCall): Promise<Response> {
    return callSk(this.fetch, this.config.baseUrl, path, init);
  }
}
