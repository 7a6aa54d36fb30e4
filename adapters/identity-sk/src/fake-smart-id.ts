/**
 * A local Smart-ID service speaking RP API v3's documented HTTP calls (notification
 * authentication and the session's long poll), for the tests and the local installation: SK's
 * published Lithuanian demo accounts with their outcomes (OK, USER_REFUSED, WRONG_VC, TIMEOUT),
 * certificates from a test CA made at start, and ACSP_V2 signatures (RSASSA-PSS, SHA-512). It is
 * never SK's service: production names SK's address and CA files.
 */
import { constants, createHash, randomBytes, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { acspV2Message } from '@eid/domain';
import { readJson } from './sk-http.js';
import { TestCa, type Person } from './test-ca.js';

/** SK's Lithuanian demo accounts (smart-id-documentation, test accounts) and what each answers. */
export const SMART_ID_DEMO_ACCOUNTS: Readonly<Record<string, { readonly endResult: string; readonly firstName: string; readonly lastName: string }>> = {
  '30303039914': { endResult: 'OK', firstName: 'OK', lastName: 'TESTNUMBER' },
  '40504040001': { endResult: 'OK', firstName: 'OK', lastName: 'TEST' },
  '50001029996': { endResult: 'OK', firstName: 'ADULT', lastName: 'TESTNUMBER' },
  '30403039917': { endResult: 'USER_REFUSED', firstName: 'REFUSED', lastName: 'TESTNUMBER' },
  '30403039928': { endResult: 'USER_REFUSED_INTERACTION', firstName: 'REFUSED', lastName: 'TESTNUMBER' },
  '30403039972': { endResult: 'WRONG_VC', firstName: 'WRONG', lastName: 'TESTNUMBER' },
  '30403039983': { endResult: 'TIMEOUT', firstName: 'TIMEOUT', lastName: 'TESTNUMBER' },
};

/** How the service may misbehave in a test: an answer a relying party must not believe. */
export type SmartIdMischief = 'untrusted-ca' | 'other-challenge' | 'other-person' | null;

interface Session {
  readonly code: string;
  readonly rpChallenge: string;
  readonly interactions: string;
  readonly relyingPartyName: string;
  readonly interactionType: string;
  readonly doneAt: number;
}

export interface FakeSmartIdOptions {
  readonly relyingPartyUUID?: string;
  readonly relyingPartyName?: string;
  readonly schemeName?: string;
  /** How long a session runs before the "phone" answers. */
  readonly answerAfterMs?: number;
  readonly port?: number;
  readonly host?: string;
}

export class FakeSmartId {
  /** Set by a test to make the next answers wrong in one way. */
  mischief: SmartIdMischief = null;
  private readonly sessions = new Map<string, Session>();
  private readonly server = createServer((req, res) => void this.handle(req, res));
  private url = '';

  private constructor(
    private readonly ca: TestCa,
    private readonly rogue: TestCa,
    private readonly options: Required<Omit<FakeSmartIdOptions, 'port' | 'host'>>,
  ) {}

  static async start(options: FakeSmartIdOptions = {}): Promise<FakeSmartId> {
    const [ca, rogue] = await Promise.all([TestCa.create('TEST of EID Smart-ID CA'), TestCa.create('Rogue CA')]);
    const fake = new FakeSmartId(ca, rogue, {
      relyingPartyUUID: options.relyingPartyUUID ?? '00000000-0000-4000-8000-000000000000',
      relyingPartyName: options.relyingPartyName ?? 'DEMO',
      schemeName: options.schemeName ?? 'smart-id-demo',
      answerAfterMs: options.answerAfterMs ?? 1500,
    });
    await new Promise<void>((resolve) => fake.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.url = `http://${options.host ?? '127.0.0.1'}:${port}/v3`;
    return fake;
  }

  /** The RP API's base address (…/v3). */
  get baseUrl(): string {
    return this.url;
  }

  /** The CA certificates a relying party trusts for this service (PEM). */
  get trustAnchors(): string[] {
    return [this.ca.rootPem, this.ca.intermediatePem];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const start = /^\/v3\/authentication\/notification\/etsi\/PNOLT-(\d{11})$/.exec(url.pathname);
      if (req.method === 'POST' && start?.[1]) return send(...this.begin(start[1], await readJson(req)));
      const session = /^\/v3\/session\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (req.method === 'GET' && session?.[1]) return send(...(await this.status(session[1], Number(url.searchParams.get('timeoutMs') ?? 60_500))));
      return send(404, { title: 'Not Found', status: 404 });
    } catch {
      return send(400, { title: 'Bad Request', status: 400 });
    }
  }

  private begin(code: string, body: Record<string, unknown>): [number, unknown] {
    const params = body.signatureProtocolParameters as Record<string, unknown> | undefined;
    const rpChallenge = typeof params?.rpChallenge === 'string' ? params.rpChallenge : '';
    const interactions = typeof body.interactions === 'string' ? body.interactions : '';
    if (body.relyingPartyUUID !== this.options.relyingPartyUUID || body.relyingPartyName !== this.options.relyingPartyName) return [401, { title: 'Unauthorized', status: 401 }];
    const challengeBytes = Buffer.from(rpChallenge, 'base64').length;
    if (body.signatureProtocol !== 'ACSP_V2' || body.vcType !== 'numeric4' || challengeBytes < 32 || challengeBytes > 64 || !interactions) return [400, { title: 'Bad Request', status: 400 }];
    let interactionType = '';
    try {
      interactionType = String((JSON.parse(Buffer.from(interactions, 'base64').toString('utf8')) as Array<{ type?: unknown }>)[0]?.type ?? '');
    } catch {
      return [400, { title: 'Bad Request', status: 400 }];
    }
    if (!SMART_ID_DEMO_ACCOUNTS[code]) return [404, { title: 'Not Found', status: 404 }];
    // SK's sessions end within minutes; so do these (the map does not grow).
    for (const [old, session] of this.sessions) if (session.doneAt < Date.now() - 5 * 60_000) this.sessions.delete(old);
    const id = randomUUID();
    this.sessions.set(id, { code, rpChallenge, interactions, relyingPartyName: String(body.relyingPartyName), interactionType, doneAt: Date.now() + this.options.answerAfterMs });
    return [200, { sessionID: id }];
  }

  private async status(id: string, timeoutMs: number): Promise<[number, unknown]> {
    const s = this.sessions.get(id);
    if (!s) return [404, { title: 'Not Found', status: 404 }];
    const wait = Math.min(Math.max(0, s.doneAt - Date.now()), Math.max(0, timeoutMs));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (Date.now() < s.doneAt) return [200, { state: 'RUNNING' }];
    const account = SMART_ID_DEMO_ACCOUNTS[s.code];
    if (!account) return [404, { title: 'Not Found', status: 404 }];
    if (account.endResult !== 'OK') return [200, { state: 'COMPLETE', result: { endResult: account.endResult } }];
    const someoneElse = s.code === '30303039914' ? '40504040001' : '30303039914';
    const person: Person = { personalCode: this.mischief === 'other-person' ? someoneElse : s.code, firstName: account.firstName, lastName: account.lastName };
    const issuer = this.mischief === 'untrusted-ca' ? this.rogue : this.ca;
    const leaf = await issuer.leaf(person);
    const serverRandom = randomBytes(18).toString('base64');
    const userChallenge = createHash('sha256').update(randomBytes(32)).digest('base64url');
    const message = acspV2Message({
      schemeName: this.options.schemeName,
      serverRandom,
      rpChallenge: this.mischief === 'other-challenge' ? randomBytes(64).toString('base64') : s.rpChallenge,
      userChallenge,
      relyingPartyName: s.relyingPartyName,
      brokeredRpName: '',
      interactionsSha256: createHash('sha256').update(s.interactions, 'utf8').digest('base64'),
      interactionTypeUsed: s.interactionType,
      initialCallbackUrl: '',
      flowType: 'Notification',
    });
    const value = sign('sha512', Buffer.from(message, 'utf8'), { key: leaf.privateKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 });
    return [
      200,
      {
        state: 'COMPLETE',
        result: { endResult: 'OK', documentNumber: `PNOLT-${s.code}-MOCK-Q` },
        signatureProtocol: 'ACSP_V2',
        signature: {
          value: value.toString('base64'),
          serverRandom,
          userChallenge,
          flowType: 'Notification',
          signatureAlgorithm: 'rsassa-pss',
          signatureAlgorithmParameters: { hashAlgorithm: 'SHA-512', maskGenAlgorithm: { algorithm: 'id-mgf1', parameters: { hashAlgorithm: 'SHA-512' } }, saltLength: 64, trailerField: '0xbc' },
        },
        cert: { value: leaf.der.toString('base64'), certificateLevel: 'QUALIFIED' },
        interactionTypeUsed: s.interactionType,
      },
    ];
  }
}
