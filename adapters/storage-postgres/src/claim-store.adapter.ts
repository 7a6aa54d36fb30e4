/** ClaimStorePort on PostgreSQL: a claim is one row, written whole by one compare-and-set statement on its version. */
import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Claim, ClaimQueuePage, ClaimStorePort } from '@eid/domain';
import type { PgDatabase } from './database.js';
import { claims } from './schema.js';

/** The row of a claim: the claim and its search column. */
const toRow = (claim: Claim): typeof claims.$inferInsert => ({ ...claim, documents: [...claim.documents], plate: claim.data.culprit.plate.toLocaleLowerCase('lt') });

/** The row without its search column is the claim. */
const toClaim = ({ plate: _plate, ...claim }: typeof claims.$inferSelect): Claim => claim;

export class PgClaimStore implements ClaimStorePort {
  constructor(private readonly db: PgDatabase) {}

  async create(claim: Claim): Promise<void> {
    await this.db.insert(claims).values(toRow(claim));
  }

  async get(id: string): Promise<Claim | null> {
    const [row] = await this.db.select().from(claims).where(eq(claims.id, id));
    return row ? toClaim(row) : null;
  }

  async ofAccount(accountId: string): Promise<Claim[]> {
    const rows = await this.db.select().from(claims).where(eq(claims.accountId, accountId)).orderBy(desc(claims.createdAt), desc(claims.id));
    return rows.map(toClaim);
  }

  async fromDeclaration(accountId: string, declarationId: string): Promise<Claim | null> {
    const [row] = await this.db
      .select()
      .from(claims)
      .where(and(eq(claims.accountId, accountId), eq(claims.declarationId, declarationId)))
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(1);
    return row ? toClaim(row) : null;
  }

  /** The claim's id, owner and creation time stay as created. */
  async save(claim: Claim, expectedVersion: number): Promise<boolean> {
    const { id, accountId: _owner, createdAt: _created, ...changes } = toRow(claim);
    const saved = await this.db
      .update(claims)
      .set(changes)
      .where(and(eq(claims.id, id), eq(claims.version, expectedVersion)))
      .returning({ id: claims.id });
    return saved.length === 1;
  }

  async queue(page: ClaimQueuePage): Promise<{ readonly claims: Claim[]; readonly total: number }> {
    const search = page.search?.trim().toLocaleLowerCase('lt') ?? '';
    // strpos, not LIKE: the search is text, never a pattern.
    const found = search === '' ? undefined : or(sql`strpos(lower(coalesce(${claims.number}, '')), ${search}) > 0`, sql`strpos(${claims.plate}, ${search}) > 0`);
    const where = and(ne(claims.state, 'DRAFT'), found);
    const rows = await this.db
      .select()
      .from(claims)
      .where(where)
      .orderBy(sql`${claims.state} = 'DECIDED'`, sql`${claims.submittedAt} asc nulls last`, asc(claims.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(claims).where(where);
    return { claims: rows.map(toClaim), total: total?.n ?? 0 };
  }
}
