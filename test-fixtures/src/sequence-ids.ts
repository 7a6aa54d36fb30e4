import type { IdPort } from '@eid/domain';

/** Deterministic ids and "random" numbers, so a test can name what it expects. */
export class SequenceIds implements IdPort {
  private tokens = 0;
  private draws = 0;
  /** `randoms` are returned in turn, cycling; each must be in [0, 1). */
  constructor(private readonly randoms: readonly number[] = [0.5]) {}
  token(): string {
    this.tokens += 1;
    return `tok${String(this.tokens).padStart(29, '0')}`;
  }
  random(): number {
    const value = this.randoms[this.draws % this.randoms.length] ?? 0;
    this.draws += 1;
    return value;
  }
}
