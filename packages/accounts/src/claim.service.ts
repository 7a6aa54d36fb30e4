/**
 * The victim's claim (issue 17; SPEC UE1-UE10), through ports only: a signed-in victim starts a
 * claim (from a sent declaration in which they were the victim, or typed), the form is saved as it
 * is typed, documents are added by list, the claim is submitted to the competent body; the
 * bureau's console lists the submitted claims and moves their state, each move written to the
 * victim as a chat message. A claim that is not the caller's is CLAIM_NOT_FOUND, as a missing one.
 */
import {
  blankClaimData,
  claimableDeclarations,
  claimRow,
  type ClaimsAnswer,
  bureauMayMove,
  claimDocumentsOpen,
  claimErrors,
  claimFormEditable,
  claimFromDeclaration,
  claimNumber,
  claimDocumentRoom,
  formatDate,
  withCompetence,
  type BureauClaimState,
  type Claim,
  type ClaimData,
  type ClaimDocument,
  type ClaimDocumentKind,
  type ClaimQueuePage,
  type ClaimStorePort,
  type ClockPort,
  type Declaration,
  type IdPort,
  type Party,
} from '@eid/domain';
import type { ChatService } from './chat.service.js';
import { refuseClaim as refuse } from './refusals.js';

/** The sent declarations an account took part in (its seat still its own), with its party. */
export interface VictimDeclarationsPort {
  ofAccount(accountId: string): Promise<ReadonlyArray<{ readonly declaration: Declaration; readonly party: Party }>>;
}

/** UE9: a submitted claim goes to its competent body (a PDF by e-mail through the outbox). */
export interface ClaimDispatchPort {
  submitted(claim: Claim): Promise<void>;
}

export interface ClaimPorts {
  readonly claims: ClaimStorePort;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly chats: ChatService;
  readonly declarations: VictimDeclarationsPort;
  readonly dispatch: ClaimDispatchPort;
  /** A dispatch that failed is logged; the claim stays submitted and in the console's queue. */
  readonly log: (message: string, data: Record<string, unknown>) => void;
}

/** Writes are whole claims by compare-and-set: a change meeting another is applied again on the newer claim. */
const WRITE_ATTEMPTS = 5;

export class ClaimService {
  constructor(private readonly ports: ClaimPorts) {}

  list(accountId: string): Promise<Claim[]> {
    return this.ports.claims.ofAccount(accountId);
  }

  /** UE8: the victim's claims, and the sent declarations they were a victim in with no claim yet. */
  async overview(accountId: string): Promise<ClaimsAnswer> {
    const list = await this.list(accountId);
    const claimed = new Set(list.flatMap((c) => (c.declarationId === null ? [] : [c.declarationId])));
    return { claims: list.map(claimRow), claimable: claimableDeclarations(await this.ports.declarations.ofAccount(accountId), claimed) };
  }

  /** UE8: a claim from a declaration the account was the victim in (the same claim when started again), or a typed one. */
  async start(accountId: string, email: string, declarationId: string | null): Promise<Claim> {
    const { claims, clock, ids } = this.ports;
    let data: ClaimData;
    let party: Party | null = null;
    if (declarationId !== null) {
      const existing = await claims.fromDeclaration(accountId, declarationId);
      if (existing) return existing;
      const found = (await this.ports.declarations.ofAccount(accountId)).find((d) => d.declaration.id === declarationId);
      const prefilled = found ? claimFromDeclaration(found.declaration, found.party, { email }) : null;
      if (!found || !prefilled) refuse('CLAIM_NOT_VICTIM');
      data = prefilled;
      party = found.party;
    } else {
      const blank = blankClaimData();
      data = withCompetence({ ...blank, victim: { ...blank.victim, email } });
    }
    const now = clock.now();
    const claim: Claim = { id: ids.token(), accountId, declarationId, party, state: 'DRAFT', data, documents: [], number: null, chatId: null, version: 1, createdAt: now, updatedAt: now, submittedAt: null };
    await claims.create(claim);
    return claim;
  }

  /** The account's own claim; CLAIM_NOT_FOUND otherwise. */
  async own(accountId: string, claimId: string): Promise<Claim> {
    const claim = await this.ports.claims.get(claimId);
    if (!claim || claim.accountId !== accountId) refuse('CLAIM_NOT_FOUND');
    return claim;
  }

  /** UE3: the form as typed (a draft only); the competence is decided again from it. */
  saveDraft(accountId: string, claimId: string, data: ClaimData): Promise<Claim> {
    return this.change(claimId, accountId, (c) => {
      if (!claimFormEditable(c.state)) refuse('CLAIM_NOT_EDITABLE');
      return { ...c, data: withCompetence(data) };
    });
  }

