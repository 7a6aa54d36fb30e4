/**
 * PV: a driver opens their statement by its link and the preview password (the last 6 characters
 * of the personal code or licence). The captcha first (when on); a link with too many wrong tries
 * is locked for a while (RATE_LIMITED with the time left), counted in the expiring store so a
 * restart lifts nothing; a wrong password, an unknown link and a gone declaration are the one
 * answer PREVIEW_LOAD_FAILED, each taking one password check's time.
 */
import { linkKey, previewLockMs, statementView, type StatementLink, type StatementView } from '@eid/domain';
import type { StatementPorts } from './ports.js';
import { StatementError } from './statement-error.js';
import { isTimes } from '../failure-times.js';

const FAILURES_KEPT_MS = 60 * 60_000;

export interface OpenStatementInput {
  readonly link: StatementLink;
  readonly password: string;
  readonly captcha?: string | undefined;
}

export async function openStatement(ports: StatementPorts, input: OpenStatementInput): Promise<{ readonly statementId: string; readonly view: StatementView }> {
  if (ports.captcha) {
    if (!input.captcha) throw new StatementError('CAPTCHA_REQUIRED');
    if (!(await ports.captcha.verify(input.captcha, 'preview')).valid) throw new StatementError('CAPTCHA_INVALID');
  }
  const key = linkKey(input.link);
  const failuresKey = `preview-fail:${key}`;
  const now = ports.clock.now();
  const stored = await ports.expiring.get(failuresKey);
  const failures = isTimes(stored) ? stored.filter((t) => now - t < FAILURES_KEPT_MS) : [];
  const locked = previewLockMs(failures, now);
  if (locked > 0) throw new StatementError('RATE_LIMITED', locked);
  const found = await ports.statements.findStatement(input.link);
  const right = await ports.hasher.verify(found?.passwordHash ?? ports.dummyHash, input.password).catch(() => false);
  const record = found && right ? await ports.declarations.get(found.declarationId) : null;
  if (!found || !right || !record) {
    await ports.expiring.set(failuresKey, [...failures, now], now + FAILURES_KEPT_MS);
    ports.log('statement not opened', { link: key.slice(0, 8) });
    throw new StatementError('PREVIEW_LOAD_FAILED');
  }
  await ports.expiring.delete(failuresKey);
  return { statementId: found.statementId, view: statementView(record.declaration, found, await ports.insurerClaims(record.declaration, found.party)) };
}
