/**
 * A local Mobile-ID service speaking MID REST's documented HTTP calls (authentication and the
 * session's long poll), for the tests and the local installation: SK's published demo numbers
 * with their results (OK, NOT_MID_CLIENT, USER_CANCELLED, SIM_ERROR, TIMEOUT, …), certificates from
 * a test CA made at start, and RSA PKCS#1 v1.5 signatures over the hash sent, as a SIM makes them.
 * It is never SK's service: production names SK's address and CA files.
 */
import { constants, privateEncrypt, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readJson } from './sk-http.js';
import { TestCa, type Person } from './test-ca.js';

/** SK's demo Mobile-ID numbers (MID documentation and SK's clients' tests) by phone and personal code. */
export const MOBILE_ID_DEMO_NUMBERS: Readonly<Record<string, { readonly result: string; readonly firstName: string; readonly lastName: string }>> = {
  '+37060000666 50001018865': { result: 'OK', firstName: 'MARY ÄNN', lastName: 'O’CONNEŽ-ŠUSLIK TESTNUMBER' },
  '+37060000266 50001018832': { result: 'NOT_MID_CLIENT', firstName: 'NOT', lastName: 'CLIENT' },
  '+37061100266 50001018854': { result: 'USER_CANCELLED', firstName: 'CANCELLED', lastName: 'TESTNUMBER' },
  '+37061200266 50001018876': { result: 'SIM_ERROR', firstName: 'SIM', lastName: 'TESTNUMBER' },
  '+37066000266 50001018908': { result: 'TIMEOUT', firstName: 'TIMEOUT', lastName: 'TESTNUMBER' },
};

/** How the service may misbehave in a test: an answer a relying party must not believe. */
export type MobileIdMischief = 'untrusted-ca' | 'other-hash' | 'other-person' | null;

/** DigestInfo of SHA-256 before the hash (PKCS#1 v1.5). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

interface Session {
  readonly key: string;
  readonly hash: Buffer;
  readonly doneAt: number;
}

export interface FakeMobileIdOptions {
  readonly relyingPartyUUID?: string;
  readonly relyingPartyName?: string;
  /** How long a session runs before the "phone" answers. */
  readonly answerAfterMs?: number;
  readonly port?: number;
  readonly host?: string;
}

export class FakeMobileId {
  /** Set by a test to make the next answers wrong in one way. */
  mischief: MobileIdMischief = null;
  private readonly sessions = new Map<string, Session>();
  private readonly server = createServer((req, res) => void this.handle(req, res));
  private url = '';

  private constructor(
    private readonly ca: TestCa,
    private readonly rogue: TestCa,
    private readonly options: Required<Omit<FakeMobileIdOptions, 'port' | 'host'>>,
  ) {}

  static async start(options: FakeMobileIdOptions = {}): Promise<FakeMobileId> {
    const [ca, rogue] = await Promise.all([TestCa.create('TEST of EID-SK Mobile-ID CA'), TestCa.create('Rogue CA')]);
    const fake = new FakeMobileId(ca, rogue, {
      relyingPartyUUID: options.relyingPartyUUID ?? '00000000-0000-0000-0000-000000000000',
      relyingPartyName: options.relyingPartyName ?? 'DEMO',
      answerAfterMs: options.answerAfterMs ?? 1500,
    });
    await new Promise<void>((resolve) => fake.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    fake.url = `http://${options.host ?? '127.0.0.1'}:${port}/mid-api`;
    return fake;
  }

  /** The API's base address (…/mid-api). */
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
    const time = new Date().toISOString().slice(0, 19);
    const send = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...body, time, traceId: randomBytes(8).toString('hex') }));
    };
    try {
      if (req.method === 'POST' && url.pathname === '/mid-api/authentication') return send(...this.begin(await readJson(req)));
      const session = /^\/mid-api\/authentication\/session\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (req.method === 'GET' && session?.[1]) return send(...(await this.status(session[1], Number(url.searchParams.get('timeoutMs') ?? 10_000))));
      return send(404, { error: 'Not found' });
    } catch {
      return send(400, { error: 'Bad request' });
    }
  }

  private begin(body: Record<string, unknown>): [number, Record<string, unknown>] {
    if (body.relyingPartyUUID !== this.options.relyingPartyUUID || body.relyingPartyName !== this.options.relyingPartyName) return [401, { error: 'Failed to authorize user' }];
    const phone = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
    const code = typeof body.nationalIdentityNumber === 'string' ? body.nationalIdentityNumber : '';
    const hash = Buffer.from(typeof body.hash === 'string' ? body.hash : '', 'base64');
    if (!/^\+\d{8,30}$/.test(phone) || !/^\d{11}$/.test(code)) return [400, { error: 'phoneNumber or nationalIdentityNumber is invalid' }];
    if (body.hashType !== 'SHA256' || hash.length !== 32) return [400, { error: 'The length of the hash must match the type of hash' }];
    if (!['LIT', 'ENG', 'EST', 'RUS'].includes(String(body.language))) return [400, { error: 'language is invalid' }];
    // The display text: at most 40 characters as GSM-7, 20 as UCS-2 (SK's MID REST API).
    const format = body.displayTextFormat ?? 'GSM-7';
    const text = typeof body.displayText === 'string' ? body.displayText : '';
    if (!['GSM-7', 'UCS-2'].includes(String(format)) || [...text].length > (format === 'UCS-2' ? 20 : 40)) return [400, { error: 'displayText is invalid' }];
    for (const [old, session] of this.sessions) if (session.doneAt < Date.now() - 5 * 60_000) this.sessions.delete(old);
    const id = randomUUID();
    this.sessions.set(id, { key: `${phone} ${code}`, hash, doneAt: Date.now() + this.options.answerAfterMs });
    return [200, { sessionID: id }];
  }

  private async status(id: string, timeoutMs: number): Promise<[number, Record<string, unknown>]> {
    const s = this.sessions.get(id);
    if (!s) return [404, { error: 'SessionID not found' }];
    const wait = Math.min(Math.max(0, s.doneAt - Date.now()), Math.max(0, timeoutMs));
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (Date.now() < s.doneAt) return [200, { state: 'RUNNING' }];
    // A number and code SK does not know: the phone is not a Mobile-ID client.
    const demo = MOBILE_ID_DEMO_NUMBERS[s.key] ?? { result: 'NOT_MID_CLIENT', firstName: '', lastName: '' };
    if (demo.result !== 'OK') return [200, { state: 'COMPLETE', result: demo.result }];
    const code = s.key.split(' ')[1] ?? '';
    const person: Person = { personalCode: this.mischief === 'other-person' ? '30303039914' : code, firstName: demo.firstName, lastName: demo.lastName };
    const leaf = await (this.mischief === 'untrusted-ca' ? this.rogue : this.ca).leaf(person, 'mobile-id');
    const signed = this.mischief === 'other-hash' ? randomBytes(32) : s.hash;
    const value = privateEncrypt({ key: leaf.privateKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, signed]));
    return [200, { state: 'COMPLETE', result: 'OK', signature: { value: value.toString('base64'), algorithm: 'SHA256WithRSAEncryption' }, cert: leaf.der.toString('base64') }];
  }
}
