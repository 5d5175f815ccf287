-- Drops and their undoing (MTR 2.10) as history rows: who dropped a player, who undid it, and when.
-- CreateEnum
CREATE TYPE "DropChangeKind" AS ENUM ('DROPPED', 'UNDONE');

-- CreateTable
CREATE TABLE "DropChange" (
    "id" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "kind" "DropChangeKind" NOT NULL,
    "afterRound" INTEGER NOT NULL,
    "staffId" TEXT,
    "actorName" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DropChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DropChange_registrationId_idx" ON "DropChange"("registrationId");

-- AddForeignKey
ALTER TABLE "DropChange" ADD CONSTRAINT "DropChange_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DropChange" ADD CONSTRAINT "DropChange_staffId_fkey" FOREIGN KEY ("staffId") REFERENCES "StaffMember"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Live pages hear of drops and undos (lib/server/live.ts).
SELECT live_watch('DropChange', 'registrationId');
