-- AlterTable
ALTER TABLE "TimeExtension" ADD COLUMN     "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "TimeExtension_idempotencyKey_key" ON "TimeExtension"("idempotencyKey");
