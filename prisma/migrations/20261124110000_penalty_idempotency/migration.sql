-- AlterTable: a penalty is recorded once per form submission (issue 9), with the judge's note.
ALTER TABLE "Penalty" ADD COLUMN     "note" TEXT NOT NULL DEFAULT '';
ALTER TABLE "Penalty" ADD COLUMN     "idempotencyKey" TEXT;
UPDATE "Penalty" SET "idempotencyKey" = id WHERE "idempotencyKey" IS NULL;
ALTER TABLE "Penalty" ALTER COLUMN "idempotencyKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Penalty_idempotencyKey_key" ON "Penalty"("idempotencyKey");
