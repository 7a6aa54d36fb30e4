/** InsurerStorePort on PostgreSQL: the insurers' clients and feeds, shared by every node. */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { ClientChange, FeedEntry, InsurerClient, InsurerStorePort } from '@eid/domain/insurer';
import type { PgDatabase } from './database.js';
import { insurerClients, insurerFeed } from './schema.js';

/**
 * The feed's writers take this transaction lock: a sequence hands out numbers before commit, so
 * two writers could commit 8 after a reader had passed 9; under the lock they commit in order.
 */
const FEED_LOCK = 0x45494446; // "EIDF"

export class PgInsurerStore implements InsurerStorePort {
  constructor(private readonly db: PgDatabase) {}

  async addClient(client: InsurerClient): Promise<boolean> {
    return (await this.db.insert(insurerClients).values(client).onConflictDoNothing().returning({ id: insurerClients.id })).length === 1;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    const [row] = await this.db.select().from(insurerClients).where(eq(insurerClients.id, id));
    return row ?? null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return this.db.select().from(insurerClients).orderBy(desc(insurerClients.createdAt), desc(insurerClients.id));
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    if (Object.keys(change).length === 0) return this.clientById(id);
    const [row] = await this.db.update(insurerClients).set(change).where(eq(insurerClients.id, id)).returning();
    return row ?? null;
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FEED_LOCK})`);
      await tx.insert(insurerFeed).values([...entries]).onConflictDoNothing();
    });
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.db
      .select()
      .from(insurerFeed)
      .where(and(eq(insurerFeed.insurerId, insurerId), gt(insurerFeed.seq, afterSeq)))
      .orderBy(asc(insurerFeed.seq))
      .limit(limit);
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    const [row] = await this.db.select().from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), eq(insurerFeed.declarationId, declarationId)));
    return row ?? null;
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    await this.db.delete(insurerFeed).where(eq(insurerFeed.declarationId, declarationId));
  }
}
