import { describe, expect, it } from "vitest";
import type {
  DeliveryRecord,
  OutputStorePort,
  StatementRecord,
} from "@eid/domain";

export interface OutputStoreUnderTest {
  readonly output: OutputStorePort;
  close(): Promise<void> | void;
}

/** How long a claimed message stays with the worker that took it. */
const LEASE = 60_000;

const statement = (
  party: "A" | "B",
  declarationId = "decl-out-1",
): StatementRecord => ({
  statementId: `stmt-${declarationId}-${party}-0000000000`,
  suid: `suid-${declarationId}-${party}-0000000000`,
  accidentId: `acc-${declarationId}-000000000000`,
  declarationId,
  party,
  lang: party === "A" ? "lt" : "en",
  passwordHash: `$argon2id$hash-${party}`,
  documents: {
    primary: `${declarationId}-doc${party}0`,
    secondary: `${declarationId}-doc${party}2`,
  },
  createdAt: 1000,
});

const message = (
  key: string,
  at: number,
  declarationId = "decl-out-1",
): DeliveryRecord => ({
  id: `${declarationId}:${key}`,
  declarationId,
  key,
  channel: key.endsWith("sms") ? "sms" : "email",
  to: key.endsWith("sms") ? "+37061234567" : "ona@example.lt",
  subject: key.endsWith("sms") ? null : "Deklaracija",
  text: "Tekstas",
  html: null,
  attachments: key.endsWith("sms")
    ? []
    : [
        {
          filename: "deklaracija.pdf",
          contentType: "application/pdf",
          blobId: `${declarationId}-docB0`,
        },
        {
          filename: "qr.png",
          contentType: "image/png",
          contentBase64: "iVBORw==",
          cid: "qr",
        },
      ],
  state: "PENDING",
  attempts: 0,
  nextAttemptAt: at,
  createdAt: at,
  sentAt: null,
  lastError: null,
});

