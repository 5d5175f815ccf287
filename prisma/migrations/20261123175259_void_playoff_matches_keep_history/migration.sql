-- History rows (reports, result changes, games, end-of-match log, penalties, time extensions)
-- must never go with their match: deleting a match that has any now fails. A playoff match made
-- moot by an upstream correction is voided (voidedAt) instead of deleted; voidSequence lets a new
-- match take the voided one's table.

-- DropForeignKey
ALTER TABLE "Game" DROP CONSTRAINT "Game_matchId_fkey";

-- DropForeignKey
ALTER TABLE "MatchReport" DROP CONSTRAINT "MatchReport_matchId_fkey";

-- DropForeignKey
ALTER TABLE "ResultChange" DROP CONSTRAINT "ResultChange_matchId_fkey";

-- DropForeignKey
ALTER TABLE "TimeExtension" DROP CONSTRAINT "TimeExtension_matchId_fkey";

-- DropForeignKey
ALTER TABLE "EndOfMatchEvent" DROP CONSTRAINT "EndOfMatchEvent_matchId_fkey";

-- DropForeignKey
ALTER TABLE "Penalty" DROP CONSTRAINT "Penalty_matchId_fkey";

-- DropIndex
DROP INDEX "Match_roundId_tableNumber_key";

-- AlterEnum
ALTER TYPE "ResultChangeKind" ADD VALUE 'VOIDED';

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "voidedAt" TIMESTAMP(3),
ADD COLUMN     "voidSequence" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Match_roundId_tableNumber_voidSequence_key" ON "Match"("roundId", "tableNumber", "voidSequence");

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchReport" ADD CONSTRAINT "MatchReport_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResultChange" ADD CONSTRAINT "ResultChange_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TimeExtension" ADD CONSTRAINT "TimeExtension_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EndOfMatchEvent" ADD CONSTRAINT "EndOfMatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Penalty" ADD CONSTRAINT "Penalty_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
