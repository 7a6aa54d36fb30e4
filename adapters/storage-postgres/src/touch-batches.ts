import type pg from 'pg';
import type { Party } from '@eid/domain';
import { TOUCH_MANY } from './declaration-rows.js';

/** The most declarations one batch of heartbeats' writes names (more wait for the next statement). */
const TOUCHES_PER_STATEMENT = 1000;

interface PendingTouch {
  A: number | null;
  B: number | null;
  waiting: Array<{ resolve: (version: number | null) => void; reject: (error: unknown) => void }>;
}

/**
 * The heartbeats' writes (a seat's last-seen time, the last activity; PgDeclarationStore.touch). The touches that come
 * while the previous batch is on its way go in the next, in one statement: alone, a touch is written at once; at a
 * thousand declarations a node's two thousand devices cost a few statements and commits a second, not two thousand
 * (issue 35 item 5).
 */
export class TouchBatches {
  private readonly pending = new Map<string, PendingTouch>();
  private writing = false;

  constructor(private readonly pool: Pick<pg.Pool, 'query'>) {}

  /** Resolves the declaration's version read back with the write; null when it has no row. */
  touch(id: string, party: Party, at: number): Promise<number | null> {
    return new Promise((resolve, reject) => {
      let touch = this.pending.get(id);
      if (!touch) {
        touch = { A: null, B: null, waiting: [] };
        this.pending.set(id, touch);
      }
      touch[party] = Math.max(touch[party] ?? at, at);
      touch.waiting.push({ resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.size > 0) {
        // The oldest first (a Map keeps its insertion order): past a thousand declarations pending, every one is
        // written in its turn. The rows are locked in the order of their ids by the statement itself (TOUCH_MANY).
        const ids = [...this.pending.keys()].slice(0, TOUCHES_PER_STATEMENT);
        const batch = ids.map((id) => [id, this.pending.get(id)!] as const);
        for (const id of ids) this.pending.delete(id);
        try {
          const result = await this.pool.query<{ id: string; version: number }>({ ...TOUCH_MANY, values: [ids, batch.map(([, t]) => t.A), batch.map(([, t]) => t.B)] });
          const versions = new Map(result.rows.map((row) => [row.id, Number(row.version)]));
          for (const [id, t] of batch) for (const w of t.waiting) w.resolve(versions.get(id) ?? null);
        } catch (error) {
          for (const [, t] of batch) for (const w of t.waiting) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
