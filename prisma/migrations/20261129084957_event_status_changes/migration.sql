-- CreateEnum
CREATE TYPE "EventStatusChangeKind" AS ENUM ('FINISHED', 'REOPENED');

-- CreateTable
CREATE TABLE "EventStatusChange" (
    "id" TEXT NOT NULL,
    "tournamentId" TEXT NOT NULL,
    "kind" "EventStatusChangeKind" NOT NULL,
    "before" "TournamentStatus" NOT NULL,
    "after" "TournamentStatus" NOT NULL,
    "staffId" TEXT,
    "actorName" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EventStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "EventStatusChange_tournamentId_idx" ON "EventStatusChange"("tournamentId");

-- AddForeignKey
ALTER TABLE "EventStatusChange" ADD CONSTRAINT "EventStatusChange_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventStatusChange" ADD CONSTRAINT "EventStatusChange_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Finishing and reopening change the overview on every open page.
SELECT live_watch('EventStatusChange', 'tournamentId');
