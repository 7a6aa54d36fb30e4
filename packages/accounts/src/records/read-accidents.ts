/**
 * BR1, BR5: the accidents of the signed-in person: the sent declarations the account took part in
 * (any account, each with its own statement to open), and the bureau's accidents of a verified
 * personal code; the recent ones, newest first.
 */
import { declarationAccident, recentAccidents, type AccidentView, type AccidentsAnswer } from '@eid/domain';
import type { RecordsPorts, RecordsReader } from './ports.js';
import { insurerNames, todayOf } from './shared.js';

export async function readAccidents(ports: RecordsPorts, reader: RecordsReader): Promise<AccidentsAnswer> {
  const name = await insurerNames(ports);
  const eid: AccidentView[] = [];
  for (const { declaration, party } of await ports.seated.ofAccount(reader.id)) {
    const statement = (await ports.statements.statementsFor(declaration.id)).find((s) => s.party === party);
    eid.push(declarationAccident(declaration, party, statement?.statementId ?? null, name));
  }
  const code = reader.personalCode;
  const bureau: AccidentView[] = code === null ? [] : (await ports.bureau.accidentsOf(code)).map((a) => ({ ...a, insurerName: name(a.insurerId), statementId: null }));
  return { verified: code !== null, accidents: recentAccidents([...eid, ...bureau], todayOf(ports)) };
}