  /**
   * UE3, UE5: documents of one list arriving with the victim's upload. The claim is decided first —
   * the victim's own, still open, with room — and only then is `intake` called, the port that reads
   * the list's kind and its files and stores the files, told how many files there is room for
   * (`roomOf(kind)`, before the first file): a refused upload is never read, and nothing is stored.
   */
  async receiveDocuments(
    accountId: string,
    claimId: string,
    intake: (room: { readonly total: number; readonly of: (kind: ClaimDocumentKind) => number }) => Promise<{ readonly fields: { readonly kind: ClaimDocumentKind }; readonly files: ReadonlyArray<Omit<ClaimDocument, 'kind' | 'addedAt'>> }>,
  ): Promise<Claim> {
    const claim = await this.own(accountId, claimId);
    if (!claimDocumentsOpen(claim.state)) refuse('CLAIM_NOT_EDITABLE');
    const total = claimDocumentRoom(claim);
    if (total === 0) refuse('CLAIM_TOO_MANY_FILES');
    const { fields, files } = await intake({ total, of: (kind) => claimDocumentRoom(claim, kind) });
    return this.addDocuments(accountId, claimId, fields.kind, files);
  }

  /** UE3, UE5: documents of one list (already checked and stored by the server) until the claim is decided. */
  addDocuments(accountId: string, claimId: string, kind: ClaimDocumentKind, files: ReadonlyArray<Omit<ClaimDocument, 'kind' | 'addedAt'>>): Promise<Claim> {
    const at = this.ports.clock.now();
    return this.change(claimId, accountId, (c) => {
      if (!claimDocumentsOpen(c.state)) refuse('CLAIM_NOT_EDITABLE');
      if (files.length > claimDocumentRoom(c, kind)) refuse('CLAIM_TOO_MANY_FILES');
      return { ...c, documents: [...c.documents, ...files.map((f) => ({ ...f, kind, addedAt: at }))] };
    });
  }

  /** UE3: a document leaves a draft only (a submitted claim's documents were sent). */
  removeDocument(accountId: string, claimId: string, fileId: string): Promise<Claim> {
    return this.change(claimId, accountId, (c) => {
      if (!claimFormEditable(c.state)) refuse('CLAIM_NOT_EDITABLE');
      return { ...c, documents: c.documents.filter((d) => d.fileId !== fileId) };
    });
  }

  /** UE4, UE6, UE9: a complete draft is submitted, numbered and sent to its competent body. */
  async submit(accountId: string, claimId: string): Promise<Claim> {
    const now = this.ports.clock.now();
    const submitted = await this.change(claimId, accountId, (c) => {
      if (!claimFormEditable(c.state)) refuse('CLAIM_NOT_EDITABLE');
      if (Object.keys(claimErrors(c.data, c.documents)).length > 0) refuse('CLAIM_INCOMPLETE');
      return { ...c, state: 'SUBMITTED', data: withCompetence(c.data), number: claimNumber(formatDate(now), c.id), submittedAt: now };
    });
    try {
      await this.ports.dispatch.submitted(submitted);
    } catch (error) {
      this.ports.log('a claim was not sent to its competent body', { claimId, error: error instanceof Error ? error.message : String(error) });
    }
    return submitted;
  }

  /** UE9: the console's queue. */
  queue(page: ClaimQueuePage): Promise<{ readonly claims: Claim[]; readonly total: number }> {
    return this.ports.claims.queue(page);
  }

  async forBureau(claimId: string): Promise<Claim> {
    const claim = await this.ports.claims.get(claimId);
    if (!claim || claim.state === 'DRAFT') refuse('CLAIM_NOT_FOUND');
    return claim;
  }

  /** UE2, UE9: the bureau moves the claim's state; the victim gets the operator's words as a chat message. */
  async setState(claimId: string, to: BureauClaimState, staffName: string, text: string): Promise<Claim> {
    const moved = await this.change(claimId, null, (c) => {
      // A draft is not the bureau's to see: not found, as in the queue.
      if (c.state === 'DRAFT') refuse('CLAIM_NOT_FOUND');
      if (!bureauMayMove(c.state, to)) refuse('CLAIM_STATE_INVALID');
      return { ...c, state: to };
    });
    const { chats } = this.ports;
    if (moved.chatId !== null) {
      await chats.answer(moved.chatId, staffName, text, []);
      return moved;
    }
    // The first change opens the claim's chat; its topic is the claim's number (the same in both languages).
    const chat = await chats.write(moved.accountId, staffName, { topic: moved.number ?? moved.id, text });
    return this.change(claimId, null, (c) => ({ ...c, chatId: c.chatId ?? chat.id }));
  }

  /** Applies `edit` to the stored claim by compare-and-set, again on a newer claim when another write came first. */
  private async change(claimId: string, accountId: string | null, edit: (c: Claim) => Claim): Promise<Claim> {
    const { claims, clock } = this.ports;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt += 1) {
      const current = accountId === null ? await claims.get(claimId) : await this.own(accountId, claimId);
      if (!current) refuse('CLAIM_NOT_FOUND');
      const next = { ...edit(current), version: current.version + 1, updatedAt: clock.now() };
      if (await claims.save(next, current.version)) return next;
    }
    throw new Error('the claim kept changing meanwhile');
  }
}