/** The contract every OutputStorePort adapter must pass (memory, SQLite). */
export function registerOutputStoreContract(
  name: string,
  make: () => Promise<OutputStoreUnderTest> | OutputStoreUnderTest,
): void {
  describe(`output store contract: ${name}`, () => {
    async function withStore(run: (s: OutputStoreUnderTest) => Promise<void>) {
      const s = await make();
      try {
        await run(s);
      } finally {
        await s.close();
      }
    }

    it("[DL2] statements and messages of a declaration are stored together, once: a second save changes nothing", () =>
      withStore(async ({ output }) => {
        await output.saveOutput(
          [statement("A"), statement("B")],
          [message("driver-A-sms", 10), message("driver-B-email", 10)],
        );
        await output.saveOutput(
          [{ ...statement("A"), passwordHash: "other" }],
          [message("insurer-A-email", 11)],
        );
        expect(
          (await output.statementsFor("decl-out-1")).map((s) => [
            s.party,
            s.passwordHash,
          ]),
        ).toEqual([
          ["A", "$argon2id$hash-A"],
          ["B", "$argon2id$hash-B"],
        ]);
        expect(
          (await output.deliveriesFor("decl-out-1")).map((m) => m.key),
        ).toEqual(["driver-A-sms", "driver-B-email"]);
        expect((await output.deliveriesFor("decl-out-1"))[1]).toEqual(
          message("driver-B-email", 10),
        );
      }));

    it("[DL2] a message added after the output is kept once by its id, and claimed like the others", () =>
      withStore(async ({ output }) => {
        await output.saveOutput([statement("A"), statement("B")], [message("driver-A-sms", 10)]);
        await output.addMessages([message("claim-A-2-20", 20)]);
        await output.addMessages([{ ...message("claim-A-2-20", 20), text: "changed" }]);
        expect((await output.deliveriesFor("decl-out-1")).map((m) => [m.key, m.text]).sort()).toEqual([
          ["claim-A-2-20", "Tekstas"],
          ["driver-A-sms", "Tekstas"],
        ]);
        expect((await output.claimDueDeliveries(20, 10, LEASE)).map((m) => m.key)).toEqual(["driver-A-sms", "claim-A-2-20"]);
      }));

    it("[ST1] a statement is found by its SMS id, by its accident and statement ids together, or by its id", () =>
      withStore(async ({ output }) => {
        await output.saveOutput([statement("A"), statement("B")], []);
        const a = statement("A");
        expect(await output.findStatement({ suid: a.suid })).toEqual(a);
        expect(
          await output.findStatement({
            accidentId: a.accidentId,
            statementId: a.statementId,
          }),
        ).toEqual(a);
        expect(
          await output.findStatement({
            accidentId: "acc-other-0000000000000",
            statementId: a.statementId,
          }),
        ).toBeNull();
        expect(
          await output.findStatement({ suid: "suid-unknown-000000000" }),
        ).toBeNull();
        expect(await output.statementById(statement("B").statementId)).toEqual(
          statement("B"),
        );
      }));

    it("[DL2] due messages oldest first; sent, retried and failed states; a sent message is never due again", () =>
      withStore(async ({ output }) => {
        await output.saveOutput(
          [statement("A")],
          [
            message("driver-A-sms", 20),
            message("driver-B-email", 10),
            message("insurer-A-email", 30),
          ],
        );
        expect(
          (await output.claimDueDeliveries(25, 1, LEASE)).map((m) => m.key),
        ).toEqual(["driver-B-email"]);
        // A claimed message is not handed out again while its lease runs.
        expect(
          (await output.claimDueDeliveries(25, 10, LEASE)).map((m) => m.key),
        ).toEqual(["driver-A-sms"]);
        expect(await output.claimDueDeliveries(26, 10, LEASE)).toEqual([]);
        await output.markSent("decl-out-1:driver-B-email", 26);
        await output.markRetry(
          "decl-out-1:driver-A-sms",
          1,
          100,
          "gateway down",
        );
        expect(
          (await output.claimDueDeliveries(99, 10, LEASE)).map((m) => m.key),
        ).toEqual(["insurer-A-email"]);
        await output.markFailed(
          "decl-out-1:insurer-A-email",
          20,
          "mailbox unavailable",
        );
        // A late retry mark never reopens a sent message.
        await output.markRetry("decl-out-1:driver-B-email", 5, 0, "late");
        const all = Object.fromEntries(
          (await output.deliveriesFor("decl-out-1")).map((m) => [m.key, m]),
        );
        expect(all["driver-B-email"]).toMatchObject({
          state: "SENT",
          sentAt: 26,
          attempts: 0,
          lastError: null,
        });
        expect(all["driver-A-sms"]).toMatchObject({
          state: "PENDING",
          attempts: 1,
          nextAttemptAt: 100,
          lastError: "gateway down",
        });
        expect(all["insurer-A-email"]).toMatchObject({
          state: "FAILED",
          attempts: 20,
          lastError: "mailbox unavailable",
        });
        expect(
          (await output.claimDueDeliveries(1000, 10, LEASE)).map((m) => m.key),
        ).toEqual(["driver-A-sms"]);
        // Its sender died: after the lease another worker gets it.
        expect(
          (await output.claimDueDeliveries(1000 + LEASE, 10, LEASE)).map(
            (m) => m.key,
          ),
        ).toEqual(["driver-A-sms"]);
      }));

    it("[DL2] two workers claiming at once never get the same message", () =>
      withStore(async ({ output }) => {
        const many = Array.from({ length: 30 }, (_, i) =>
          message(`m-${String(i).padStart(2, "0")}`, i),
        );
        await output.saveOutput([statement("A")], many);
        const claims = await Promise.all([
          output.claimDueDeliveries(100, 12, LEASE),
          output.claimDueDeliveries(100, 12, LEASE),
          output.claimDueDeliveries(100, 12, LEASE),
        ]);
        const ids = claims.flat().map((m) => m.id);
        expect(ids).toHaveLength(30);
        expect(new Set(ids).size).toBe(30);
      }));

    it("[DL2] two declarations keep their own statements and messages", () =>
      withStore(async ({ output }) => {
        await output.saveOutput(
          [statement("A", "decl-out-1")],
          [message("driver-A-sms", 1, "decl-out-1")],
        );
        await output.saveOutput(
          [statement("A", "decl-out-2")],
          [message("driver-A-sms", 1, "decl-out-2")],
        );
        expect(
          (await output.statementsFor("decl-out-2")).map((s) => s.statementId),
        ).toEqual([statement("A", "decl-out-2").statementId]);
        expect(
          (await output.claimDueDeliveries(5, 10, LEASE))
            .map((m) => m.id)
            .sort(),
        ).toEqual(["decl-out-1:driver-A-sms", "decl-out-2:driver-A-sms"]);
        await expect(
          output.saveOutput(
            [statement("A", "decl-out-3"), statement("B", "decl-out-4")],
            [],
          ),
        ).rejects.toThrow();
      }));

    it("[SF2] the console's received declarations: one row each, newest first, a page at a time, searched by the accident number's beginning", () =>
      withStore(async ({ output }) => {
        for (const [i, id] of ["decl-r1", "decl-r2", "decl-r3"].entries()) {
          const at = (s: StatementRecord): StatementRecord => ({
            ...s,
            createdAt: 1000 + i,
            accidentId: `EID-${id}`,
          });
          await output.saveOutput(
            [at(statement("A", id)), at(statement("B", id))],
            [],
          );
        }
        const first = await output.received({ limit: 2, offset: 0 });
        expect(first).toEqual({
          total: 3,
          declarations: [
            {
              declarationId: "decl-r3",
              accidentId: "EID-decl-r3",
              receivedAt: 1002,
            },
            {
              declarationId: "decl-r2",
              accidentId: "EID-decl-r2",
              receivedAt: 1001,
            },
          ],
        });
        expect(
          (await output.received({ limit: 2, offset: 2 })).declarations.map(
            (d) => d.declarationId,
          ),
        ).toEqual(["decl-r1"]);
        expect(
          await output.received({
            limit: 10,
            offset: 0,
            search: "EID-decl-r2",
          }),
        ).toEqual({
          total: 1,
          declarations: [
            {
              declarationId: "decl-r2",
              accidentId: "EID-decl-r2",
              receivedAt: 1001,
            },
          ],
        });
        expect(
          (
            await output.received({
              limit: 10,
              offset: 0,
              search: "x' or 1=1 --",
            })
          ).total,
        ).toBe(0);
      }));

    it("[RT1] a declaration’s statements and messages are forgotten together; another’s stay", () =>
      withStore(async ({ output }) => {
        await output.saveOutput(
          [statement("A", "decl-out-1")],
          [message("driver-A-sms", 1, "decl-out-1")],
        );
        await output.saveOutput(
          [statement("A", "decl-out-2")],
          [message("driver-A-sms", 1, "decl-out-2")],
        );
        await output.removeFor("decl-out-1");
        expect(await output.statementsFor("decl-out-1")).toEqual([]);
        expect(await output.deliveriesFor("decl-out-1")).toEqual([]);
        expect(
          await output.findStatement({
            suid: statement("A", "decl-out-1").suid,
          }),
        ).toBeNull();
        expect(await output.statementsFor("decl-out-2")).toHaveLength(1);
      }));
  });
}
