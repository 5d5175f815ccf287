-- CreateEnum
CREATE TYPE "ReadSnapshotKind" AS ENUM ('STANDINGS', 'PAIRINGS_BY_NAME');

-- CreateTable
CREATE TABLE "ReadSnapshot" (
    "tournamentId" TEXT NOT NULL,
    "kind" "ReadSnapshotKind" NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadSnapshot_pkey" PRIMARY KEY ("tournamentId", "kind")
);

-- AddForeignKey
ALTER TABLE "ReadSnapshot" ADD CONSTRAINT "ReadSnapshot_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
