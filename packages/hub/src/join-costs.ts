/**
 * What asking to join a declaration costs a source (JN8), kept behind ExpiringStorePort so that
 * every node and a restart see the same counts. A source is the address a device connects from
 * (the transport tells the hub), with the declaration: never stored as it is, only as a keyed hash
 * with the declaration's id (the installation's secret keys it: a database or a backup alone cannot
 * give the addresses back) — which is also what its join request carries. Counting per declaration
 * keeps a shared address (a carrier's NAT, a proxy) from making everyone else's joins dearer.
 *
 * Only an ask that left a request waiting is counted: a refused one (the declaration's places
 * full, the seat taken meanwhile) costs the real driver nothing for the next.
 */
import * as v from 'valibot';
import { allowedWithin, JOIN_ASK_WINDOW_MS, JOIN_ASKS_PER_SOURCE, JOIN_WORK_WINDOW_MS, joinWork, KeyedTurns } from '@eid/domain';
import type { HubPorts } from './ports.js';
import { refuse } from './refusal.js';
import type { HubConnection } from './rooms.js';

const Times = v.array(v.number());

export class JoinCosts {
  /** A connection that names no address (practice, tests) is a source of its own. */
  private readonly anonymous = new WeakMap<HubConnection, string>();
  /** One ask of a source at a time in this process: parallel asks of one address cannot all pass as the first. */
  private readonly turns = new KeyedTurns();

  constructor(private readonly ports: Pick<HubPorts, 'expiring' | 'hash' | 'ids' | 'clock' | 'sourceHash'>) {}

  /** The source of a connection for one declaration, as its join request carries it. */
  async sourceOf(conn: HubConnection, declarationId: string): Promise<string> {
    const text = `${declarationId}\n${this.addressOf(conn)}`;
    return this.ports.sourceHash ? this.ports.sourceHash(text) : this.ports.hash.sha256Hex(text);
  }

  /**
   * Runs `ask` as the source's one ask in this process, after checking what it may: refused
   * JOIN_ASKED_TOO_OFTEN (with the wait) past the asks a source may make within a minute,
   * CAPTCHA_TOO_EASY (with the work asked) when its proof is less than its recent asks make it cost.
   * The ask is counted once `ask` resolves (a request left waiting); a refusal is not counted.
   */
  async asking<T>(source: string, work: number, ask: () => Promise<T>): Promise<T> {
    return this.turns.run(source, async () => {
      const key = `join-asks:${source}`;
      const now = this.ports.clock.now();
      const parsed = v.safeParse(Times, await this.ports.expiring.get(key));
      const recent = parsed.success ? parsed.output.filter((t) => now - t < JOIN_WORK_WINDOW_MS) : [];
      const minute = allowedWithin(recent, now, JOIN_ASK_WINDOW_MS, JOIN_ASKS_PER_SOURCE);
      if (!minute.allowed) refuse('JOIN_ASKED_TOO_OFTEN', minute.retryAfterMs);
      const required = joinWork(recent.length);
      if (work < required) refuse('CAPTCHA_TOO_EASY', undefined, required);
      const result = await ask();
      await this.ports.expiring.set(key, [...recent, now], now + JOIN_WORK_WINDOW_MS);
      return result;
    });
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
