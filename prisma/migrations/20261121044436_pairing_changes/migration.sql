-- CreateEnum
CREATE TYPE "PairingChangeKind" AS ENUM ('GENERATED', 'SWAPPED');

-- CreateTable
CREATE TABLE "PairingChange" (
    "id" TEXT NOT NULL,
    "roundId" TEXT NOT NULL,
    "kind" "PairingChangeKind" NOT NULL,
    "actorName" TEXT NOT NULL DEFAULT '',
    "before" JSONB,
    "after" JSONB NOT NULL,
    "warnings" JSONB NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PairingChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PairingChange_roundId_idx" ON "PairingChange"("roundId");

-- AddForeignKey
ALTER TABLE "PairingChange" ADD CONSTRAINT "PairingChange_roundId_fkey" FOREIGN KEY ("roundId") REFERENCES "Round"("id") ON DELETE CASCADE ON UPDATE CASCADE;
