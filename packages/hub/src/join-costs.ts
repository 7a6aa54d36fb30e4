/**
 * What asking to join a declaration costs a source (JN8), kept behind ExpiringStorePort so that
 * every node and a restart see the same counts. A source is the address a device connects from
 * (the transport tells the hub), with the declaration: never stored as it is, only hashed with the
 * declaration's id — which is also what its join request carries. Counting per declaration keeps a
 * shared address (a carrier's NAT, a proxy) from making everyone else's joins dearer.
 */
import * as v from 'valibot';
import { allowedWithin, JOIN_ASK_WINDOW_MS, JOIN_ASKS_PER_SOURCE, JOIN_WORK_WINDOW_MS, joinWork } from '@eid/domain';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { HubConnection } from './rooms.js';

const Times = v.array(v.number());

export class JoinCosts {
  /** A connection that names no address (practice, tests) is a source of its own. */
  private readonly anonymous = new WeakMap<HubConnection, string>();

  constructor(private readonly ports: Pick<HubPorts, 'expiring' | 'hash' | 'ids' | 'clock'>) {}

  /** The source of a connection for one declaration, as its join request carries it. */
  async sourceOf(conn: HubConnection, declarationId: string): Promise<string> {
    return this.ports.hash.sha256Hex(`${declarationId}\n${this.addressOf(conn)}`);
  }

  /**
   * Counts an ask of `source` whose proof carried `work`: refused JOIN_ASKED_TOO_OFTEN (with the
   * wait) past the asks a source may make within a minute, CAPTCHA_TOO_EASY (with the work asked)
   * when its proof is less than its recent asks make it cost. Neither refusal is counted.
   */
  async count(source: string, work: number): Promise<void> {
    const key = `join-asks:${source}`;
    const now = this.ports.clock.now();
    const parsed = v.safeParse(Times, await this.ports.expiring.get(key));
    const recent = parsed.success ? parsed.output.filter((t) => now - t < JOIN_WORK_WINDOW_MS) : [];
    const minute = allowedWithin(recent, now, JOIN_ASK_WINDOW_MS, JOIN_ASKS_PER_SOURCE);
    if (!minute.allowed) refuse('JOIN_ASKED_TOO_OFTEN', minute.retryAfterMs);
    const required = joinWork(recent.length);
    if (work < required) refuse('CAPTCHA_TOO_EASY', undefined, required);
    await this.ports.expiring.set(key, [...recent, now], now + JOIN_WORK_WINDOW_MS);
  }

  private addressOf(conn: HubConnection): string {
    if (conn.source !== undefined) return conn.source;
    let own = this.anonymous.get(conn);
    if (!own) {
      own = `connection:${this.ports.ids.token()}`;
      this.anonymous.set(conn, own);
    }
    return own;
  }
}
