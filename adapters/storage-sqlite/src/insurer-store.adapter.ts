/** InsurerStorePort on SQLite: the insurers' clients and feeds (one process: entries are numbered in the order written). */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { ClientChange, FeedEntry, InsurerClient, InsurerStorePort } from '@eid/domain/insurer';
import type { EidDatabase } from './database.js';
import { insurerClients, insurerFeed } from './schema.js';

export class SqliteInsurerStore implements InsurerStorePort {
  constructor(private readonly db: EidDatabase) {}

  async addClient(client: InsurerClient): Promise<boolean> {
    return this.db.insert(insurerClients).values(client).onConflictDoNothing().run().changes === 1;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    return this.db.select().from(insurerClients).where(eq(insurerClients.id, id)).get() ?? null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return this.db.select().from(insurerClients).orderBy(desc(insurerClients.createdAt), desc(insurerClients.id)).all();
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    if (Object.keys(change).length) this.db.update(insurerClients).set(change).where(eq(insurerClients.id, id)).run();
    return this.clientById(id);
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    if (entries.length === 0) return;
    this.db.insert(insurerFeed).values([...entries]).onConflictDoNothing().run();
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.db
      .select()
      .from(insurerFeed)
      .where(and(eq(insurerFeed.insurerId, insurerId), gt(insurerFeed.seq, afterSeq)))
      .orderBy(asc(insurerFeed.seq))
      .limit(limit)
      .all();
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    return this.db.select().from(insurerFeed).where(and(eq(insurerFeed.insurerId, insurerId), eq(insurerFeed.declarationId, declarationId))).get() ?? null;
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    this.db.delete(insurerFeed).where(eq(insurerFeed.declarationId, declarationId)).run();
  }
}
