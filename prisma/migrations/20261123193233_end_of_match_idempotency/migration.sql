-- AlterTable
ALTER TABLE "EndOfMatchEvent" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "EndOfMatchEvent_idempotencyKey_key" ON "EndOfMatchEvent"("idempotencyKey");
