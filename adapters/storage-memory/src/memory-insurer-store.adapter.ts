import type { ClientChange, FeedEntry, InsurerClient, InsurerStorePort } from '@eid/domain/insurer';

/** InsurerStorePort in memory (tests, the server's memory set-up; the same contract as the SQL stores). Values are copied in and out. */
export class MemoryInsurerStore implements InsurerStorePort {
  private readonly clients = new Map<string, InsurerClient>();
  private readonly entries: FeedEntry[] = [];
  private seq = 0;

  async addClient(client: InsurerClient): Promise<boolean> {
    if (this.clients.has(client.id)) return false;
    this.clients.set(client.id, { ...client });
    return true;
  }

  async clientById(id: string): Promise<InsurerClient | null> {
    const found = this.clients.get(id);
    return found ? { ...found } : null;
  }

  async listClients(): Promise<InsurerClient[]> {
    return [...this.clients.values()].sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id)).map((c) => ({ ...c }));
  }

  async updateClient(id: string, change: ClientChange): Promise<InsurerClient | null> {
    const found = this.clients.get(id);
    if (!found) return null;
    const changed = { ...found, ...change };
    this.clients.set(id, changed);
    return { ...changed };
  }

  async addToFeed(entries: ReadonlyArray<Omit<FeedEntry, 'seq'>>): Promise<void> {
    for (const e of entries) {
      if (this.entries.some((x) => x.insurerId === e.insurerId && x.declarationId === e.declarationId)) continue;
      this.entries.push({ ...e, seq: ++this.seq });
    }
  }

  async feed(insurerId: number, afterSeq: number, limit: number): Promise<FeedEntry[]> {
    return this.entries.filter((e) => e.insurerId === insurerId && e.seq > afterSeq).slice(0, limit).map((e) => ({ ...e }));
  }

  async feedEntry(insurerId: number, declarationId: string): Promise<FeedEntry | null> {
    const found = this.entries.find((e) => e.insurerId === insurerId && e.declarationId === declarationId);
    return found ? { ...found } : null;
  }

  async removeFeedFor(declarationId: string): Promise<void> {
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]!.declarationId === declarationId) this.entries.splice(i, 1);
  }
}
