import type { Claim, ClaimQueuePage, ClaimStorePort } from '@eid/domain';

/** A copy as a database would give back (values are plain JSON). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** What the console's search looks in: the number and the culprit's plate, in lower case. */
const matches = (c: Claim, search: string): boolean =>
  (c.number ?? '').toLocaleLowerCase('lt').includes(search) || c.data.culprit.plate.toLocaleLowerCase('lt').includes(search);

/** Newest first by creation (then by id, as the SQL stores). */
const newestFirst = (a: Claim, b: Claim): number => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** UE9: the undecided first, then by submission (a claim never submitted last), then by id. */
const queueOrder = (a: Claim, b: Claim): number =>
  Number(a.state === 'DECIDED') - Number(b.state === 'DECIDED') ||
  (a.submittedAt ?? Infinity) - (b.submittedAt ?? Infinity) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * ClaimStorePort in memory (tests, practice mode; the same contract as the SQL stores). Claims are
 * copied in and out; a save keeps the claim's id, owner and creation time.
 */
export class MemoryClaimStore implements ClaimStorePort {
  private readonly claims = new Map<string, Claim>();

  async create(claim: Claim): Promise<void> {
    if (this.claims.has(claim.id)) throw new Error(`claim ${claim.id} exists`);
    this.claims.set(claim.id, copy(claim));
  }

  async get(id: string): Promise<Claim | null> {
    const claim = this.claims.get(id);
    return claim ? copy(claim) : null;
  }

  async ofAccount(accountId: string): Promise<Claim[]> {
    return copy([...this.claims.values()].filter((c) => c.accountId === accountId).sort(newestFirst));
  }

  async fromDeclaration(accountId: string, declarationId: string): Promise<Claim | null> {
    const claim = [...this.claims.values()].filter((c) => c.accountId === accountId && c.declarationId === declarationId).sort(newestFirst)[0];
    return claim ? copy(claim) : null;
  }

  async save(claim: Claim, expectedVersion: number): Promise<boolean> {
    const stored = this.claims.get(claim.id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.claims.set(claim.id, copy({ ...claim, accountId: stored.accountId, createdAt: stored.createdAt }));
    return true;
  }

  async queue(page: ClaimQueuePage): Promise<{ readonly claims: Claim[]; readonly total: number }> {
    const search = page.search?.trim().toLocaleLowerCase('lt') ?? '';
    const all = [...this.claims.values()].filter((c) => c.state !== 'DRAFT' && (search === '' || matches(c, search))).sort(queueOrder);
    return { claims: copy(all.slice(page.offset, page.offset + page.limit)), total: all.length };
  }
}
