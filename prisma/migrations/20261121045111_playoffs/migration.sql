-- AlterTable
ALTER TABLE "Round" ADD COLUMN     "pairingAlgorithmVersion" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "PlayoffSeed" (
    "phaseId" TEXT NOT NULL,
    "seed" INTEGER NOT NULL,
    "registrationId" TEXT NOT NULL,

    CONSTRAINT "PlayoffSeed_pkey" PRIMARY KEY ("phaseId", "seed")
);

-- CreateIndex
CREATE UNIQUE INDEX "PlayoffSeed_phaseId_registrationId_key" ON "PlayoffSeed"("phaseId", "registrationId");

-- AddForeignKey
ALTER TABLE "PlayoffSeed" ADD CONSTRAINT "PlayoffSeed_phaseId_fkey" FOREIGN KEY ("phaseId") REFERENCES "Phase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlayoffSeed" ADD CONSTRAINT "PlayoffSeed_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
