import { afterAll, describe, expect, it, vi } from "vitest";
import { prisma } from "./db";

afterAll(() => prisma.$disconnect());

/** pg's notice for a query handed to a connection that is still running one (pg@9 refuses it). */
const QUEUED_QUERY = /already executing a query/;

describe("the queries of one transaction", () => {
  it("reach its connection one at a time, however they are awaited", async () => {
    const tournament = await prisma.tournament.create({
      data: { name: `In turn ${Math.random()}`, format: "" },
      select: { id: true },
    });
    const warnings = vi.spyOn(process, "emitWarning");
    try {
      const [counted, withRelations] = await prisma.$transaction(async (tx) =>
        Promise.all([
          Promise.all([
            tx.tournament.count({ where: { id: tournament.id } }),
            tx.round.count({ where: { tournamentId: tournament.id } }),
          ]),
          // Prisma reads each relation of an include in a query of its own, all at once.
          tx.tournament.findUniqueOrThrow({
            where: { id: tournament.id },
            select: { rounds: { select: { id: true } }, staff: { select: { id: true } } },
          }),
        ]),
      );
      expect(counted).toEqual([1, 0]);
      expect(withRelations).toEqual({ rounds: [], staff: [] });
      const notices = warnings.mock.calls.map(([warning]) => String(warning));
      expect(notices.filter((notice) => QUEUED_QUERY.test(notice))).toEqual([]);
    } finally {
      warnings.mockRestore();
    }
  });
});
