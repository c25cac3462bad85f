import { generateKeyPairSync } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Executor } from "~/lib/db.server";
import { signTicketCode } from "./ticket-code";

const door = vi.hoisted(() => ({ keys: [] as { keyId: string; publicKeyPem: string }[] }));
vi.mock("./ticket-keys.server", () => ({ ticketPublicKeys: () => door.keys }));

const { checkTicketCode } = await import("./ticket-check.server");

const ticketId = "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f";
const nightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
const otherNight = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
const shop = generateKeyPairSync("ed25519");
const stranger = generateKeyPairSync("ed25519");

type Row = { state: "valid" | "void"; version: number; eventId?: string };

/** An executor whose one read answers the given row (or none), as drizzle's select chain does. */
function executorWith(row: Row | null) {
  const reads = { count: 0 };
  const chain = {
    from: () => chain,
    innerJoin: () => chain,
    where: async () => {
      reads.count += 1;
      if (!row) return [];
      return [
        {
          ticket: {
            id: ticketId,
            eventId: row.eventId ?? nightId,
            holderFirstName: "Anna",
            holderLastName: "Nowak",
            state: row.state,
            version: row.version,
          },
          typeName: "Pula 1",
        },
      ];
    },
  };
  return { executor: { select: () => chain } as unknown as Executor, reads };
}

const codeOf = (version: number, key = shop.privateKey, night = nightId) =>
  signTicketCode({ ticketId, version, nightId: night }, key);

beforeEach(() => {
  door.keys = [
    { keyId: "shop", publicKeyPem: shop.publicKey.export({ type: "spki", format: "pem" }) as string },
  ];
});

describe("the door's check of a ticket code", () => {
  it("a current code of a valid ticket is valid, with its holder and type", async () => {
    const { executor } = executorWith({ state: "valid", version: 2 });
    expect(await checkTicketCode(executor, codeOf(2), nightId)).toEqual({
      status: "valid",
      ticket: { id: ticketId, holder: "Anna Nowak", typeName: "Pula 1" },
    });
  });

  it("an older version (the ticket since transferred) is outdated, a void ticket void", async () => {
    expect(
      (await checkTicketCode(executorWith({ state: "valid", version: 2 }).executor, codeOf(1), nightId))
        .status,
    ).toBe("outdated");
    expect(
      (await checkTicketCode(executorWith({ state: "void", version: 1 }).executor, codeOf(1), nightId))
        .status,
    ).toBe("void");
  });

  it("a forged code, another key's or another night's is invalid without reading the database", async () => {
    const code = codeOf(1);
    const forged = `${code.slice(0, -2)}${code.at(-2) === "A" ? "B" : "A"}${code.at(-1)}`;
    for (const scanned of [
      forged,
      codeOf(1, stranger.privateKey),
      codeOf(1, shop.privateKey, otherNight),
      "",
      "x".repeat(5000),
    ]) {
      const { executor, reads } = executorWith({ state: "valid", version: 1 });
      expect(await checkTicketCode(executor, scanned, nightId)).toEqual({ status: "invalid" });
      expect(reads.count).toBe(0);
    }
  });

  it("a signed code of no ticket here, or of a row of another night, is unknown", async () => {
    expect(await checkTicketCode(executorWith(null).executor, codeOf(1), nightId)).toEqual({
      status: "unknown",
    });
    const elsewhere = executorWith({ state: "valid", version: 1, eventId: otherNight }).executor;
    expect(await checkTicketCode(elsewhere, codeOf(1), nightId)).toEqual({ status: "unknown" });
  });

  it("a rotated key: codes of either key verify", async () => {
    door.keys = [
      ...door.keys,
      { keyId: "old", publicKeyPem: stranger.publicKey.export({ type: "spki", format: "pem" }) as string },
    ];
    const { executor } = executorWith({ state: "valid", version: 1 });
    expect((await checkTicketCode(executor, codeOf(1, stranger.privateKey), nightId)).status).toBe("valid");
  });
});
