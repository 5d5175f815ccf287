-- Deck checks (MTR 2.8): one player's deck checked at their table, what was found, and the penalty
-- given from a problem (IPG 3.4, 3.5). History: a correction is a new row naming the row it replaces.

-- CreateEnum
CREATE TYPE "DeckCheckOutcome" AS ENUM ('PASSED', 'DECKLIST_PROBLEM', 'DECK_PROBLEM');

-- CreateTable
CREATE TABLE "DeckCheck" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "matchId" TEXT,
    "podId" TEXT,
    "tableNumber" INTEGER NOT NULL,
    "outcome" "DeckCheckOutcome" NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "penaltyId" TEXT,
    "decklistVersion" INTEGER,
    "judgeName" TEXT NOT NULL,
    "createdByStaffId" TEXT,
    "replacesId" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeckCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DeckCheck_penaltyId_key" ON "DeckCheck"("penaltyId");

-- CreateIndex
CREATE UNIQUE INDEX "DeckCheck_replacesId_key" ON "DeckCheck"("replacesId");

-- CreateIndex
CREATE INDEX "DeckCheck_tournamentId_roundId_idx" ON "DeckCheck"("tournamentId", "roundId");

-- CreateIndex
CREATE INDEX "DeckCheck_registrationId_idx" ON "DeckCheck"("registrationId");

-- CreateIndex
CREATE INDEX "DeckCheck_matchId_idx" ON "DeckCheck"("matchId");

-- CreateIndex
CREATE INDEX "DeckCheck_podId_idx" ON "DeckCheck"("podId");

-- CreateIndex
CREATE UNIQUE INDEX "DeckCheck_tournamentId_idempotencyKey_key" ON "DeckCheck"("tournamentId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_penaltyId_fkey" FOREIGN KEY ("penaltyId") REFERENCES "Penalty"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_createdByStaffId_fkey" FOREIGN KEY ("createdByStaffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_replacesId_fkey" FOREIGN KEY ("replacesId") REFERENCES "DeckCheck"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Exactly one of the two: a check is always at one table.
ALTER TABLE "DeckCheck" ADD CONSTRAINT "DeckCheck_match_or_pod" CHECK (("matchId" IS NULL) <> ("podId" IS NULL));

-- A check recorded, corrected or given its penalty changes the round's and the player's pages.
SELECT live_watch('DeckCheck', 'tournamentId');
