/**
 * A local SMSC for the tests (the `smpp` package's server): accepts a transceiver bind with one
 * password, answers each submit_sm with a message id, reassembles concatenated parts (UDH), and
 * sends a delivery receipt when asked. A test may drop the connection after an answer or before it.
 */
import type { AddressInfo } from 'node:net';
import smpp, { type Pdu, type Session, type Server } from 'smpp';

export interface ReceivedSms {
  readonly to: string;
  readonly from: string;
  readonly dataCoding: number;
  /** The whole text (the parts joined). */
  readonly text: string;
  readonly parts: number;
  /** The SMSC ids given to the parts. */
  readonly ids: readonly string[];
}

export class LocalSmsc {
  /** Every submit_sm, one entry per part. */
  readonly submits: Array<{ readonly id: string; readonly to: string; readonly text: string; readonly dataCoding: number; readonly udh: readonly number[] | null }> = [];
  /** Connections taken (each a try to bind). */
  connections = 0;
  binds = 0;
  refusedBinds = 0;
  /** When each refused bind came (ms): how long the client waited between its tries. */
  readonly refusedBindAt: number[] = [];
  /** Set by a test: what happens at the next submit. */
  next: 'answer' | 'answer-then-drop' | 'drop-before-answer' | 'refuse' = 'answer';
  /** Set by a test: nothing is answered (binds, link checks, unbinds): a link gone silent. */
  silent = false;
  /** Set by a test: a receipt follows each answered part. */
  receipts: 'DELIVRD' | 'UNDELIV' | null = null;
  private seq = 0;

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(credentials = { systemId: 'eid', password: 'secret1' }): Promise<LocalSmsc> {
    let smsc: LocalSmsc | null = null;
    const server = smpp.createServer((session) => smsc?.serve(session, credentials));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    smsc = new LocalSmsc(server, `smpp://${credentials.systemId}:${credentials.password}@127.0.0.1:${port}?source=EID`);
    return smsc;
  }

  /** The messages as the phones get them: the parts of each joined by their UDH reference. */
  messages(): ReceivedSms[] {
    const out: ReceivedSms[] = [];
    const open = new Map<string, Array<{ seq: number; text: string; id: string }>>();
    for (const s of this.submits) {
      if (!s.udh) {
        out.push({ to: s.to, from: 'EID', dataCoding: s.dataCoding, text: s.text, parts: 1, ids: [s.id] });
        continue;
      }
      const [, , ref, total, seq] = s.udh;
      const key = `${s.to}|${ref}|${total}`;
      const parts = open.get(key) ?? [];
      parts.push({ seq: seq ?? 0, text: s.text, id: s.id });
      open.set(key, parts);
      if (parts.length === total) {
        open.delete(key);
        parts.sort((a, b) => a.seq - b.seq);
        out.push({ to: s.to, from: 'EID', dataCoding: s.dataCoding, text: parts.map((p) => p.text).join(''), parts: parts.length, ids: parts.map((p) => p.id) });
      }
    }
    return out;
  }

  /** Writes what no SMPP peer can read (a PDU longer than allowed) on every open connection. */
  garble(): void {
    const header = Buffer.alloc(16);
    header.writeUInt32BE(0x00100000, 0);
    for (const session of this.server.sessions) session.socket.write(header);
  }

  /** Drops every open connection (the network went away). */
  dropAll(): void {
    for (const session of this.server.sessions) session.destroy();
  }

  async stop(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(session: Session, credentials: { systemId: string; password: string }): void {
    this.connections += 1;
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: Pdu) => {
      if (this.silent) return;
      if (pdu.system_id !== credentials.systemId || pdu.password !== credentials.password) {
        this.refusedBinds += 1;
        this.refusedBindAt.push(performance.now());
        session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }));
        session.close();
        return;
      }
      this.binds += 1;
      session.send(pdu.response({ system_id: 'LOCALSMSC' }));
    });
    session.on('enquire_link', (pdu: Pdu) => {
      if (!this.silent) session.send(pdu.response());
    });
    session.on('unbind', (pdu: Pdu) => {
      if (this.silent) return;
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: Pdu) => {
      const next = this.next;
      this.next = 'answer';
      const id = `M${String((this.seq += 1)).padStart(6, '0')}`;
      const sm = pdu.short_message as { message: string; udh?: Buffer[] };
      // The information element of a concatenated part: 00 03 reference total sequence.
      const udh = sm.udh?.[0] ? [...sm.udh[0]] : null;
      this.submits.push({ id, to: String(pdu.destination_addr), text: sm.message, dataCoding: Number(pdu.data_coding), udh });
      if (next === 'drop-before-answer') return session.destroy();
      if (next === 'refuse') return session.send(pdu.response({ command_status: smpp.ESME_RTHROTTLED }));
      session.send(pdu.response({ message_id: id }));
      if (next === 'answer-then-drop') return session.close();
      if (this.receipts) {
        const stat = this.receipts;
        session.deliver_sm({
          source_addr: pdu.destination_addr,
          destination_addr: pdu.source_addr,
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          short_message: `id:${id} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611241200 done date:2611241201 stat:${stat} err:000 text:`,
        });
      }
    });
  }
}
