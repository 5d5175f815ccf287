-- Judge calls: a player calls a judge to their table; judges claim and resolve; every call is kept.
-- CreateEnum
CREATE TYPE "JudgeCallFollowUp" AS ENUM ('NONE', 'PENALTY', 'TIME_EXTENSION', 'TIME_SCREEN');

-- CreateTable
CREATE TABLE "JudgeCall" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "tableNumber" INTEGER NOT NULL,
    "calledById" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "idempotencyKey" TEXT NOT NULL,
    "openKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "claimedById" TEXT,
    "claimedByName" TEXT NOT NULL DEFAULT '',
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" TEXT,
    "resolvedByName" TEXT NOT NULL DEFAULT '',
    "followUp" "JudgeCallFollowUp",
    "resolution" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "JudgeCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_idempotencyKey_key" ON "JudgeCall"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "JudgeCall_openKey_key" ON "JudgeCall"("openKey");

-- CreateIndex
CREATE INDEX "JudgeCall_tournamentId_resolvedAt_idx" ON "JudgeCall"("tournamentId", "resolvedAt");

-- CreateIndex
CREATE INDEX "JudgeCall_matchId_idx" ON "JudgeCall"("matchId");

-- CreateIndex
CREATE INDEX "JudgeCall_calledById_idx" ON "JudgeCall"("calledById");

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_calledById_fkey" FOREIGN KEY ("calledById") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_claimedById_fkey" FOREIGN KEY ("claimedById") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgeCall" ADD CONSTRAINT "JudgeCall_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Live pages (the judges' queue, the player's match page) hear of calls (lib/server/live.ts).
SELECT live_watch('JudgeCall', 'tournamentId');
