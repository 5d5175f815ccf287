-- AlterTable
ALTER TABLE "Pod" ADD COLUMN     "bracketSlot" TEXT;

-- CreateTable
CREATE TABLE "PodReport" (
    "id" TEXT NOT NULL,
    "podId" TEXT NOT NULL,
    "registrationId" TEXT NOT NULL,
    "outcome" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PodReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PodReport_idempotencyKey_key" ON "PodReport"("idempotencyKey");

-- CreateIndex
CREATE INDEX "PodReport_podId_createdAt_idx" ON "PodReport"("podId", "createdAt");

-- AddForeignKey
ALTER TABLE "PodReport" ADD CONSTRAINT "PodReport_podId_fkey" FOREIGN KEY ("podId") REFERENCES "Pod"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PodReport" ADD CONSTRAINT "PodReport_registrationId_fkey" FOREIGN KEY ("registrationId") REFERENCES "Registration"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Live pages hear players' pod reports.
SELECT live_watch('PodReport', 'registrationId');
