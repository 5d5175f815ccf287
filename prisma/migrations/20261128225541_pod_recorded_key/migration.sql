-- AlterTable
ALTER TABLE "Pod" ADD COLUMN     "recordedKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Pod_recordedKey_key" ON "Pod"("recordedKey");
